import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/api/client.ts';
import type { Failure } from '@/api/errors.ts';
import { memoryStore } from '@/api/storage.ts';

/** A fetch that records each request and answers with the given JSON. */
function recordingFetch(answer: unknown, status = 200) {
  const seen: Array<{ url: string; method: string; headers: Headers; body: unknown; credentials?: RequestCredentials }> = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const text = typeof init?.body === 'string' ? init.body : '';
    seen.push({
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: text ? JSON.parse(text) : undefined,
      credentials: init?.credentials,
    });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('api client (SPEC 7 common rules)', () => {
  it('POSTs JSON under /manage with {} by default, credentials, and both token headers', async () => {
    const { fetch, seen } = recordingFetch({ result: 'ok' });
    const store = memoryStore({ UserToken: 'u-1', AccessToken: 'a-1' });
    const api = createApiClient({ store, baseURL: 'http://h/manage', fetch });
    await api.call('/vue/userInfo');
    expect(seen[0]).toMatchObject({ url: 'http://h/manage/vue/userInfo', method: 'POST', body: {}, credentials: 'include' });
    expect(seen[0].headers.get('UserToken')).toBe('u-1');
    expect(seen[0].headers.get('AccessToken')).toBe('a-1');
  });

  it('omits token headers that are not stored', async () => {
    const { fetch, seen } = recordingFetch({ result: 'ok' });
    await createApiClient({ store: memoryStore(), baseURL: 'http://h/manage', fetch }).call('/anon/passport/aesKey');
    expect(seen[0].headers.has('UserToken')).toBe(false);
    expect(seen[0].headers.has('AccessToken')).toBe(false);
  });

  it('sends the console’s language: the one picked, else the browser’s first while none is (a first visit in English)', async () => {
    const { fetch, seen } = recordingFetch({ result: 'ok' });
    const store = memoryStore();
    const api = createApiClient({ store, baseURL: 'http://h/manage', fetch });
    vi.stubGlobal('navigator', { languages: ['en-US', 'zh-CN'] });
    try {
      await api.call('/anon/passport/aesKey');
      store.setItem('language', 'zh-cn');
      await api.call('/anon/passport/aesKey');
      vi.stubGlobal('navigator', { languages: ['zh-CN'] });
      store.removeItem('language');
      await api.call('/anon/passport/aesKey');
      store.setItem('language', 'en');
      await api.call('/anon/passport/aesKey');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(seen.map((r) => r.headers.get('Accept-Language'))).toEqual(['en', 'zh-CN', 'zh-CN', 'en']);
  });

  it('sends the access token until its stored deadline, then none, and says which one a refused call was made under', async () => {
    const { fetch, seen } = recordingFetch({ result: 'error', values: 'accessToken失效', errmsg: 'accessToken失效' });
    const carried: Array<string | null> = [];
    const store = memoryStore({ UserToken: 'u-1', AccessToken: 'a-1', AccessTokenDeadline: String(Date.now() + 60_000) });
    const api = createApiClient({ store, baseURL: 'http://h/manage', fetch, onFailure: (_, info) => carried.push(info.accessToken) });
    await api.call('/vue/userInfo').catch(() => {});
    store.setItem('AccessTokenDeadline', String(Date.now() - 1));
    await api.call('/vue/userInfo').catch(() => {});
    // a backend that gives no deadline: the token is sent until the server refuses it
    store.removeItem('AccessTokenDeadline');
    await api.call('/vue/userInfo').catch(() => {});
    expect(seen.map((r) => r.headers.get('AccessToken'))).toEqual(['a-1', null, 'a-1']);
    // A withheld token is still the one the call was made under: a refresh that landed since has replaced it.
    expect(carried).toEqual(['a-1', 'a-1', 'a-1']);
    expect(api.request('/x').headers).toHaveProperty('AccessToken', 'a-1');
    store.setItem('AccessTokenDeadline', String(Date.now() - 1));
    expect(api.request('/x').headers).not.toHaveProperty('AccessToken');
  });

  it('adds the tenant id as renantId to anonymous SMS calls only', async () => {
    const { fetch, seen } = recordingFetch({ result: 'ok', values: 'x' });
    const api = createApiClient({ store: memoryStore(), baseURL: 'http://h/manage', fetch, tenantId: () => 7 });
    await api.call('/anon/sms/sendSMS', { phone: '13800000000' });
    await api.call('/v2/sms/sendSMS', { phone: '13800000000' });
    expect(seen[0].body).toEqual({ phone: '13800000000', renantId: 7 });
    expect(seen[1].body).toEqual({ phone: '13800000000' });
  });

  it('reports failures through the catalogue and throws; quiet calls are marked', async () => {
    const reported: Array<[Failure, boolean]> = [];
    const { fetch } = recordingFetch({ result: 403 });
    const api = createApiClient({
      store: memoryStore(),
      baseURL: 'http://h/manage',
      fetch,
      onFailure: (f, i) => reported.push([f, i.quiet]),
    });
    await expect(api.call('/v1/role/save')).rejects.toMatchObject({ failure: { kind: 'forbidden', message: '您没有当前操作的权限' } });
    await expect(api.call('/vue/userInfo', {}, { quiet: true })).rejects.toBeTruthy();
    expect(reported.map(([f, q]) => [f.kind, q])).toEqual([
      ['forbidden', false],
      ['forbidden', true],
    ]);
  });

  it('turns HTTP errors and unreachable servers into network failures, never an expiry', async () => {
    const { fetch } = recordingFetch({ oops: true }, 502);
    const api = createApiClient({ store: memoryStore(), baseURL: 'http://h/manage', fetch });
    await expect(api.call('/x')).rejects.toMatchObject({ failure: { kind: 'network', message: '状态码 502 网络异常' } });
    const down = createApiClient({
      store: memoryStore(),
      baseURL: 'http://h/manage',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof globalThis.fetch,
    });
    await expect(down.call('/x')).rejects.toMatchObject({ failure: { kind: 'network', message: '网络异常，请检查网络后重试' } });
  });

  it('says the network message for the server’s 503 while its database is away, whatever its body says', async () => {
    const { fetch } = recordingFetch({ result: 'error', errmsg: '数据库暂时不可用，请稍后重试' }, 503);
    const api = createApiClient({ store: memoryStore(), baseURL: 'http://h/manage', fetch });
    await expect(api.call('/v1/user/list')).rejects.toMatchObject({ failure: { kind: 'network', message: '状态码 503 网络异常' } });
  });
});
