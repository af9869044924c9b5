import type { ReactNode } from 'react';
import type { DepartRef } from '@/api/contract/session.ts';
import { FilterBar } from '@/kit/list/filter-bar.tsx';
import type { Filters } from '@/kit/list/use-filters.ts';
import { FilterInput } from './record-filter-input.tsx';
import type { MetaFieldRow, MetaRecord, RecordSchema } from '@/api/contract/records.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import type { ViewProps } from '../view-props.ts';
import { useT } from '@/i18n/use-t.ts';
import { useStyles } from './records-styles.ts';
import { WIDTH } from './record-show.tsx';
import { sortableBy } from '@/api/rules/record-rules.ts';

type Show = (f: MetaFieldRow, r: MetaRecord) => string;

/** A record's title: its first text field (else its first field), as the list and the confirmations name it. */
export const recordTitle = (fields: readonly MetaFieldRow[], show: Show) => (r: MetaRecord) => {
  const first = fields.find((x) => x.type === 'text') ?? fields[0];
  return first ? show(first, r) : `#${r.id}`;
};

/** The records list's columns: each list field of the table (images as thumbnails), then 详情, 编辑 and 删除. */
export function useRecordColumns(opts: {
  schema: RecordSchema;
  /** the list's count: past 10,000 rows a field without an index offers no sort (sortableBy) */
  counted: { count: number; countEstimated?: boolean };
  route: ViewProps['route'];
  show: Show;
  detail: (r: MetaRecord) => void;
  edit: (r: MetaRecord) => void;
  remove: (r: MetaRecord) => void;
}): Column<MetaRecord>[] {
  const s = useStyles();
  const t = useT();
  const { table, fields, codes } = opts.schema;
  const { show } = opts;
  return [
    ...fields
      .filter((x) => x.listColumn)
      .map((x): Column<MetaRecord> => ({
        key: x.name,
        title: x.label,
        width: WIDTH[x.type],
        sortable: sortableBy(x, opts.counted),
        render: (r) =>
          x.type === 'image' && typeof r.values[x.name] === 'string' ? (
            <img className={s.thumb} src={r.values[x.name] as string} alt={x.label} />
          ) : (
            show(x, r)
          ),
        ellipsis: x.type === 'text' || x.type === 'reference' ? (r) => show(x, r) : undefined,
      })),
    actionsColumn({
      name: recordTitle(fields, show),
      actions: (r) => [
        { code: `${table.name}:detail`, label: t('detail'), read: true, run: () => opts.detail(r) },
        { code: codes.edit, label: t('edit'), run: () => opts.edit(r) },
        { code: codes.del, label: t('delete'), run: () => opts.remove(r) },
      ],
    }),
  ];
}

/** What 详情 lists: every field (an image as a picture), then when the record was made and last changed. */
export function recordDetailItems(
  fields: readonly MetaFieldRow[],
  detail: MetaRecord,
  show: Show,
  labels: { createdAt: string; updatedAt: string },
): Array<readonly [string, ReactNode]> {
  const datetime = (name: string, value: string) =>
    show({ ...fields[0], name, type: 'datetime' }, { ...detail, values: { [name]: value } });
  return [
    ...fields.map(
      (x) =>
        [
          x.label,
          x.type === 'image' && typeof detail.values[x.name] === 'string' ? (
            <img src={detail.values[x.name] as string} alt={x.label} style={{ maxWidth: 160 }} />
          ) : (
            show(x, detail)
          ),
        ] as const,
    ),
    [labels.createdAt, datetime('__c', detail.createdAt)] as const,
    [labels.updatedAt, datetime('__u', detail.updatedAt)] as const,
  ];
}

/** The list's filter bar: one input a searchable field (a choice for options, references and departments). */
export function RecordFilters(props: {
  fields: readonly MetaFieldRow[];
  tableId: number;
  departs: readonly DepartRef[];
  filters: Filters;
}) {
  const { fields, filters } = props;
  if (!fields.length) return null;
  return (
    <FilterBar onSearch={filters.search} onReset={filters.reset}>
      {fields.map((x) => (
        <FilterInput
          key={x.name}
          field={x}
          tableId={props.tableId}
          departs={props.departs}
          value={filters.draft[x.name] ?? ''}
          onChange={(v) => filters.edit(x.name, v)}
        />
      ))}
    </FilterBar>
  );
}
