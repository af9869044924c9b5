import { createApiClient } from '../../src/api/client.ts';
import { login } from '../../src/api/session-calls.ts';
import { memoryStore, STORAGE_KEYS } from '../../src/api/storage.ts';

export const DEMO_PASSWORD = 'Admin@2026';

/** The console's own API client, pointed at the test server, with its own storage. */
export function clientFor(baseUrl: string) {
  const store = memoryStore();
  const api = createApiClient({ store, baseURL: `${baseUrl}/manage` });
  return { api, store };
}

/** A client signed in as userName (through the real encrypted login). */
export async function signedIn(baseUrl: string, userName: string) {
  const c = clientFor(baseUrl);
  const token = await login(c.api, { userName, password: DEMO_PASSWORD });
  c.store.setItem(STORAGE_KEYS.userToken, token);
  return { ...c, token };
}
