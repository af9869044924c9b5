import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';

/** A column of a figures table: its heading and what a row shows under it. */
export type FigureColumn<R> = readonly [heading: string, cell: (row: R) => ReactNode];

/**
 * The figures behind a chart as a plain table (what a screen reader and a copy reach): a caption, headings, one row
 * per item, 无 when there is none.
 */
export function FigureTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  className,
}: {
  caption: string;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  className?: string;
}) {
  const t = useT();
  return (
    <table className={className}>
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
          <tr key={rowKey(r)}>
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
