import { Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t.ts';

/** Rows of a step (prizes, channels) edited in place: each row's fields and 删除, then one button adding a blank row. */
export function RowList<R extends object>({
  rows,
  className,
  blank,
  addLabel,
  onChange,
  children,
}: {
  rows: R[];
  className: string;
  blank: R;
  addLabel: string;
  onChange: (rows: R[]) => void;
  children: (row: R, i: number, set: (patch: Partial<R>) => void) => ReactNode;
}) {
  const t = useT();
  return (
    <div>
      {rows.map((row, i) => (
        <div key={i} className={className}>
          {children(row, i, (patch) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))))}
          <Button onClick={() => onChange(rows.filter((_, j) => j !== i))}>{t('delete')}</Button>
        </div>
      ))}
      <Button onClick={() => onChange([...rows, { ...blank }])}>{addLabel}</Button>
    </div>
  );
}
