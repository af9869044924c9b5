import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createApiClient } from '@/api/client.ts';
import { fetchMenuTree, fetchUserInfo, initUserPermission, login } from '@/api/calls/session/session-calls.ts';
import { changePassword } from '@/api/calls/session/user-center-calls.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { memoryStore, STORAGE_KEYS } from '@/api/storage.ts';
import type { TenantRow } from '@/api/table/platform.ts';
import type { MenuNode } from '@/api/table/session.ts';
import { callAs, openEvents, signedIn } from '../support/api.ts';
import { ownServer, startOwnServer } from '../support/db-access.ts';
import { flat, type TreeNode } from '../support/menu-tree.ts';

// Issue 12, platform administration: tenants, tenant pages, the shared menu, interfaces and their relations,
// parameters and the privacy switch, at SPEC 7's paths, on PGlite and PostgreSQL.
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

/** Leaves (pages) of a menu tree the shell receives. */
const leaves = (nodes: MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => (n.uriType === 2 ? [] : n.children?.some((c) => c.uriType !== 2) ? leaves(n.children) : n.path ? [n] : []));

async function menuOf(url: string, userName: string, password?: string) {
  const store = memoryStore();
  const api = createApiClient({ store, baseURL: `${url}/manage` });
  const token = await login(api, { userName, password: password ?? 'Admin@2026' });
  store.setItem(STORAGE_KEYS.userToken, token);
  await initUserPermission(api);
  return { token, api, menu: await fetchMenuTree(api) };
}

describe('who may run the platform', () => {
  it('the operator sees tenant management and the shared menu; a tenant admin sees neither and is refused their calls', async () => {
    const op = await menuOf(baseUrl, 'platform');
    const opPaths = leaves(op.menu).map((n) => n.path);
    expect(opPaths).toEqual(expect.arrayContaining(['/tenant-manage/tenant-list', '/manage/menu-list', '/manage/interface-list']));

    const admin = await menuOf(baseUrl, 'admin');
    const adminPaths = leaves(admin.menu).map((n) => n.path);
    expect(adminPaths).toContain('/manage/users');
    expect(adminPaths).toContain('/manage/parameters');
    for (const p of ['/tenant-manage/tenant-list', '/tenant-manage/tenant-pages', '/manage/menu-list', '/manage/interface-list']) {
      expect(adminPaths).not.toContain(p);
    }
    for (const path of [
      '/v1/tenant/list',
      '/v1/tenant/save',
      '/v1/menu/tree',
      '/vue/menu/list',
      '/vue/perm/save',
      '/vue/menu/del',
      '/vue/interface/list',
    ]) {
      expect(await callAs(baseUrl, admin.token, path, { name: 'x' }), path).toEqual({ result: 403, errmsg: '您没有当前操作的权限' });
    }
    // Even a relation an operator might add by mistake does not open a platform call to another tenant.
    expect(await callAs(baseUrl, admin.token, '/v1/tenantPagesRelation/selRelationList', { tenantId: 1 })).toMatchObject({ result: 403 });
  });
});

describe('production: the first admin of tenant 1 runs the platform', () => {
  it('a production start seeds tenant 1 with every shared page, and its admin may call tenant management', async () => {
    const server = await startOwnServer({ SCRM_DEMO: '0', ADMIN_PASSWORD: 'Prod2026pass' });
    try {
      const store = memoryStore();
      const api = createApiClient({ store, baseURL: `${server.url}/manage` });
      const token = await login(api, { userName: 'admin', password: 'Prod2026pass' });
      const list = await callAs<TenantRow[]>(server.url, token, '/v1/tenant/list');
      expect(list.values).toEqual([expect.objectContaining({ id: 1, platform: true })]);
      store.setItem(STORAGE_KEYS.userToken, token);
      await initUserPermission(api);
      expect(leaves(await fetchMenuTree(api)).map((n) => n.path)).toEqual(
        expect.arrayContaining(['/tenant-manage/tenant-list', '/manage/menu-list']),
      );
    } finally {
      await server.stop();
    }
    // A fresh production database is seeded in the test (about 4 s alone; over a minute once beside two other suites).
  }, 180_000);
});

describe('tenants', () => {
  it('the operator creates a tenant, gives it three pages, and its admin sees exactly those pages', async () => {
    const op = await signedIn(baseUrl, 'platform');
    const code = unique('t-');
    const adminUserName = unique('boss');
    const created = await callAs<{ id: number; adminUserName: string; initialPassword: string }>(baseUrl, op.token, '/v1/tenant/save', {
      name: '测试租户',
      code,
      contactName: '张三',
      contactPhone: '13612345678',
      status: 1,
      expiresAt: null,
      adminUserName,
    });
    expect(created.result).toBe('ok');
    const { id: tenantId, initialPassword } = created.values!;
    expect(initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);

    const list = await callAs<TenantRow[]>(baseUrl, op.token, '/v1/tenant/list', { keyword: code });
    expect(list.values).toEqual([
      expect.objectContaining({ id: tenantId, code, name: '测试租户', status: 1, userCount: 1, platform: false }),
    ]);
    // A code is unique; rules answer under their field.
    expect(await callAs(baseUrl, op.token, '/v1/tenant/save', { name: 'x', code, status: 1, adminUserName: unique('b') })).toMatchObject({
      result: 'error',
      errmsg: '企业编码已被使用',
      field: 'code',
    });
    expect(
      await callAs(baseUrl, op.token, '/v1/tenant/save', { name: 'x', code: 'Bad Code', status: 1, adminUserName: unique('b') }),
    ).toMatchObject({
      field: 'code',
    });
    // The schema the form uses: a new tenant needs its admin, an edit has none; each field's own message.
    const refusal = async (body: Record<string, unknown>) => {
      const a = await callAs(baseUrl, op.token, '/v1/tenant/save', body);
      return [a.field, a.errmsg];
    };
    expect(await refusal({ name: 'x', code: unique('c'), status: 1 })).toEqual(['adminUserName', '管理员账号不能为空']);
    expect(await refusal({ name: 'x', code: unique('c'), status: 2, adminUserName: unique('b') })).toEqual(['status', '请选择状态']);
    expect(await refusal({ name: 'x', code: unique('c'), status: 1, adminUserName: '9x' })).toEqual([
      'adminUserName',
      '账号须为 4-32 位字母、数字或下划线，以字母开头',
    ]);
    expect(await refusal({ id: 1, name: 'x', code: unique('c'), status: 1, adminUserName: unique('b') })).toEqual([
      'adminUserName',
      '请求含有未知字段 adminUserName，请删除后重试',
    ]);
    expect(await refusal({ id: 1, name: 'x', code: unique('c'), status: 1, expiresAt: 'soon' })).toEqual([
      'expiresAt',
      '到期时间格式不正确',
    ]);

    const tree = flat((await callAs<TreeNode[]>(baseUrl, op.token, '/v1/menu/tree')).values!);
    const page = (path: string) => tree.find((n) => n.path === path && n.tenantId === null)!;
    const three = [page('/manage/users'), page('/member-mng/member-list'), page('/coupon-manage/coupon')];
    const buttons = tree.filter((n) => n.uriType === 2 && three.some((p) => p.children.includes(n)));
    // A button is given with its page, never alone.
    expect(await callAs(baseUrl, op.token, '/v1/tenantPagesRelation/addRelation', { tenantId, menuIds: [buttons[0].id] })).toMatchObject({
      result: 'error',
      errmsg: expect.stringMatching(/^按钮须和所在页面一起授予：“.+”的“.+”$/),
    });
    const given = await callAs<{ added: number[]; removed: number[] }>(baseUrl, op.token, '/v1/tenantPagesRelation/addRelation', {
      tenantId,
      menuIds: [...three.map((p) => p.id), ...buttons.map((b) => b.id)],
    });
    expect(given.result).toBe('ok');
    const relation = await callAs<number[]>(baseUrl, op.token, '/v1/tenantPagesRelation/selRelationList', { tenantId });
    // the pages, their buttons and the directories above them
    expect(relation.values).toEqual(expect.arrayContaining(three.map((p) => p.id)));

    const boss = await menuOf(baseUrl, adminUserName, initialPassword);
    expect(
      leaves(boss.menu)
        .map((n) => n.path)
        .sort(),
    ).toEqual(['/coupon-manage/coupon', '/manage/users', '/member-mng/member-list']);
    // The operator saw the initial password: until the admin replaces it, nothing but the shell's calls and the
    // change answers, and the change needs no page.
    expect((await fetchUserInfo(boss.api)).userInfo.mustChangePassword).toBe(true);
    expect(await callAs(baseUrl, boss.token, '/v1/user/list')).toMatchObject({ result: 403, errmsg: '请先修改初始密码' });
    await changePassword(boss.api, initialPassword, 'Changed2026x');
    expect((await fetchUserInfo(boss.api)).userInfo.mustChangePassword).toBe(false);
    // ...and may call what those pages call, not what they do not.
    expect((await callAs(baseUrl, boss.token, '/v1/user/list')).result).toBe('ok');
    expect(await callAs(baseUrl, boss.token, '/v1/role/tree')).toMatchObject({ result: 403 });

    // A platform page stays the platform's.
    expect(
      await callAs(baseUrl, op.token, '/v1/tenantPagesRelation/addRelation', { tenantId, menuIds: [page('/manage/menu-list').id] }),
    ).toMatchObject({ result: 'error', errmsg: '平台管理页面只能分配给平台运营租户' });
  });

  it('disabling a tenant ends its live sessions at once and its users are told why they cannot sign in', async () => {
    const op = await signedIn(baseUrl, 'platform');
    const code = unique('off-');
    const adminUserName = unique('off');
    const { values } = await callAs<{ id: number; initialPassword: string }>(baseUrl, op.token, '/v1/tenant/save', {
      name: '将停用的租户',
      code,
      status: 1,
      expiresAt: null,
      adminUserName,
    });
    const boss = await menuOf(baseUrl, adminUserName, values!.initialPassword);
    const stream = await openEvents(baseUrl, boss.token);
    expect(
      await callAs(baseUrl, op.token, '/v1/tenant/save', { id: values!.id, name: '将停用的租户', code, status: 0, expiresAt: null }),
    ).toMatchObject({ result: 'ok' });
    await stream.until(/event: revoked/);
    stream.close();
    expect(await callAs(baseUrl, boss.token, '/vue/userInfo')).toMatchObject({ result: 401 });
    const api = createApiClient({ store: memoryStore(), baseURL: `${baseUrl}/manage` });
    await expect(login(api, { userName: adminUserName, password: values!.initialPassword })).rejects.toMatchObject({
      failure: { message: '所属企业已停用或已到期，请联系平台管理员' },
    });
    // The platform's own tenant cannot be disabled.
    expect(
      await callAs(baseUrl, op.token, '/v1/tenant/save', { id: 0, name: '平台运营中心', code: 'platform', status: 0, expiresAt: null }),
    ).toMatchObject({ result: 'error', errmsg: '不能停用平台运营租户' });
  });
});

describe('parameters', () => {
  it('a tenant admin edits its own parameters; open sessions are told; other tenants are out of reach but for the operator', async () => {
    const admin2 = await signedIn(baseUrl, 'admin2');
    const stream = await openEvents(baseUrl, admin2.token);
    const before = await callAs<{ settings: Array<{ type: string; params: Record<string, unknown> }> }>(
      baseUrl,
      admin2.token,
      '/v1/tenantOverallParams/query',
    );
    expect(before.values!.settings.map((s) => s.type)).toEqual([
      'scrm_overall_params',
      'scrm_overall_params_camp_reward',
      'member_progress_basic',
      'tenant_unique_params',
    ]);
    const overall = before.values!.settings[0].params;
    expect(
      await callAs(baseUrl, admin2.token, '/v1/tenantOverallParams/update', {
        type: 'scrm_overall_params',
        params: { ...overall, timeZone: 'Mars/Base' },
      }),
    ).toMatchObject({ result: 'error', field: 'timeZone' });
    expect(
      await callAs(baseUrl, admin2.token, '/v1/tenantOverallParams/update', { type: 'scrm_overall_params', params: '{not json' }),
    ).toMatchObject({ result: 'error', errmsg: '参数不是有效的 JSON' });
    expect(
      await callAs(baseUrl, admin2.token, '/v1/tenantOverallParams/update', {
        type: 'scrm_overall_params',
        params: { ...overall, enableWaterMark: !overall.enableWaterMark },
      }),
    ).toMatchObject({ result: 'ok' });
    await stream.until(/event: settings/);
    stream.close();
    const read = await callAs<{ params: string }>(baseUrl, admin2.token, '/v1/systemSetting/getByType', { type: 'scrm_overall_params' });
    expect(JSON.parse(read.values!.params)).toMatchObject({ enableWaterMark: !overall.enableWaterMark });
    // put it back for the other tests
    await callAs(baseUrl, admin2.token, '/v1/tenantOverallParams/update', { type: 'scrm_overall_params', params: overall });

    expect(await callAs(baseUrl, admin2.token, '/v1/tenantOverallParams/query', { tenantId: 1 })).toMatchObject({
      result: 'error',
      errmsg: '租户不存在',
    });
    const op = await signedIn(baseUrl, 'platform');
    const other = await callAs<{ tenantId: number }>(baseUrl, op.token, '/v1/tenantOverallParams/query', { tenantId: 2 });
    expect(other.values!.tenantId).toBe(2);
  });
});

// Changes to shared rows (relations, the menu) would reach every other test: these run on a server of their own.
describe('the shared menu and the interfaces, on a server of their own', () => {
  const server = ownServer(databaseUrl);

  // SPEC 4: the menu tree is built from the permissions initUserPermission initialised. The server stores them on the
  // session (one statement) and the tree reads them; any change of the user's permissions clears them first.
  const stored = async (sessionId: string) =>
    (await server.query<{ permissions: number[] | null }>('SELECT permissions FROM user_session WHERE id = $1', [sessionId]))[0]
      .permissions;
  const paths = (tree: MenuNode[]) => buildMenuModel(tree).routes.map((r) => r.path);

  it('the tree reads what initUserPermission stored; a change of the user’s roles clears it, and the next tree is computed afresh', async () => {
    const user = await signedIn(server.url, 'tenantadmin');
    const { userInfo } = await fetchUserInfo(user.api);
    const sessionId = (userInfo as { sessionId: string }).sessionId;
    // Before initUserPermission: nothing stored, the tree is computed.
    expect(await stored(sessionId)).toBeNull();
    const live = paths(await fetchMenuTree(user.api));
    expect(live).toContain('/manage/users');

    await initUserPermission(user.api);
    const ids = (await stored(sessionId))!;
    expect(ids.length).toBeGreaterThan(2);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(paths(await fetchMenuTree(user.api))).toEqual(live);

    // The tree is built from the stored ids, not asked again: narrowed to the users page, it shows that page alone.
    const [users] = await server.query<{ id: number }>(`SELECT id FROM menu WHERE path = '/manage/users' AND uri_type <> 2 LIMIT 1`);
    await server.query('UPDATE user_session SET permissions = $2 WHERE id = $1', [sessionId, [users.id]]);
    expect(paths(await fetchMenuTree(user.api))).toEqual(['/manage/users']);
    // The access chain checks calls against the same stored ids: the users page's list answers, the logs page's not.
    expect(await user.api.call('/v1/user/list', { pageNum: 1, pageSize: 1 })).toMatchObject({ result: 'ok' });
    await expect(user.api.call('/v1/userLoginLog/list', { pageNum: 1, pageSize: 1 })).rejects.toMatchObject({
      failure: { kind: 'forbidden' },
    });

    // An admin takes the users page from the user's role: the stored permissions go, the next tree lacks the page.
    const admin = await signedIn(server.url, 'admin');
    const roles = await admin.api.call<{ values: Array<{ id: number; name: string }> }>('/v1/role/list', {});
    const role = roles.values.find((r) => r.name === '租户管理员')!;
    const granted = await admin.api.call<{ values: number[] }>('/v1/rolePerm/list', { roleId: role.id });
    const [usersAndButtons] = await server.query<{ ids: number[] }>(
      `SELECT array_agg(id) AS ids FROM menu WHERE id = $1 OR parent_id = $1`,
      [users.id],
    );
    await admin.api.call('/v1/rolePerm/save', {
      roleId: role.id,
      menuIds: granted.values.filter((id) => !usersAndButtons.ids.includes(id)),
    });
    expect(await stored(sessionId)).toBeNull();
    const after = paths(await fetchMenuTree(user.api));
    expect(after).not.toContain('/manage/users');
    expect(after).toEqual(live.filter((p) => p !== '/manage/users'));

    // initUserPermission stores them again, as they now are.
    await initUserPermission(user.api);
    expect(await stored(sessionId)).not.toContain(users.id);
    expect(paths(await fetchMenuTree(user.api))).toEqual(after);
    await admin.api.call('/v1/rolePerm/save', { roleId: role.id, menuIds: granted.values }); // as it was, for the tests after
  });

  it('removing a relation makes the call answer 403 at once; restoring it lets it through again', async () => {
    const op = await signedIn(server.url, 'platform');
    const admin = await signedIn(server.url, 'admin');
    expect((await callAs(server.url, admin.token, '/v1/role/list')).result).toBe('ok');
    const list = await callAs<
      Array<{ id: number; path: string; menuIds: number[]; access: string; source: string; name: string; label: string }>
    >(server.url, op.token, '/vue/interface/list', { keyword: '/v1/role/list' });
    const iface = list.values!.find((i) => i.path === '/v1/role/list')!;
    // nobody named it: the list says what it is, from the page that owns it
    expect(iface).toMatchObject({ source: 'server', access: 'relation', name: '', label: '角色管理 · 查询' });
    expect(iface.menuIds.length).toBeGreaterThan(0);
    const related = await callAs<number[]>(server.url, op.token, '/permission/getPageFuncRelation', { interfaceId: iface.id });
    expect(related.values).toEqual(iface.menuIds);

    expect(await callAs(server.url, op.token, '/permission/setPageFuncRelation', { interfaceId: iface.id, menuIds: [] })).toMatchObject({
      result: 'ok',
    });
    expect(await callAs(server.url, admin.token, '/v1/role/list')).toEqual({ result: 403, errmsg: '您没有当前操作的权限' });
    for (const menuId of iface.menuIds) {
      await callAs(server.url, op.token, '/permission/setPageFuncRelation', {
        menuId,
        interfaceIds: [
          ...((await callAs<number[]>(server.url, op.token, '/permission/getPageFuncRelation', { menuId })).values ?? []),
          iface.id,
        ],
      });
    }
    expect((await callAs(server.url, admin.token, '/v1/role/list')).result).toBe('ok');
    // one relation removed by its pair
    const [first, ...rest] = iface.menuIds;
    expect(
      await callAs(server.url, op.token, '/v1/permission/delPageFuncRelation', { menuId: first, interfaceId: iface.id }),
    ).toMatchObject({
      result: 'ok',
    });
    expect((await callAs<number[]>(server.url, op.token, '/permission/getPageFuncRelation', { interfaceId: iface.id })).values).toEqual(
      rest,
    );

    // A platform call keeps at least one relation; a server interface cannot be deleted.
    const platformCall = (
      await callAs<Array<{ id: number; path: string }>>(server.url, op.token, '/vue/interface/list', { keyword: '/v1/tenant/save' })
    ).values!.find((i) => i.path === '/v1/tenant/save')!;
    expect(
      await callAs(server.url, op.token, '/permission/setPageFuncRelation', { interfaceId: platformCall.id, menuIds: [] }),
    ).toMatchObject({ result: 'error' });
    expect(await callAs(server.url, op.token, '/vue/interface/del', { id: platformCall.id })).toMatchObject({
      result: 'error',
      errmsg: '服务器自带的接口不能删除，可以取消它与页面的关联',
    });
    // An operator's external interface: added, related, deleted.
    const ext = await callAs<{ id: number }>(server.url, op.token, '/vue/interface/save', {
      method: 'POST',
      path: '/ext/report/list',
      name: '外部报表',
    });
    expect(ext.result).toBe('ok');
    expect(await callAs(server.url, op.token, '/vue/interface/save', { method: 'POST', path: 'http://evil/x' })).toMatchObject({
      field: 'path',
    });
    // The schema the form uses: the method, a missing path, a name too long, unknown keys; a server interface's
    // path is not checked, since only its name changes.
    const save = (body: Record<string, unknown>) => callAs(server.url, op.token, '/vue/interface/save', body);
    expect(await save({ method: 'TRACE', path: '/ext/a' })).toMatchObject({ field: 'method', errmsg: '请求方法不正确' });
    expect(await save({ method: 'post' })).toMatchObject({ field: 'path', errmsg: '接口路径不能为空' });
    expect(await save({ path: '/ext/a', name: '名'.repeat(65) })).toMatchObject({ field: 'name', errmsg: '名称不能超过 64 个字' });
    expect(await save({ path: '/ext/a', source: 'server' })).toMatchObject({ field: 'source' });
    expect(await save({ id: platformCall.id, name: '租户列表', path: '' })).toMatchObject({ result: 'ok' });
    expect(await callAs(server.url, op.token, '/vue/interface/del', { id: ext.values!.id })).toMatchObject({ result: 'ok' });
  });

  it('a menu entry with a button is built, granted, and reaches a signed-in user of that role without a new login', async () => {
    const op = await signedIn(server.url, 'platform');
    const tree = flat((await callAs<TreeNode[]>(server.url, op.token, '/v1/menu/tree')).values!);
    const system = tree.find((n) => n.path === '/manage' && n.tenantId === null)!;
    // The flat list finds entries by name, path, component or code, and by kind.
    const found = await callAs<Array<{ path: string; uriType: number }>>(server.url, op.token, '/vue/menu/list', {
      keyword: 'manage/users',
    });
    expect(found.values!.map((e) => e.path)).toContain('/manage/users');
    const buttonsOnly = await callAs<Array<{ uriType: number; code: string }>>(server.url, op.token, '/vue/menu/list', {
      uriType: 2,
      keyword: 'user:',
    });
    expect(buttonsOnly.values!.every((e) => e.uriType === 2 && e.code.startsWith('user:'))).toBe(true);
    expect(buttonsOnly.values!.length).toBeGreaterThanOrEqual(4);
    const bad = await callAs(server.url, op.token, '/vue/perm/save', { parentId: system.id, name: '报表', path: 'reports', uriType: 1 });
    expect(bad).toMatchObject({ result: 'error', field: 'path' });
    expect(
      await callAs(server.url, op.token, '/vue/perm/save', { parentId: system.id, name: '重复', path: '/manage/users', uriType: 1 }),
    ).toMatchObject({ result: 'error', field: 'path', errmsg: '路径已被“用户管理”使用' });
    // an English console hears the entry's English name
    expect(
      await callAs(server.url, { UserToken: op.token, 'Accept-Language': 'en' }, '/vue/perm/save', {
        parentId: system.id,
        name: '重复',
        path: '/manage/users',
        uriType: 1,
      }),
    ).toMatchObject({ result: 'error', field: 'path', errmsg: 'The path is taken by “Users”' });

    // The shared entries carry their English names; an entry's own is checked like its name.
    expect(system).toMatchObject({ name: '系统管理', nameEn: 'System' });
    expect(
      await callAs(server.url, op.token, '/vue/perm/save', {
        parentId: system.id,
        name: '长',
        nameEn: 'x'.repeat(65),
        path: '/manage/long',
        uriType: 1,
      }),
    ).toMatchObject({ result: 'error', field: 'nameEn', errmsg: '英文名称不能超过 64 个字符' });
    const page = await callAs<{ id: number }>(server.url, op.token, '/vue/perm/save', {
      parentId: system.id,
      name: '运营报表',
      nameEn: 'Operations report',
      path: '/manage/ops-report',
      icon: JSON.stringify({ icon: 'data', name: '运营报表', hidden: false }),
      uriType: 1,
      needButtonPermission: true,
      component: 'manage/logs',
    });
    expect(page.result).toBe('ok');
    const button = await callAs<{ id: number }>(server.url, op.token, '/vue/perm/save', {
      parentId: page.values!.id,
      name: '导出',
      uriType: 2,
      code: 'report:export',
    });
    expect(button.result).toBe('ok');
    expect(
      flat((await callAs<TreeNode[]>(server.url, op.token, '/v1/menu/tree')).values!).find((n) => n.id === page.values!.id),
    ).toMatchObject({
      nameEn: 'Operations report',
    });
    // The operator's own menu says it in English to an English console.
    await initUserPermission(op.api);
    const opModel = buildMenuModel(await fetchMenuTree(op.api), undefined, true);
    expect(opModel.routes.find((r) => r.path === '/manage/ops-report')).toMatchObject({ title: 'Operations report', trail: ['System'] });
    expect(
      await callAs(server.url, op.token, '/vue/perm/save', {
        parentId: page.values!.id,
        name: '再导出',
        uriType: 2,
        code: 'report:export',
      }),
    ).toMatchObject({ result: 'error', field: 'code', errmsg: '该页面下已有此按钮编码' });
    // An entry of an installed page starts related to that page's calls.
    const related = await callAs<number[]>(server.url, op.token, '/permission/getPageFuncRelation', { menuId: page.values!.id });
    expect(related.values!.length).toBeGreaterThan(0);

    // Give it to tenant 1 (its admin then holds it) and grant it to the 租户管理员 role there.
    const relation = await callAs<number[]>(server.url, op.token, '/v1/tenantPagesRelation/selRelationList', { tenantId: 1 });
    await callAs(server.url, op.token, '/v1/tenantPagesRelation/addRelation', {
      tenantId: 1,
      menuIds: [...relation.values!, page.values!.id, button.values!.id],
    });
    const tenantAdmin = await signedIn(server.url, 'tenantadmin');
    const stream = await openEvents(server.url, tenantAdmin.token);
    const admin = await signedIn(server.url, 'admin');
    const roles = await callAs<Array<{ id: number; name: string }>>(server.url, admin.token, '/v1/role/list');
    const role = roles.values!.find((r) => r.name === '租户管理员')!;
    const perms = await callAs<number[]>(server.url, admin.token, '/v1/rolePerm/list', { roleId: role.id });
    expect(
      await callAs(server.url, admin.token, '/v1/rolePerm/save', {
        roleId: role.id,
        menuIds: [...perms.values!, page.values!.id, button.values!.id],
      }),
    ).toMatchObject({ result: 'ok' });
    await stream.until(/event: permissions/);
    const menu = await callAs<MenuNode[]>(server.url, tenantAdmin.token, '/permission/treeMenu4VUE');
    const entry = leaves(menu.result as unknown as MenuNode[]).find((n) => n.path === '/manage/ops-report');
    expect(entry).toMatchObject({
      name: '运营报表',
      needButtonPermission: true,
      children: [expect.objectContaining({ code: 'report:export' })],
    });

    // Deleting it while the user has it: asked first, then gone, and the user's session is told.
    expect(await callAs(server.url, op.token, '/vue/menu/del', { id: page.values!.id })).toMatchObject({
      result: 'error',
      values: { children: 1, confirm: true },
    });
    expect(await callAs(server.url, op.token, '/vue/menu/del', { id: page.values!.id, confirm: true })).toMatchObject({ result: 'ok' });
    await stream.until(/event: permissions[\s\S]*event: permissions/);
    stream.close();
    const after = await callAs<MenuNode[]>(server.url, tenantAdmin.token, '/permission/treeMenu4VUE');
    expect(leaves(after.result as unknown as MenuNode[]).map((n) => n.path)).not.toContain('/manage/ops-report');
    // Platform pages cannot be deleted.
    const menuList = tree.find((n) => n.path === '/manage/menu-list')!;
    expect(await callAs(server.url, op.token, '/vue/menu/del', { id: menuList.id, confirm: true })).toMatchObject({ result: 'error' });
  });

  it('drag and drop: an entry moves under another parent and to a place among its siblings, never under itself', async () => {
    const op = await signedIn(server.url, 'platform');
    const tree = flat((await callAs<TreeNode[]>(server.url, op.token, '/v1/menu/tree')).values!);
    const base = tree.find((n) => n.path === '/base-info')!;
    const member = tree.find((n) => n.path === '/member-mng')!;
    const brand = tree.find((n) => n.path === '/base-info/brand')!;
    expect(await callAs(server.url, op.token, '/vue/menu/move', { id: brand.id, parentId: member.id, index: 0 })).toMatchObject({
      result: 'ok',
    });
    const moved = flat((await callAs<TreeNode[]>(server.url, op.token, '/v1/menu/tree')).values!).find((n) => n.id === member.id)!;
    expect(moved.children[0].id).toBe(brand.id);
    expect(await callAs(server.url, op.token, '/vue/menu/move', { id: base.id, parentId: base.children[0].id, index: 0 })).toMatchObject({
      result: 'error',
      errmsg: '不能移到自己或自己的下级之下',
    });
  });

  it('the privacy switch masks phone numbers for users without the unmask button', async () => {
    const admin = await signedIn(server.url, 'admin');
    const settings = await callAs<{ settings: Array<{ type: string; params: Record<string, unknown> }> }>(
      server.url,
      admin.token,
      '/v1/tenantOverallParams/query',
    );
    await callAs(server.url, admin.token, '/v1/tenantOverallParams/update', {
      type: 'scrm_overall_params',
      params: { ...settings.values!.settings[0].params, isPrivacy: true },
    });
    expect((await callAs(server.url, admin.token, '/v1/systemSetting/getIsPrivacy')).values).toBe(true);
    // tenantadmin loses the unmask button
    await server.query(
      `DELETE FROM role_perm rp USING role r, menu m WHERE r.id = rp.role_id AND m.id = rp.menu_id AND r.name = '租户管理员' AND m.code = 'privacy:unmask'`,
    );
    const ta = await signedIn(server.url, 'tenantadmin');
    const phones = async (token: string) =>
      (await callAs<Array<{ userName: string; phone: string }>>(server.url, token, '/v1/user/list', { pageSize: 50 })).values!.find(
        (u) => u.userName === 'tenantadmin',
      )!.phone;
    expect(await phones(admin.token)).toBe('13800000002');
    expect(await phones(ta.token)).toBe('138****0002');
  });
});
