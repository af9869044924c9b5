import { createApp } from '../server/app.ts';
import type { Db } from '../server/infra/db.ts';
import { DEMO_PASSWORD } from '../server/seed/seed.ts';
import { createApiClient } from '../src/api/client.ts';
import { login } from '../src/api/calls/session-calls.ts';
import { memoryStore, STORAGE_KEYS } from '../src/api/storage.ts';

/**
 * The demo server's app on `db`, called in this process (no sockets: the figures are the server's own time through
 * the whole rule chain), and a signed-in API client per demo account.
 * @example const as = inProcess(db); const admin = await as('admin');
 */
export function inProcess(db: Db) {
  const app = createApp({ db, sessionTtlSeconds: 3600, accessTokenTtlSeconds: 1800, demo: true });
  const fetchApp: typeof fetch = async (input, init) => app.fetch(new Request(input as string, init));
  return async (userName: string) => {
    const store = memoryStore();
    const api = createApiClient({ store, baseURL: 'http://bench.local/manage', fetch: fetchApp });
    store.setItem(STORAGE_KEYS.userToken, await login(api, { userName, password: DEMO_PASSWORD }));
    return api;
  };
}
