import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { DialogShell } from './dialog-shell.tsx';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** Terms and their values in two columns (a row's 详情, what is shown once). */
export function TermList({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  const s = useStyles();
  return (
    <dl className={s.list}>
      {items.map(([term, value], i) => (
        <div key={`${i}:${term}`} style={{ display: 'contents' }}>
          <dt className={s.term}>{term}</dt>
          <dd className={s.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A row's facts, term by term, in a dialog closed with 关闭 (or Escape); focus goes back to the row's button.
 * `items` null: closed.
 */
export function DetailDialog({
  title,
  items,
  onClose,
}: {
  title: string;
  items: ReadonlyArray<readonly [string, ReactNode]> | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogShell open={items !== null} title={title} onClose={onClose} actions={<Button onClick={onClose}>{t('close')}</Button>}>
      {items && <TermList items={items} />}
    </DialogShell>
  );
}
