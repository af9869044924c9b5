import { describe, expect, inject, it } from 'vitest';
import { ApiFailure } from '@/api/errors.ts';
import {
  fetchMenuTree,
  fetchSettings,
  fetchUserInfo,
  initUserPermission,
  login,
  requestLogout,
} from '@/api/calls/session/session-calls.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { clientFor, send, signedIn } from '../support/api.ts';

const baseUrl = inject('baseUrl');
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => send(baseUrl, headers, path, body);

const menuTitles = (tree: Awaited<ReturnType<typeof fetchMenuTree>>) => buildMenuModel(tree).routes.map((r) => r.title);

describe('passport', () => {
  it('logs in with an AES-GCM encrypted password and runs session start', async () => {
    const { api } = await signedIn(baseUrl, 'admin');
    const { userInfo, tokenExpire } = await fetchUserInfo(api);
    expect(userInfo).toMatchObject({ userName: 'admin', nickname: '星河管理员', tenantId: 1, userType: 0, phone: '13800000001' });
    // SPEC's roleName, and the same roles' English names beside it
    expect(userInfo).toMatchObject({ roleName: '超级管理员', roleNameEn: 'Super administrator' });
    expect(tokenExpire).toBeGreaterThan(3600);
    await initUserPermission(api);
    const model = buildMenuModel(await fetchMenuTree(api));
    expect(model.home).toBe('/dashboard');
    expect(model.routes.find((r) => r.path === '/manage/users')?.buttons).toEqual([
      'user:add',
      'user:edit',
      'user:del',
      'user:import',
      'user:export',
      'user:detail',
    ]);
  });

  it('refuses a wrong password with a message and spends the key', async () => {
    const { api } = clientFor(baseUrl);
    await expect(login(api, { userName: 'admin', password: 'wrong' })).rejects.toThrow('账号或密码错误');
    await expect(login(api, { userName: 'nobody', password: 'wrong' })).rejects.toThrow('账号或密码错误');
    const key = (await post('/anon/passport/aesKey', {})).json.values as { keyId: string };
    const first = await post('/anon/passport/login', {
      userName: 'admin',
      password: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      keyId: key.keyId,
      appName: 'SCRM',
    });
    const again = await post('/anon/passport/login', {
      userName: 'admin',
      password: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      keyId: key.keyId,
      appName: 'SCRM',
    });
    expect(first.json).toEqual({ result: 'error', errmsg: '账号或密码错误' });
    expect(again.json).toEqual({ result: 'error', errmsg: '登录密钥已失效，请重试' });
  });

  it('answers bad bodies with a clear errmsg, never a stack', async () => {
    expect((await post('/anon/passport/login', '{oops')).json).toEqual({ result: 'error', errmsg: '请求体不是有效的 JSON' });
    expect((await post('/anon/passport/login', [1])).json).toEqual({ result: 'error', errmsg: '请求体必须是 JSON 对象' });
    expect((await post('/anon/passport/login', { userName: 'admin' })).json).toEqual({ result: 'error', errmsg: '密码不能为空' });
    const wrongApp = await post('/anon/passport/login', { userName: 'a', password: 'b', keyId: 'c', appName: 'X' });
    expect(wrongApp.json.errmsg).toBe('应用名称不正确');
  });

  it('exchanges a link userToken for a new session', async () => {
    const { token } = await signedIn(baseUrl, 'tenantadmin');
    const { json } = await post('/anon/passport/loginByUserToken', { userToken: token });
    const data = json.data as { result: number; values: string };
    expect(data.result).toBe(200);
    expect(data.values).not.toBe(token);
    expect((await post('/anon/passport/loginByUserToken', { userToken: 'nope' })).json).toEqual({
      data: { result: 401, errmsg: 'userToken失效' },
    });
  });
});

describe('sessions', () => {
  it('answers 401 for an unknown token and userToken缺失 for none', async () => {
    expect((await post('/vue/userInfo', {}, { UserToken: 'made-up' })).json).toEqual({ result: 401, errmsg: 'userToken失效' });
    expect((await post('/vue/userInfo', {})).json).toMatchObject({ result: 'error', values: 'userToken缺失' });
    const { api, store } = clientFor(baseUrl);
    store.setItem(STORAGE_KEYS.userToken, 'made-up');
    const err = await fetchUserInfo(api).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect((err as ApiFailure).failure).toMatchObject({ kind: 'expired', message: '登录失效，请重新登录' });
  });

  it('logout answers data 200 and ends the session', async () => {
    const { api } = await signedIn(baseUrl, 'staff');
    expect(await requestLogout(api)).toEqual({ data: 200 });
    await expect(fetchUserInfo(api)).rejects.toMatchObject({ failure: { kind: 'expired' } });
  });

  it('issues an access token with a deadline', async () => {
    const { token } = await signedIn(baseUrl, 'admin');
    const { json } = await post('/anon/vue/token', {}, { UserToken: token });
    expect(json.result).toBe('ok');
    expect(typeof json.values).toBe('string');
    expect(json.deadline as number).toBeGreaterThan(Date.now());
  });

  it('reads tenant settings; an unknown type is refused', async () => {
    const t1 = await signedIn(baseUrl, 'admin');
    const t2 = await signedIn(baseUrl, 'admin2');
    expect(await fetchSettings(t1.api, 'scrm_overall_params')).toEqual({ enableWaterMark: false });
    expect(await fetchSettings(t2.api, 'scrm_overall_params')).toEqual({ enableWaterMark: true });
    expect(await fetchSettings(t1.api, 'member_progress_basic')).toEqual({});
    const bad = await post('/v1/systemSetting/getByType', { type: 'x' }, { UserToken: t1.token });
    expect(bad.json.result).toBe('error');
  });
});

describe('menus per role and tenant isolation', () => {
  it('gives staff fewer entries and fewer buttons than admin', async () => {
    const admin = menuTitles(await fetchMenuTree((await signedIn(baseUrl, 'admin')).api));
    const staffModel = buildMenuModel(await fetchMenuTree((await signedIn(baseUrl, 'staff')).api));
    const staff = staffModel.routes.map((r) => r.title);
    expect(staff.length).toBeLessThan(admin.length);
    expect(staff).not.toContain('用户管理');
    expect(staff).toContain('会员列表');
    expect(staffModel.routes.find((r) => r.title === '会员列表')?.buttons).toEqual(['member:export']);
    const tenantAdmin = buildMenuModel(await fetchMenuTree((await signedIn(baseUrl, 'tenantadmin')).api));
    expect(tenantAdmin.routes.find((r) => r.title === '用户管理')?.buttons).toEqual([
      'user:add',
      'user:edit',
      'user:import',
      'user:export',
      'user:detail',
    ]);
  });

  it('never shows one tenant the other tenant menu or users', async () => {
    const t1 = await signedIn(baseUrl, 'admin');
    const t2 = await signedIn(baseUrl, 'admin2');
    const m1 = menuTitles(await fetchMenuTree(t1.api));
    const m2 = menuTitles(await fetchMenuTree(t2.api));
    expect(m1).toContain('一号租户专属报表');
    expect(m1).not.toContain('二号租户专属看板');
    expect(m2).toContain('二号租户专属看板');
    expect(m2).not.toContain('一号租户专属报表');
    const users1 = (await t1.api.call<{ values: Array<{ userName: string }> }>('/v1/user/list', { pageSize: 200 })).values.map(
      (u) => u.userName,
    );
    const users2 = (await t2.api.call<{ values: Array<{ userName: string }> }>('/v1/user/list', { pageSize: 200 })).values.map(
      (u) => u.userName,
    );
    // Other tests add users to tenant 1; none may cross over.
    expect(users1).toEqual(expect.arrayContaining(['admin', 'nophone', 'staff', 'tenantadmin']));
    expect(users1).not.toContain('admin2');
    expect(users2).toContain('admin2');
    expect(users2.some((u) => users1.includes(u))).toBe(false);
    // The tenant comes from the session, never from the body: a body naming one is refused, the key named.
    await expect(t2.api.call('/v1/user/list', { tenantId: 1, pageSize: 200 })).rejects.toThrow('请求含有未知字段 tenantId，请删除后重试');
  });
});

describe('the palette’s pinyin, computed by the server', () => {
  it('answers what the client’s own dictionary would, label by label, for every label of the menu', async () => {
    const { pinyinOf } = await import('@/menu/pinyin.ts');
    const { fetchPinyin } = await import('@/api/calls/session/session-calls.ts');
    const admin = await signedIn(baseUrl, 'admin');
    const labels = [...menuTitles(await fetchMenuTree(admin.api)), '收起菜单', '银行卡', '长期会员', 'VIP 会员 2 组'];
    const { full, initials } = await fetchPinyin(admin.api, labels);
    expect(labels.map((_, i) => ({ full: full[i], initials: initials[i] }))).toEqual(labels.map((l) => pinyinOf(l)));
    await expect(admin.api.call('/v1/menu/pinyin', { labels: 'x' })).rejects.toThrow('labels');
    await expect(clientFor(baseUrl).api.call('/v1/menu/pinyin', { labels: [] })).rejects.toMatchObject({ failure: { kind: 'expired' } });
  });
});
