import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiFailure } from '@/api/errors.ts';
import { fetchAccessToken, fetchUserInfo } from '@/api/calls/session/session-calls.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';
import { callAs, signedIn } from '../support/api.ts';
import { startOwnServer } from '../support/db-access.ts';
import { usersPageClick } from '../support/operations.ts';
import type { RunningServer } from '../support/start-server.ts';

const baseUrl = inject('baseUrl');
const post = (path: string, body: unknown, headers: Record<string, string> = {}, url = baseUrl) => callAs(url, headers, path, body);

async function idOf(userName: string) {
  const { api } = await signedIn(baseUrl, 'admin');
  const list = await api.call<{ values: Array<{ id: number; userName: string }> }>('/v1/user/list', { pageSize: 200 });
  return list.values.find((u) => u.userName === userName)!.id;
}

describe('access tokens', () => {
  it('accepts a fresh AccessToken, answers accessToken失效 for another, and always lets /anon/vue/token through', async () => {
    const { api, store, token } = await signedIn(baseUrl, 'admin');
    const grant = await fetchAccessToken(api);
    expect(grant.deadline).toBeGreaterThan(Date.now());
    store.setItem(STORAGE_KEYS.accessToken, grant.token);
    await expect(fetchUserInfo(api)).resolves.toBeTruthy();

    const bad = await post('/vue/userInfo', {}, { UserToken: token, AccessToken: 'not-a-token' });
    expect(bad).toMatchObject({ result: 'error', values: 'accessToken失效' });
    store.setItem(STORAGE_KEYS.accessToken, 'not-a-token');
    await expect(api.call('/vue/userInfo')).rejects.toMatchObject({ failure: { kind: 'accessTokenExpired', message: '未知错误，请重试' } });
    // The refresh call itself carries the stale token and must still work.
    expect((await fetchAccessToken(api)).token).toMatch(/^[\w-]{43}$/);
  });

  it("does not accept another session's access token", async () => {
    const a = await signedIn(baseUrl, 'admin');
    const b = await signedIn(baseUrl, 'tenantadmin');
    const grant = await fetchAccessToken(a.api);
    expect(await post('/vue/userInfo', {}, { UserToken: b.token, AccessToken: grant.token })).toMatchObject({ values: 'accessToken失效' });
  });
});

describe('button permissions on the server', () => {
  it('answers 403 when the role lacks the button, whatever the UI shows', async () => {
    const { api } = await signedIn(baseUrl, 'tenantadmin');
    const staffId = await idOf('staff');
    await expect(api.call('/vue/user/del', { id: staffId })).rejects.toMatchObject({
      failure: { kind: 'forbidden', message: '您没有当前操作的权限' },
    });
    const { api: staffApi } = await signedIn(baseUrl, 'staff');
    await expect(staffApi.call('/vue/user/del', { id: staffId })).rejects.toMatchObject({ failure: { kind: 'forbidden' } });
  });

  it('lets a role with the button through to the business checks', async () => {
    const { api } = await signedIn(baseUrl, 'admin');
    await expect(api.call('/vue/user/del', { id: 99_999 })).rejects.toThrow('用户不存在');
    await expect(api.call('/vue/user/del', { id: 'x' })).rejects.toThrow('用户不存在');
  });
});

describe('department data scope', () => {
  it('answers departNoPermisson with the department ids, named from allDepartList by the client', async () => {
    const ta = await signedIn(baseUrl, 'tenantadmin');
    const staffId = await idOf('staff');
    const raw = await post('/vue/user/detail', { id: staffId }, { UserToken: ta.token });
    expect(raw).toMatchObject({ result: 'error', type: 'departNoPermisson' });
    const { userInfo } = await fetchUserInfo(ta.api);
    const east = userInfo.allDepartList!.find((d) => d.departName === '华东大区')!;
    expect(raw.values).toEqual([east.id]);

    const { createApiClient } = await import('@/api/client.ts');
    const api = createApiClient({
      store: ta.store,
      baseURL: `${baseUrl}/manage`,
      failureContext: () => ({ allDepartList: userInfo.allDepartList }),
    });
    const err = await api.call('/vue/user/detail', { id: staffId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect((err as ApiFailure).failure).toMatchObject({ message: '华东大区没有数据访问权限，请退出后重新登录重试', duration: 10_000 });
  });

  it('lets userType 0 and users of the same department read the row', async () => {
    const staffId = await idOf('staff');
    const { api } = await signedIn(baseUrl, 'admin');
    await expect(api.call('/vue/user/detail', { id: staffId })).resolves.toMatchObject({ values: { userName: 'staff' } });
    // tenantadmin (总部) reads admin (总部 and 华东大区): they share a department.
    const { api: peer } = await signedIn(baseUrl, 'tenantadmin');
    await expect(peer.call('/vue/user/detail', { id: await idOf('admin') })).resolves.toMatchObject({ values: { userName: 'admin' } });
  });
});

describe('operation log', () => {
  const entry = usersPageClick('2026-11-22 09:30:00', '角色管理', 'side-menu:leaf');

  it('stores a tracked click per tenant and lists it newest first', async () => {
    const { api } = await signedIn(baseUrl, 'tenantadmin');
    await api.call('/v1/userOperationLog/save', entry);
    // Its own rows only: other files sign in as tenant 1's admin at the same time and log their clicks.
    const list = await api.call<{ values: Array<Record<string, unknown>> }>('/v1/userOperationLog/list', { user: 'tenantadmin' });
    expect(list.values[0]).toMatchObject({ ...entry, userName: 'tenantadmin' });
    const other = await (await signedIn(baseUrl, 'admin2')).api.call<{ values: unknown[] }>('/v1/userOperationLog/list', {});
    expect(other.values.some((v) => (v as { userName: string }).userName === 'tenantadmin')).toBe(false);
  });

  it('refuses a malformed entry with a clear message', async () => {
    const { api } = await signedIn(baseUrl, 'admin');
    await expect(api.call('/v1/userOperationLog/save', { ...entry, operationTime: '22/11/2026' })).rejects.toThrow(
      'operationTime 格式应为 yyyy-MM-dd hh:mm:ss',
    );
    await expect(api.call('/v1/userOperationLog/save', { ...entry, systemName: '' })).rejects.toThrow('systemName 不能为空');
  });
});

describe('the test-only switches', () => {
  let plain: RunningServer;
  beforeAll(async () => {
    // Production mode: no demo data, no fault switch, no SMS outbox.
    plain = await startOwnServer({ SCRM_TEST_FAULTS: '0', SCRM_DEMO: '0', ADMIN_PASSWORD: 'Prod@2026-first-admin' });
  });
  afterAll(() => plain?.stop());

  it('answers the next calls of a path as told, then lets them through', async () => {
    const { api, token } = await signedIn(baseUrl, 'admin');
    const other = await signedIn(baseUrl, 'admin');
    expect(await post('/anon/dev/fault', { path: '/v1/user/list', answer: { result: 403 }, times: 2, userToken: token })).toMatchObject({
      result: 'ok',
    });
    // Scoped to one session: another session of the same user is not affected.
    await expect(other.api.call('/v1/user/list')).resolves.toMatchObject({ result: 'ok' });
    await expect(api.call('/v1/user/list')).rejects.toMatchObject({ failure: { kind: 'forbidden' } });
    await expect(api.call('/v1/user/list')).rejects.toMatchObject({ failure: { kind: 'forbidden' } });
    await expect(api.call('/v1/user/list')).resolves.toMatchObject({ result: 'ok' });
    await post('/anon/dev/fault', { path: '/v1/user/list', status: 502, userToken: token });
    await expect(api.call('/v1/user/list')).rejects.toMatchObject({ failure: { kind: 'network', message: '状态码 502 网络异常' } });
  });

  it('does not exist unless the server was started with SCRM_TEST_FAULTS=1', async () => {
    const answer = await post('/anon/dev/fault', { path: '/v1/user/list', answer: { result: 403 } }, {}, plain.url);
    expect(answer).toMatchObject({ result: 'error', errmsg: '接口不存在：POST /manage/anon/dev/fault' });
  });

  it('refuses self-service registration in production unless SCRM_OPEN_REGISTRATION=1', async () => {
    const answer = await post('/anon/passport/register', {}, {}, plain.url);
    expect(answer).toMatchObject({ result: 'error', errmsg: '暂未开放注册，请联系平台管理员开通' });
  });

  it('has no SMS outbox outside demo mode', async () => {
    expect((await fetch(`${plain.url}/manage/anon/dev/outbox?phone=13800000001`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/manage/anon/dev/outbox?phone=13800000001`)).status).toBe(200);
  });
});
