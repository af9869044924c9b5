import { useMemo } from 'react';
import type { recordApi } from '@/api/table/records.ts';
import type { Bound } from '@/api/client.ts';
import type { RecordSchema } from '@/api/contract/records.ts';
import { SessionContext } from '@/shell/session/session-context.ts';
import type { Filters } from '@/kit/list/use-filters.ts';
import { listed, usePageData } from '@/kit/list/use-list.ts';

/** The departments a record may name: all of them for userType 0, else the user's scope (the server refuses others). */
export function useScopedDeparts() {
  const me = SessionContext.useSelector((st) => st.context.userInfo);
  return useMemo(() => {
    const all = me?.allDepartList ?? [];
    return me?.userType === 0 ? all : all.filter((d) => me?.departmentPermission?.includes(d.id) ?? true);
  }, [me]);
}

/** A table's records as the list's filters, sort and page ask for them; `query` is what the export sends too. */
export function useRecordList(calls: Bound<typeof recordApi>, schema: RecordSchema, filters: Filters) {
  const { list } = filters;
  const f = list.filters;
  const query = {
    filters: Object.fromEntries(Object.entries(f).filter(([, v]) => v)),
    sortField: list.sortField ?? undefined,
    sortOrder: list.sortOrder ?? undefined,
  };
  const data = usePageData(list, (page) => calls.list({ tableId: schema.table.id, ...page, ...query }).then(listed), [
    calls,
    schema.table.id,
    list.sortField,
    list.sortOrder,
    JSON.stringify(f),
  ]);
  return { data, query };
}
