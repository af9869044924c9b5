import { createContext, useContext, useMemo } from 'react';
import { bound, type ApiClient, type Bound } from '@/api/client.ts';
import type { Call } from '@/api/table/define.ts';

/** The one API client, for pages; the app provides it. */
export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs the ApiContext provider (src/app/main.tsx)');
  return api;
}

/**
 * An area of the call table bound to the one client, made once per client.
 * @example const calls = useBound(platformApi); await calls.tenants({ pageNum: 1, pageSize: 10 });
 */
export function useBound<A extends Record<string, Call>>(area: A): Bound<A> {
  const api = useApi();
  return useMemo(() => bound(api, area), [api, area]);
}

/**
 * A page's calls, made once per client: `useCalls(userCalls)` for `useMemo(() => userCalls(useApi()), [api])`.
 * @example const calls = useCalls(userCalls);
 */
export function useCalls<T>(make: (api: ApiClient) => T): T {
  const api = useApi();
  return useMemo(() => make(api), [api, make]);
}
