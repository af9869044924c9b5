import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  detail: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    margin: 0,
  },
  dd: { margin: 0 },
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
  return (
    <Dialog open={items !== null} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <p>{intro}</p>
            <dl className={s.detail}>
              {(items ?? []).map((item) => (
                <div key={item.label} style={{ display: 'contents' }}>
                  <dt>{item.label}</dt>
                  <dd className={s.dd}>
                    <span className={s.secret} data-testid={item.testId}>
                      {item.value}
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() =>
                void navigator.clipboard?.writeText((items ?? []).map((i) => i.value).join(' ')).then(
                  () => notify(t('copied'), 'success'),
                  () => notify(t('copyFailed'), 'warning'),
                )
              }
            >
              {t('copy')}
            </Button>
            <Button appearance="primary" onClick={onDone}>
              {t('iHaveNotedIt')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
