import { useEffect, useState, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { TableTools, useTablePrefs } from './table-tools.tsx';
import { titled } from './table-prefs.ts';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  // Full screen: the table and its pager over the whole window (Escape or the button brings it back).
  fullscreen: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    overflow: 'auto',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/** A row's key when a table names none: its `id`. */
export const byId = <T, K>(row: T) => (row as { id: K }).id;

/** A kit table's props: a row's key is its `id` unless the table says otherwise. */
export type KeyedTableProps<T, K extends string | number> = Omit<DataTableProps<T, K>, 'rowKey'> & { rowKey?: (row: T) => K };

/**
 * A table with its tools above it (refresh, density, columns shown and their order, full screen) and the user's
 * choices kept under its label: every list's table, a page's main list, a sub-list or a drawer's. `footer` (a pager)
 * goes full screen with the table.
 * @example <ToolTable label={t('sessions')} columns={columns} data={data} />
 */
export function ToolTable<T, K extends string | number>({
  footer,
  onRefresh,
  inDrawer,
  rowKey = byId,
  ...table
}: KeyedTableProps<T, K> & {
  footer?: ReactNode;
  /** reloads rows given as `rows` (a `data` list reloads itself) */
  onRefresh?: () => void;
  /** a drawer's table: no full screen (a fixed box cannot leave the drawer's surface) */
  inDrawer?: boolean;
}) {
  const s = useStyles();
  const t = useT();
  const { prefs, change, shown } = useTablePrefs(table.label, table.columns);
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullscreen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen]);
  return (
    <div className={fullscreen ? s.fullscreen : undefined} {...(fullscreen ? { role: 'dialog', 'aria-label': table.label } : {})}>
      <TableTools
        columns={titled(table.columns, t('actions'))}
        prefs={prefs}
        onChange={change}
        onRefresh={onRefresh ?? table.data?.reload}
        fullscreen={fullscreen}
        onFullscreen={inDrawer ? undefined : setFullscreen}
      />
      <DataTable
        {...table}
        rowKey={rowKey}
        columns={shown}
        density={prefs.density}
        onResize={(key, width) => change({ ...prefs, widths: { ...prefs.widths, [key]: width } })}
      />
      {footer}
    </div>
  );
}
