import { makeStyles, tokens } from '@fluentui/react-components';
import { type ReactNode } from 'react';
import { nextDay, startOfDay } from '@/lib/days.ts';
import { useTimeZone } from '@/shell/time-zone.ts';
import { type Column } from '@/kit/table/data-table.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { type FilterField } from '@/kit/list/filter-bar.tsx';
import type { Filters } from '@/kit/list/use-filters.ts';
import { usePageData } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';

export const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalS },
});

export interface TabProps {
  filters: Filters;
  /** the tab's name: its table's accessible name */
  label: string;
}

/** The list's date filters (tenant days, inclusive) as instants for the server. */
export function range(f: Record<string, string>, zone: string): { from?: string; to?: string } {
  return {
    ...(f.from ? { from: startOfDay(f.from, zone) ?? undefined } : {}),
    ...(f.to ? { to: startOfDay(nextDay(f.to), zone) ?? undefined } : {}),
  };
}

/** What every log tab is: its filters (with the date range unless `dates` is false), a table and a pager. */
export function LogList<T>({
  filters,
  label,
  fields,
  dates = true,
  load,
  columns,
  rowKey,
  toolbar,
}: TabProps & {
  fields: FilterField[];
  dates?: boolean;
  /** a page of rows for the applied filters; `range` holds the date range as instants */
  load: (
    f: Record<string, string>,
    page: { pageNum: number; pageSize: number; from?: string; to?: string },
  ) => Promise<{ rows: T[]; count: number }>;
  columns: Column<T>[];
  /** a row's key: its id unless it says otherwise */
  rowKey?: (row: T) => string | number;
  /** buttons above the table; a function gets the list's count (an export chooses the browser or a job by it) */
  toolbar?: ReactNode | ((count: number) => ReactNode);
}) {
  const t = useT();
  const s = useStyles();
  const zone = useTimeZone();
  const { list } = filters;
  const f = list.filters;
  const data = usePageData(list, (page) => load(f, { ...page, ...(dates ? range(f, zone) : {}) }), [JSON.stringify(f), zone]);
  const dateFields: FilterField[] = dates
    ? [{ name: 'from', label: t('fromDate'), kind: 'dateRange', to: 'to', toLabel: t('toDate') }]
    : [];
  return (
    <>
      <ResourceList
        filters={filters}
        fields={[...fields, ...dateFields]}
        toolbar={toolbar && <div className={s.toolbar}>{typeof toolbar === 'function' ? toolbar(data.count) : toolbar}</div>}
        label={label}
        columns={columns}
        data={data}
        rowKey={rowKey}
        empty={{ reason: t('emptyFiltered') }}
      />
    </>
  );
}
