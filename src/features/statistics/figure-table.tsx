import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    '& th, & td': {
      textAlign: 'start',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    },
    '& td:not(:first-child), & th:not(:first-child)': { textAlign: 'end' },
    '& caption': { textAlign: 'start', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalS} 0` },
  },
});

/** A column of a figures table: its heading and what a row shows under it. */
export type FigureColumn<R, V extends ReactNode = ReactNode> = readonly [heading: string, cell: (row: R) => V];

/**
 * The figures behind a chart as a plain table (what a screen reader and a copy reach): a caption, headings, one row
 * per item, 无 when there is none. A row is keyed by its first column, the item it describes (a store, a day).
 */
export function FigureTable<R>({ caption, columns, rows }: { caption: string; columns: readonly FigureColumn<R>[]; rows: readonly R[] }) {
  const s = useStyles();
  const t = useT();
  return (
    <table className={s.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map(([heading]) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(columns[0][1](r))}>
            {columns.map(([heading, cell]) => (
              <td key={heading}>{cell(r)}</td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length}>{t('none')}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
