import { makeStyles, tokens } from '@fluentui/react-components';
import { ConfirmDialog } from '@/kit/page/confirm.tsx';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalS} 0 0`, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '40vh', overflowY: 'auto' },
});

/**
 * Before a tree of pages and buttons is saved (a role's permissions, a tenant's pages): what will be added and
 * removed, entry by entry, then 确定 or 取消.
 */
export function ChangesDialog({
  open,
  summary,
  note,
  diff,
  saving,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  summary: string;
  /** a consequence worth saying (a removed page leaves the tenant's roles) */
  note?: string;
  diff: { added: readonly string[]; removed: readonly string[] };
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const s = useStyles();
  const t = useT();
  return (
    <ConfirmDialog open={open} message={summary} busy={saving} onConfirm={onConfirm} onCancel={onCancel}>
      {note && <p>{note}</p>}
      <ul className={s.list}>
        {diff.added.map((name, i) => (
          <li key={`a${i}`}>{t('labelValue', { label: t('added'), value: name })}</li>
        ))}
        {diff.removed.map((name, i) => (
          <li key={`r${i}`}>{t('labelValue', { label: t('removed'), value: name })}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
