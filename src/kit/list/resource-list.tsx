import type { ReactNode } from 'react';
import type { DataTableProps } from '../table/data-table.tsx';
import { ToolTable } from '../table/tool-table.tsx';
import { FilterFields, emptyState, type FilterField } from './filter-bar.tsx';
import { Pagination } from './pagination.tsx';
import type { ListData } from './use-list.ts';
import type { Filters } from './use-filters.ts';
import { nextSort } from './list-query.ts';
import { useT } from '@/i18n/use-t.ts';
import { PermissionButton, usePageTitle } from '@/shell/session/permission-button.tsx';
import { usePrimaryButton } from '../page/resource-page.tsx';

export interface ResourceListProps<T, K extends string | number> extends Omit<
  DataTableProps<T, K>,
  'rows' | 'data' | 'empty' | 'loading' | 'failed' | 'label' | 'rowKey'
> {
  /** the list's filters, sort and page in the address (useFilters); none: a list loaded whole, without a pager */
  filters?: Filters;
  /** the filter fields the bar shows; none: no filter bar */
  fields?: readonly FilterField[];
  /** between the filters and the table: a batch bar, a list's own buttons */
  toolbar?: ReactNode;
  data: ListData<T, unknown>;
  /**
   * an empty list's words: `reason`, and `action` (a button), or `offerMain` to offer the page's main button (新增 …)
   * again; with a filter applied it says `filteredReason` (by default 没有符合条件的数据) and offers 重置
   */
  empty: { reason: string; filteredReason?: string; action?: ReactNode; offerMain?: boolean };
  /** the table's name (its settings are kept under it): the page's title unless it says otherwise */
  label?: string;
  /** a row's key: its `id` unless it says otherwise */
  rowKey?: (row: T) => K;
}

/**
 * A list page's body, declared: its filter fields, then the table of its columns, then the pager, all bound to
 * the list's state in the address (sorting a sortable column too), with the table's tools (refresh, density, columns,
 * full screen) kept per user. refine's and react-admin's `<List>` show the idea; the page declares what is
 * its own (columns, fields, the empty words) and the kit renders the rest alike everywhere.
 * @example <ResourceList filters={filters} fields={FIELDS} columns={columns} data={data} empty={{ reason: t('emptyTenants') }} />
 */
export function ResourceList<T, K extends string | number>({
  filters,
  fields,
  toolbar,
  data,
  empty,
  label: named,
  ...table
}: ResourceListProps<T, K>) {
  const t = useT();
  const page = usePageTitle();
  const label = named ?? page;
  const primary = usePrimaryButton();
  return (
    <>
      {fields && filters && <FilterFields filters={filters} fields={fields} />}
      {toolbar}
      <ToolTable
        {...(filters && {
          sortField: filters.list.sortField,
          sortOrder: filters.list.sortOrder,
          onSort: (field: string) => filters.setList(nextSort(filters.list, field)),
        })}
        {...table}
        label={label}
        data={data}
        empty={emptyState(filters, {
          filteredReason: t('emptyFiltered'),
          ...empty,
          action:
            empty.action ??
            (empty.offerMain && primary && (
              <PermissionButton code={primary.code} onClick={primary.run}>
                {primary.label}
              </PermissionButton>
            )),
        })}
        footer={
          filters && (
            <Pagination
              count={data.count}
              estimated={Boolean((data.answer as { countEstimated?: boolean } | null)?.countEstimated)}
              page={filters.list.page}
              size={filters.list.size}
              onChange={(c) => filters.setList(c)}
            />
          )
        }
      />
    </>
  );
}
