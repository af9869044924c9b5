import { createContext, useContext, useMemo } from 'react';
import type { ApiClient } from '../../api/client.ts';

/** The one API client, for pages; the app provides it. */
export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs the ApiContext provider (src/app/main.tsx)');
  return api;
}

/**
 * A page's calls, made once per client: `useCalls(userCalls)` for `useMemo(() => userCalls(useApi()), [api])`.
 * @example const calls = useCalls(userCalls);
 */
export function useCalls<T>(make: (api: ApiClient) => T): T {
  const api = useApi();
  return useMemo(() => make(api), [api, make]);
}
