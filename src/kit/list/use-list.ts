import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { navigate, useHashPath, useHashSearch } from '@/shell/navigation/hash-location.ts';
import { useKeptVisible, writesSoFar } from '@/shell/tabs/kept-visible.ts';
import { formatListQuery, parseListQuery, type ListState } from './list-query.ts';

/**
 * A list's filters, sort and page, kept in the hash query (`#/manage/users?page=2&keyword=li`): a reload, the back
 * button or a shared link shows the same rows. Changing a filter, the sort or the page size goes back to page 1.
 *
 * A page the keep-alive keeps stays mounted while another page is on screen: the state then stays as it was (the
 * other page's query is not this list's). When the user comes back to the bare path (the side menu's link), the
 * list's query is written back, so the kept page shows, and the address says, what was left.
 * @example const [list, setList] = useListState(route.path, ['keyword', 'status']);
 */
export function useListState(pagePath: string, filterNames: readonly string[]): [ListState, (patch: Partial<ListState>) => void] {
  const [path] = useHashPath();
  const search = useHashSearch();
  const key = filterNames.join(',');
  const here = path === pagePath;
  const last = useRef<{ search: string; state: ListState } | null>(null);
  // Set while another page is on screen; cleared once this page's address carries its query again.
  const away = useRef(false);
  const restoring = here && away.current && !search && Boolean(last.current?.search);
  const state = useMemo(() => {
    if ((!here || restoring) && last.current) return last.current.state;
    const parsed = parseListQuery(search, filterNames);
    last.current = { search, state: parsed };
    return parsed;
    // filterNames are read through their joined key
  }, [here, restoring, search, key]);
  if (!here) away.current = true;
  else if (!restoring) away.current = false;
  useEffect(() => {
    if (restoring) navigate(`${pagePath}?${last.current!.search}`, { replace: true });
  }, [restoring, pagePath]);
  const update = useCallback(
    (patch: Partial<ListState>) => {
      const resetsPage = 'filters' in patch || 'sortField' in patch || 'size' in patch;
      const next: ListState = { ...state, ...patch, page: patch.page ?? (resetsPage ? 1 : state.page) };
      const query = formatListQuery(next, here ? search : '');
      // Remembered before navigating, so a query that goes empty (reset) is not written back.
      last.current = { search: query, state: next };
      navigate(query ? `${pagePath}?${query}` : pagePath, { replace: true });
    },
    [pagePath, here, search, state],
  );
  return [state, update];
}

/**
 * A list call's answer as the list hooks take it: its `values` as the rows, and the rest (count, countEstimated,
 * next) as it came.
 * @example useListData(() => api.send(roleApi.users, q).then(listed), [q])
 */
export const listed = <A extends { values: unknown[]; count: number }>({ values, ...rest }: A) =>
  ({ rows: values, ...rest }) as Omit<A, 'values'> & { rows: A['values'] };

export interface ListData<T, A = { rows: T[]; count: number }> {
  rows: T[] | null;
  count: number;
  /** the last answer whole (what a list call sends beside its rows: a time zone, the choices a form offers) */
  answer: A | null;
  loading: boolean;
  /** the last load failed (the shell has shown why); the rows are the last ones that loaded */
  failed: boolean;
  reload: () => void;
}

/**
 * Loads a page of rows whenever `deps` change, and again when a page the keep-alive kept comes back on screen after
 * this tab saved something meanwhile (an approval or an edit made elsewhere in the console shows; the rows stay until
 * the fresh ones arrive). Back with nothing saved, the kept page shows what it showed, with no call. Answers
 * that arrive after a newer request was made are dropped, so fast typing or paging never shows an older page.
 * Failures are shown by the shell; the table keeps the rows it had.
 */
export function useListData<A extends { rows: unknown[]; count: number }>(
  load: () => Promise<A>,
  deps: readonly unknown[],
): ListData<A['rows'][number], A> {
  type T = A['rows'][number];
  const [answer, setAnswer] = useState<A | null>(null);
  const [rows, setRows] = useState<T[] | null>(null);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const latest = useRef(load);
  latest.current = load;
  const visible = useKeptVisible();
  /** the tab's write count when the page was hidden (null: on screen) */
  const hiddenAt = useRef<number | null>(null);
  useEffect(() => {
    if (!visible) hiddenAt.current = writesSoFar();
    else if (hiddenAt.current !== null) {
      if (writesSoFar() !== hiddenAt.current) setTick((t) => t + 1);
      hiddenAt.current = null;
    }
  }, [visible]);
  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    latest.current().then(
      (page) => {
        if (mine !== seq.current) return;
        setAnswer(page);
        setRows(page.rows);
        setCount(page.count);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (mine !== seq.current) return;
        setRows((r) => r ?? []);
        setFailed(true);
        setLoading(false);
      },
    );
  }, [...deps, tick]);
  return { rows, count, answer, loading, failed, reload: useCallback(() => setTick((t) => t + 1), []) };
}

/** The page a paged call asks for: by number, and from where the page before it ended when the list knows. */
export interface PageAsked {
  pageNum: number;
  pageSize: number;
  /** the previous page's `next` cursor, when this page follows it under the same filters and size */
  after?: string;
}

/**
 * useListData for a paged call: the list's page and size are passed to `load` and watched, so `deps` name only
 * what else the call reads (the filters, the sort). When a list's answer says where its next page starts (`next`,
 * the long lists: the operation log, records) and the user goes on to that page under the same filters, the call
 * sends it back as `after`: the server reads on from there by its index instead of skipping every row before.
 * @example usePageData(list, (page) => calls.staff({ ...page, keyword }), [calls, keyword])
 */
export function usePageData<A extends { rows: unknown[]; count: number; next?: string }>(
  list: Pick<ListState, 'page' | 'size'>,
  load: (page: PageAsked) => Promise<A>,
  deps: readonly unknown[],
): ListData<A['rows'][number], A> {
  const read = useRef<{ page: number; size: number; deps: readonly unknown[]; next?: string } | null>(null);
  return useListData(() => {
    const { page, size } = list;
    const prev = read.current;
    const follows = prev?.next && prev.size === size && prev.page + 1 === page && sameValues(prev.deps, deps);
    return load({ pageNum: page, pageSize: size, ...(follows ? { after: prev.next } : {}) }).then((answer) => {
      read.current = { page, size, deps, next: answer.next };
      return answer;
    });
  }, [list.page, list.size, ...deps]);
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** A list whose one answer holds every row (no paging, no count of its own): `read` gives the rows. */
export const useAllRows = <T>(read: () => Promise<T[]>, deps: readonly unknown[]) =>
  useListData(async () => {
    const rows = await read();
    return { rows, count: rows.length };
  }, deps);

/**
 * The rows of the row chosen in a master list (a table's fields, a webhook's deliveries): none while nothing is
 * chosen, read again when another is chosen or `deps` change (the master list read again among them).
 */
export const useRowsOf = <P extends { id: number }, T>(chosen: P | null, read: (chosen: P) => Promise<T[]>, deps: readonly unknown[]) =>
  useAllRows(() => (chosen ? read(chosen) : Promise.resolve([])), [chosen?.id, ...deps]);
