import { createApiClient } from '@/api/client.ts';
import { login } from '@/api/calls/session/session-calls.ts';
import { memoryStore, STORAGE_KEYS } from '@/api/storage.ts';

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
  const { fetchUserInfo } = await import('@/api/calls/session/session-calls.ts');
  const { saveUser } = await import('@/api/calls/system/user-calls.ts');
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

/**
 * Every field an answer's envelope may carry: SPEC's `result`/`values`/`errmsg`, the refusal's `field` and `type`, a
 * list's `count`/`countEstimated`/`next`, a failure's `requestId`, a forced logout's `reason`.
 */
export interface Envelope<T = unknown> {
  result?: unknown;
  values?: T;
  errmsg?: string;
  field?: string;
  type?: string;
  count?: number;
  countEstimated?: true;
  next?: string;
  requestId?: string;
  reason?: string;
  [more: string]: unknown;
}

/** Who calls: a session's token, the headers to send (an API key, an access token, a language), or no one. */
export type Caller = string | Record<string, string> | null;

/**
 * The one raw call of the API tests: POSTs `body` to /manage`path` as `caller` and returns the HTTP status, the
 * X-Request-Id and the envelope as the server answered it (no client-side failure handling, so refusals read as
 * answered). A string body is sent as it is (malformed JSON).
 */
export async function send<T = unknown>(url: string, caller: Caller, path: string, body: unknown = {}) {
  const headers = caller === null ? {} : typeof caller === 'string' ? { UserToken: caller } : caller;
  const res = await fetch(`${url}/manage${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, requestId: res.headers.get('X-Request-Id'), json: (await res.json()) as Envelope<T> };
}

/** One call's envelope (see `send`). */
export async function callAs<T = unknown>(url: string, caller: Caller, path: string, body: unknown = {}): Promise<Envelope<T>> {
  return (await send<T>(url, caller, path, body)).json;
}

/** `callAs` and `send` bound to one server, for a file that talks to one. */
export function callsOn(url: string) {
  return {
    call: <T = unknown>(caller: Caller, path: string, body?: unknown) => callAs<T>(url, caller, path, body),
    send: <T = unknown>(caller: Caller, path: string, body?: unknown) => send<T>(url, caller, path, body),
  };
}

/** Reads again every 100 ms until `ok` holds of what was read or `ms` have passed; returns the last read. */
export async function readUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
