import { useEffect, useState } from 'react';
import type { ListState } from './list-query.ts';
import { useListState } from './use-list.ts';

export interface Filters {
  /** the list's state in the address: filters applied, sort and page */
  list: ListState;
  setList: (patch: Partial<ListState>) => void;
  /** the filter fields as typed, applied by search() */
  draft: Record<string, string>;
  edit: (name: string, value: string) => void;
  /** applies what was typed (trimmed), back to page 1 */
  search: () => void;
  /** sets these fields and applies them with what was typed (a date-range preset) */
  apply: (values: Record<string, string>) => void;
  /** clears every filter but the kept ones (a tab), back to page 1 */
  reset: () => void;
  /** a filter is applied: an empty list says so and offers 重置 */
  filtered: boolean;
}

const trimmed = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));

/**
 * A list's filters: the applied ones live in the address (useListState), the typed ones in a draft that follows
 * the applied ones when they change (back, a link, 重置).
 * @example const filters = useFilters(route.path, ['keyword', 'status']); <FilterFields filters={filters} fields={…} />
 */
export function useFilters(pagePath: string, names: readonly string[], options: { keep?: readonly string[] } = {}): Filters {
  const [list, setList] = useListState(pagePath, names);
  const [draft, setDraft] = useState(list.filters);
  // Follows the applied filters when they change (back, a link, 重置), not when the same ones are read again: a kept
  // page left with words typed but not searched, and reached again through the menu, still shows them.
  const applied = JSON.stringify(list.filters);
  useEffect(() => setDraft(list.filters), [applied]);
  const keep = options.keep ?? [];
  const shown = names.filter((n) => !keep.includes(n));
  return {
    list,
    setList,
    draft,
    edit: (name, value) => setDraft((d) => ({ ...d, [name]: value })),
    search: () => setList({ filters: trimmed(draft) }),
    apply: (values) => setList({ filters: { ...trimmed(draft), ...values } }),
    reset: () => setList({ filters: { ...list.filters, ...Object.fromEntries(shown.map((n) => [n, ''])) } }),
    filtered: shown.some((n) => Boolean(list.filters[n])),
  };
}
