/** Page sizes of every list (10, 20, 50, 100, 200; default 10). */
export const PAGE_SIZES = [10, 20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type SortOrder = 'ascend' | 'descend';

/** What a list shows: its filters, sort and page. It lives in the hash query, so a reload or a link shows the same rows. */
export interface ListState {
  page: number;
  size: number;
  sortField: string | null;
  sortOrder: SortOrder | null;
  /** filter values by name; an empty string means no filter */
  filters: Record<string, string>;
}

const RESERVED = new Set(['page', 'size', 'sort']);

/**
 * A filter named as the address's own keys (page, size, sort) would be read as the page number and never searched
 * (the operation log's 页面 filter, named `page`, did nothing): such a name is refused where it is declared.
 */
function assertFilterNames(names: Iterable<string>): void {
  for (const name of names)
    if (RESERVED.has(name)) throw new Error(`a list's filter cannot be named "${name}": the address keeps it for the list`);
}

/**
 * Reads a list's state from a query string (`page=2&size=20&sort=userName.descend&keyword=li`). Anything malformed
 * falls back to the default, so a hand-edited link never breaks the page.
 * @example parseListQuery('page=2&sort=nickname.ascend&status=1', ['status'])
 */
export function parseListQuery(search: string, filterNames: readonly string[]): ListState {
  const q = new URLSearchParams(search);
  const page = Number(q.get('page'));
  const size = Number(q.get('size'));
  const [field, order] = (q.get('sort') ?? '').split('.');
  assertFilterNames(filterNames);
  const filters: Record<string, string> = {};
  for (const name of filterNames) filters[name] = (q.get(name) ?? '').slice(0, 100);
  const sorted = /^[A-Za-z]\w{0,39}$/.test(field ?? '') && (order === 'ascend' || order === 'descend');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortField: sorted ? field : null,
    sortOrder: sorted ? (order as SortOrder) : null,
    filters,
  };
}

/**
 * Writes a list's state into a query string, keeping other parameters of `base` and leaving defaults out, so the
 * plain page has a plain address.
 */
export function formatListQuery(state: ListState, base = ''): string {
  const q = new URLSearchParams(base);
  const put = (key: string, value: string | null) => (value ? q.set(key, value) : q.delete(key));
  put('page', state.page > 1 ? String(state.page) : null);
  put('size', state.size !== DEFAULT_PAGE_SIZE ? String(state.size) : null);
  put('sort', state.sortField && state.sortOrder ? `${state.sortField}.${state.sortOrder}` : null);
  assertFilterNames(Object.keys(state.filters));
  for (const [name, value] of Object.entries(state.filters)) put(name, value.trim() ? value : null);
  return q.toString();
}

/** The next sort after a click on a column's header: ascending, descending, then none (as mature consoles cycle). */
export function nextSort(state: Pick<ListState, 'sortField' | 'sortOrder'>, field: string): Pick<ListState, 'sortField' | 'sortOrder'> {
  if (state.sortField !== field) return { sortField: field, sortOrder: 'ascend' };
  if (state.sortOrder === 'ascend') return { sortField: field, sortOrder: 'descend' };
  return { sortField: null, sortOrder: null };
}

/** The last page a count fills at a page size (1 for an empty list). */
export const lastPage = (count: number, size: number) => Math.max(1, Math.ceil(count / size));
