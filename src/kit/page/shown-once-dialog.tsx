import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';
import { DialogShell } from './dialog-shell.tsx';
import { TermList } from './detail-dialog.tsx';

const useStyles = makeStyles({
  secret: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    wordBreak: 'break-all',
    userSelect: 'all',
  },
});

export interface ShownOnceDialogProps {
  /** the items to show (label, value, and a test id for the secret one); null: closed */
  items: ReadonlyArray<{ label: string; value: string; testId?: string }> | null;
  title: string;
  /** why it is shown now and never again */
  intro: ReactNode;
  onDone: () => void;
}

/**
 * Something the server gives only once (a first admin's initial password, an API key): shown in an alert dialog
 * with a copy action, closed only by saying it was noted. Nothing of it is kept in the page afterwards.
 */
export function ShownOnceDialog({ items, title, intro, onDone }: ShownOnceDialogProps) {
  const s = useStyles();
  const t = useT();
  const notify = useNotify();
  const copy = () =>
    void navigator.clipboard?.writeText((items ?? []).map((i) => i.value).join(' ')).then(
      () => notify(t('copied'), 'success'),
      () => notify(t('copyFailed'), 'warning'),
    );
  return (
    <DialogShell
      open={items !== null}
      title={title}
      alert
      onClose={onDone}
      actions={
        <>
          <Button onClick={copy}>{t('copy')}</Button>
          <Button appearance="primary" onClick={onDone}>
            {t('iHaveNotedIt')}
          </Button>
        </>
      }
    >
      <p>{intro}</p>
      <TermList
        items={(items ?? []).map((item) => [
          item.label,
          <span key={item.label} className={s.secret} data-testid={item.testId}>
            {item.value}
          </span>,
        ])}
      />
    </DialogShell>
  );
}
