import type { Answer } from '../../src/api/contract.ts';
import { createApiClient } from '../../src/api/client.ts';
import { login } from '../../src/api/calls/session/session-calls.ts';
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

/** Opens a session's event stream: its own session id (from the ready event), and the next events. */
export async function openEvents(baseUrl: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/manage/v1/session/events`, { headers: { UserToken: token }, signal: controller.signal });
  const reader = res.body!.getReader();
  let text = '';
  const until = async (pattern: RegExp, timeoutMs = 10_000) => {
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      return pattern.exec(text);
    } finally {
      clearTimeout(timer);
    }
  };
  const ready = await until(/event: ready\ndata: (\{.*\})/);
  const id = (JSON.parse(ready![1]) as { id: string }).id;
  return { id, until, close: () => controller.abort() };
}

/**
 * A userType 1 account made by a tenant's admin (`admin` for tenant 1, `admin2` for tenant 2) in its first
 * department, with the given phone ('' for none); its password is `password`. Returns the account name.
 */
export async function newAccount(baseUrl: string, admin: 'admin' | 'admin2', prefix: string, phone = '', password = DEMO_PASSWORD) {
  const { fetchUserInfo } = await import('../../src/api/calls/session/session-calls.ts');
  const { saveUser } = await import('../../src/api/calls/system/user-calls.ts');
  const a = await signedIn(baseUrl, admin);
  const { userInfo } = await fetchUserInfo(a.api);
  const userName = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await saveUser(
    a.api,
    { userName, nickname: phone ? '测试账号' : '无手机', phone, userType: 1, departIds: [userInfo.allDepartList[0].id], roleIds: [] },
    password,
  );
  return userName;
}

/** One signed-in JSON call to /manage as the server answers it (the envelope, whatever the result). */
export async function callAs<T = unknown>(url: string, token: string, path: string, body: unknown = {}): Promise<Answer<T>> {
  const res = await fetch(`${url}/manage${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', UserToken: token },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}
