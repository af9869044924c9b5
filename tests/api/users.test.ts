import { describe, expect, inject, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { fetchUserInfo, login } from '@/api/calls/session/session-calls.ts';
import type { UserRow } from '@/api/calls/system/user-calls.ts';
import { userImportsOf, usersOf } from '../support/users.ts';
import { rolesOf } from '../support/roles.ts';
import { departApi } from '@/api/table/base-info.ts';
import type { PermissionNode } from '@/api/table/roles.ts';
import type { Sent } from '@/api/table/define.ts';
import type { userApi } from '@/api/table/users.ts';

/** A user as a test sends it to /v1/user/save. */
type UserInput = Sent<typeof userApi.save>;
import { callAs, clientFor, signedIn } from '../support/api.ts';

// Issue 10, users: every call at its SPEC path, on PGlite and PostgreSQL.
const baseUrl = inject('baseUrl');
const PASSWORD = 'Passw0rd2026';
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

async function as(userName: string) {
  const c = await signedIn(baseUrl, userName);
  return { ...c, users: usersOf(c.api), info: (await fetchUserInfo(c.api)).userInfo };
}
const departId = (info: Awaited<ReturnType<typeof as>>['info'], name: string) => info.allDepartList!.find((d) => d.departName === name)!.id;

/** A new user of tenant 1 made by admin (in 华东大区 unless told). */
/** What `newUser` gives a user beyond its account: a name, no phone, a staff user of 华东大区 (or `depart`) with no role. */
const newUserFields = (info: Parameters<typeof departId>[0], depart = '华东大区'): Omit<UserInput, 'userName'> => ({
  nickname: '测试用户',
  phone: '',
  userType: 1,
  departIds: [departId(info, depart)],
  roleIds: [],
});

async function newUser(extra: Partial<UserInput> = {}) {
  const admin = await as('admin');
  const userName = unique('u');
  const { id } = await admin.users.save({ userName, ...newUserFields(admin.info), ...extra }, PASSWORD);
  return { id, userName, admin };
}

/** A client signed in as a user made here (their initial password). */
async function signedInAs(userName: string) {
  const c = clientFor(baseUrl);
  c.store.setItem('UserToken', await login(c.api, { userName, password: PASSWORD }));
  return c;
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { failure?: { message: string; field?: string; kind: string } }) => e.failure,
  );

describe('users: list', () => {
  it('filters by keyword (account, nickname or phone), status, type, role and department; sorts; pages', async () => {
    const admin = await as('admin');
    const byPhone = await admin.users.list({ pageNum: 1, pageSize: 10, keyword: '13800000003' });
    expect(byPhone.rows.map((r) => r.userName)).toEqual(['staff']);
    const staffRole = (await rolesOf(admin.api).list()).find((r) => r.name === '门店员工')!;
    const byRole = await admin.users.list({ pageNum: 1, pageSize: 200, roleId: staffRole.id });
    expect(byRole.rows.map((r) => r.userName)).toEqual(expect.arrayContaining(['staff', 'nophone']));
    expect(byRole.rows.every((r) => r.roleIds.includes(staffRole.id))).toBe(true);
    const admins = await admin.users.list({ pageNum: 1, pageSize: 200, userType: 2 });
    expect(admins.rows.every((r) => r.userType === 2)).toBe(true);
    const south = await admin.users.list({ pageNum: 1, pageSize: 200, departId: departId(admin.info, '华南大区') });
    expect(south.rows.every((r) => r.departIds.includes(departId(admin.info, '华南大区')))).toBe(true);
    const sorted = await admin.users.list({ pageNum: 1, pageSize: 200, sortField: 'userName', sortOrder: 'descend' });
    const names = sorted.rows.map((r) => r.userName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    // Other files add users meanwhile: a page is compared with the whole list read around it, unchanged.
    await vi.waitFor(
      async () => {
        const whole = () => admin.users.list({ pageNum: 1, pageSize: 200, sortField: 'userName', sortOrder: 'descend' });
        const before = await whole();
        const page2 = await admin.users.list({ pageNum: 2, pageSize: 2, sortField: 'userName', sortOrder: 'descend' });
        const after = await whole();
        expect(after.rows.map((r) => r.userName)).toEqual(before.rows.map((r) => r.userName));
        expect(page2.rows.map((r) => r.userName)).toEqual(before.rows.slice(2, 4).map((r) => r.userName));
        expect(page2.count).toBe(before.count);
      },
      { timeout: 10_000 },
    );
    await expect(admin.api.call('/v1/user/list', { sortField: 'password_hash' })).rejects.toThrow('排序字段不正确');
    // Every page, read from either end (pages past the middle are read backwards), is its slice of the whole list.
    // The walk covers users only this test makes, so other files adding users meanwhile change nothing here.
    const tag = randomBytes(3).toString('hex');
    const east = departId(admin.info, '华东大区');
    for (const nick of ['丙', '甲', '戊', '乙', '丁', '己', '庚']) {
      await admin.users.save(
        { userName: unique('pg'), nickname: `翻页${tag}${nick}`, phone: '', userType: 1, departIds: [east], roleIds: [] },
        PASSWORD,
      );
    }
    for (const sortOrder of ['ascend', 'descend'] as const) {
      const query = { keyword: `翻页${tag}`, sortField: 'nickname' as const, sortOrder };
      const whole = (await admin.users.list({ pageNum: 1, pageSize: 200, ...query })).rows.map((r) => r.id);
      expect(whole).toHaveLength(7);
      const size = 3;
      for (let p = 1; p <= Math.ceil(whole.length / size) + 1; p++) {
        const page = await admin.users.list({ pageNum: p, pageSize: size, ...query });
        expect(
          page.rows.map((r) => r.id),
          `${sortOrder} page ${p}`,
        ).toEqual(whole.slice((p - 1) * size, p * size));
      }
    }
  });
});

describe('users: save', () => {
  it('creates a user who can sign in with the initial password; the account name is checked while typing', async () => {
    const { userName, admin } = await newUser({ nickname: '新同事', phone: `139${String(Date.now()).slice(-8)}` });
    expect(await admin.users.checkUsername(userName)).toBe(false);
    expect(await admin.users.checkUsername(userName.toUpperCase())).toBe(false);
    expect(await admin.users.checkUsername(unique('free'))).toBe(true);
    const fresh = clientFor(baseUrl);
    expect(await login(fresh.api, { userName, password: PASSWORD })).toBeTruthy();
  });

  it('refuses bad fields with the field named, so the form shows the message under it', async () => {
    const admin = await as('admin');
    const base: UserInput = { userName: unique('v'), ...newUserFields(admin.info, '总部'), nickname: '甲' };
    const refused: Array<[change: Partial<UserInput>, field: string, message?: string]> = [
      [{ userName: '1bad' }, 'userName', '账号须为 4-32 位字母、数字或下划线，以字母开头'],
      [{ userName: 'admin' }, 'userName', '该账号已被使用'],
      [{ phone: '123' }, 'phone', '请输入正确格式的手机号'],
      [{ phone: '13800000001' }, 'phone', '该手机号已被本租户的其他账号使用'],
      [{ departIds: [] }, 'departIds'],
      [{ nickname: '<script>x</script>' }, 'nickname'],
    ];
    for (const [change, field, message] of refused) {
      const failure = await failureOf(admin.users.save({ ...base, ...change }, PASSWORD));
      expect(failure, JSON.stringify(change)).toMatchObject(message ? { field, message } : { field });
    }
    expect(await failureOf(admin.users.save(base, 'short'))).toMatchObject({
      field: 'password',
      message: '密码须为 8-32 位，且同时包含字母和数字',
    });
  });

  it('edits a user (nickname, departments, roles) without touching the account or password', async () => {
    const { id, userName, admin } = await newUser();
    const staffRole = (await rolesOf(admin.api).list()).find((r) => r.name === '门店员工')!;
    await admin.users.save({
      id,
      nickname: '改名了',
      phone: '',
      userType: 1,
      departIds: [departId(admin.info, '总部')],
      roleIds: [staffRole.id],
    });
    const after = await admin.users.detail(id);
    expect(after).toMatchObject({
      userName,
      nickname: '改名了',
      departIds: [departId(admin.info, '总部')],
      roleIds: [staffRole.id],
      roleNames: '门店员工',
    });
    expect(await login(clientFor(baseUrl).api, { userName, password: PASSWORD })).toBeTruthy();
  });
});

describe('users: no privilege escalation (checked on the server)', () => {
  it('tenantadmin (userType 2, 总部) cannot give type 0, roles beyond its own, or departments outside its scope', async () => {
    const ta = await as('tenantadmin');
    const admin = await as('admin');
    const roles = await rolesOf(admin.api).list();
    const superRole = roles.find((r) => r.name === '超级管理员')!;
    const base: UserInput = { userName: unique('e'), ...newUserFields(ta.info, '总部'), nickname: '乙' };
    expect(await failureOf(ta.users.save({ ...base, userType: 0 }, PASSWORD))).toMatchObject({
      field: 'userType',
      message: '不能设置高于自己的用户类型',
    });
    expect(await failureOf(ta.users.save({ ...base, roleIds: [superRole.id] }, PASSWORD))).toMatchObject({
      field: 'roleIds',
      message: '不能分配超出自己权限的角色',
    });
    expect(await failureOf(ta.users.save({ ...base, departIds: [departId(ta.info, '华东大区')] }, PASSWORD))).toMatchObject({
      field: 'departIds',
      message: '不能分配自己数据权限范围之外的部门',
    });
    // Within its powers it may.
    const own = roles.find((r) => r.name === '租户管理员')!;
    await expect(ta.users.save({ ...base, roleIds: [own.id] }, PASSWORD)).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it('nobody changes their own roles or type; nobody edits a user above them or outside their scope', async () => {
    const admin = await as('admin');
    const me = (await admin.users.list({ pageNum: 1, pageSize: 1, keyword: 'admin', userType: 0 })).rows[0];
    const own = {
      id: me.id,
      nickname: me.nickname,
      phone: me.phone,
      userType: me.userType,
      departIds: me.departIds,
      roleIds: [] as number[],
    };
    expect(await failureOf(admin.users.save(own))).toMatchObject({ field: 'roleIds', message: '不能修改自己的角色' });
    const ta = await as('tenantadmin');
    const adminRow = await ta.users.detail(me.id);
    expect(
      await failureOf(
        ta.users.save({ id: me.id, nickname: 'x', phone: '', userType: 0, departIds: adminRow.departIds, roleIds: adminRow.roleIds }),
      ),
    ).toMatchObject({ message: expect.stringMatching(/不能设置高于自己的用户类型|不能修改用户类型高于自己的账号/) });
    const staffId = (await admin.users.list({ pageNum: 1, pageSize: 10, keyword: '13800000003' })).rows[0].id;
    expect(
      await failureOf(
        ta.users.save({ id: staffId, nickname: 'x', phone: '', userType: 1, departIds: [departId(ta.info, '总部')], roleIds: [] }),
      ),
    ).toMatchObject({
      kind: 'departNoPermission',
    });
  });

  it('a role without the buttons gets 403 on every change; save needs user:add for new users and user:edit for edits', async () => {
    const staff = await as('staff');
    const input: UserInput = { userName: unique('s'), nickname: '丙', phone: '', userType: 1, departIds: [1], roleIds: [] };
    const refused = await Promise.all(
      [
        staff.users.save(input, PASSWORD),
        staff.users.modifyStatus(1, 0),
        staff.users.remove(1),
        staff.users.list({ pageNum: 1, pageSize: 10 }),
      ].map(failureOf),
    );
    for (const f of refused) expect(f).toMatchObject({ kind: 'forbidden' });
    const ta = await as('tenantadmin');
    expect(await failureOf(ta.users.remove(1))).toMatchObject({ kind: 'forbidden' });
  });
});

describe('users: tenant isolation', () => {
  it('another tenant’s ids are unknown on every call, and nothing changes', async () => {
    const { id, userName } = await newUser();
    const admin2 = await as('admin2');
    const input: UserInput = { id, nickname: '越权', phone: '', userType: 1, departIds: [departId(admin2.info, '总部')], roleIds: [] };
    const refused = await Promise.all(
      [admin2.users.detail(id), admin2.users.save(input), admin2.users.modifyStatus(id, 0), admin2.users.remove(id)].map(failureOf),
    );
    for (const f of refused) expect(f).toMatchObject({ message: '用户不存在' });
    expect((await admin2.users.list({ pageNum: 1, pageSize: 200, keyword: userName })).rows).toEqual([]);
    const admin = await as('admin');
    expect(await admin.users.detail(id)).toMatchObject({ nickname: '测试用户', status: 1 });
  });
});

describe('users: status and delete', () => {
  it('disabling ends the user’s sessions at once and refuses their login; enabling lets them back', async () => {
    const { id, userName, admin } = await newUser();
    const victim = await signedInAs(userName);
    await admin.users.modifyStatus(id, 0);
    expect(await failureOf(victim.api.call('/vue/userInfo'))).toMatchObject({ kind: 'expired' });
    await expect(login(clientFor(baseUrl).api, { userName, password: PASSWORD })).rejects.toThrow('账号已停用，请联系管理员');
    expect(
      (await admin.users.list({ pageNum: 1, pageSize: 10, keyword: userName, status: 0 })).rows.map((r: UserRow) => r.userName),
    ).toEqual([userName]);
    await admin.users.modifyStatus(id, 1);
    expect(await login(clientFor(baseUrl).api, { userName, password: PASSWORD })).toBeTruthy();
  });

  it('deleting removes the user from every list and ends their sessions; nobody deletes or disables themselves', async () => {
    const { id, userName, admin } = await newUser();
    const victim = await signedInAs(userName);
    await admin.users.remove(id);
    // the first page and its count are one statement: nothing matching is no row and a count of 0
    expect(await admin.users.list({ pageNum: 1, pageSize: 10, keyword: userName })).toMatchObject({ count: 0, rows: [] });
    expect(await failureOf(admin.users.detail(id))).toMatchObject({ message: '用户不存在' });
    expect(await failureOf(victim.api.call('/vue/userInfo'))).toMatchObject({ kind: 'expired' });
    expect(await failureOf(admin.users.remove(admin.info.id))).toMatchObject({ message: '不能删除当前登录的账号' });
    expect(await failureOf(admin.users.modifyStatus(admin.info.id, 0))).toMatchObject({ message: '不能停用或启用当前登录的账号' });
  });
});

describe('a call that does several things asks for the button of the one it does (Call.narrow)', () => {
  it('a role with 用户管理 and 编辑 only edits users but cannot add one; its 导出 without 导入 reads the list, not the template', async () => {
    const admin = await as('admin');
    const roles = rolesOf(admin.api);
    const { id: roleId } = await roles.save({ name: unique('只编辑'), parentId: null });
    const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const all = flat(await roles.permissionTree(roleId));
    const page = all.find((n) => n.name === '用户管理' && !n.button)!;
    const codes = ['user:edit', 'user:export'].map((code) => page.children.find((b) => b.code === code)!.id);
    await roles.savePermissions(roleId, [page.id, ...codes]);
    const { userName } = await newUser({ roleIds: [roleId] });
    const editor = usersOf((await signedInAs(userName)).api);

    // adding is the other button's: refused before the body's own rules are read (an empty account name included)
    expect(
      await failureOf(
        editor.save({ userName: unique('n'), nickname: '新', phone: '', userType: 1, departIds: [1], roleIds: [] }, PASSWORD),
      ),
    ).toMatchObject({
      kind: 'forbidden',
    });
    expect(
      await failureOf(editor.save({ userName: '', nickname: '', phone: '', userType: 1, departIds: [], roleIds: [] }, PASSWORD)),
    ).toMatchObject({
      kind: 'forbidden',
    });
    // editing someone in scope is its own
    const { id: other } = await newUser();
    const row = await editor.detail(other);
    await expect(
      editor.save({ id: other, nickname: '改过', phone: '', userType: 1, departIds: row.departIds, roleIds: row.roleIds }),
    ).resolves.toEqual({ id: other });

    // one sheets call: the list's rows need 导出, the import template 导入
    const sheets = userImportsOf((await signedInAs(userName)).api);
    await expect(sheets.sheet({ type: 'userExport' })).resolves.toMatchObject({ columns: expect.any(Array) });
    expect(await failureOf(sheets.sheet({ type: 'userTemplate' }))).toMatchObject({ kind: 'forbidden' });
  });

  it('a role with 部门管理 and 编辑 only renames a department but cannot add one', async () => {
    const admin = await as('admin');
    const made = await admin.api.send(departApi.save, { departName: unique('临时部门') });
    const roles = rolesOf(admin.api);
    const { id: roleId } = await roles.save({ name: unique('部门编辑'), parentId: null });
    const flat = (nodes: PermissionNode[]): PermissionNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const page = flat(await roles.permissionTree(roleId)).find((n) => n.children.some((b) => b.code === 'depart:edit'))!;
    await roles.savePermissions(roleId, [page.id, page.children.find((b) => b.code === 'depart:edit')!.id]);
    const { userName } = await newUser({ roleIds: [roleId] });
    const { api } = await signedInAs(userName);
    expect(await failureOf(api.send(departApi.save, { departName: unique('新部门') }))).toMatchObject({ kind: 'forbidden' });
    const renamed = unique('改名部门');
    await expect(api.send(departApi.save, { id: made.values.id, departName: renamed })).resolves.toMatchObject({
      values: { id: made.values.id },
    });
    expect((await admin.api.send(departApi.list, {})).values.find((d) => d.id === made.values.id)?.departName).toBe(renamed);
    await admin.api.send(departApi.remove, { id: made.values.id });
  });
});

describe('users: 备注, a field declared once (issue 44)', () => {
  it('is saved trimmed, listed, shown and edited; 200 characters are taken, 201 refused on the field in either language', async () => {
    const { id, userName, admin } = await newUser({ remark: '  华东区域的店长助理  ' });
    expect(await admin.users.detail(id)).toMatchObject({ userName, remark: '华东区域的店长助理' });
    expect((await admin.users.list({ keyword: userName })).rows).toEqual([expect.objectContaining({ id, remark: '华东区域的店长助理' })]);
    const edit: UserInput = { id, ...newUserFields(admin.info) };
    await admin.users.save({ ...edit, remark: '备'.repeat(200) });
    expect((await admin.users.detail(id)).remark).toBe('备'.repeat(200));
    expect(await failureOf(admin.users.save({ ...edit, remark: '备'.repeat(201) }))).toMatchObject({
      field: 'remark',
      message: '备注不能超过 200 个字',
    });
    const english = await callAs(baseUrl, { UserToken: admin.token, 'Accept-Language': 'en' }, '/v1/user/save', {
      ...edit,
      remark: 'x'.repeat(201),
    });
    expect(english).toMatchObject({ result: 'error', field: 'remark', errmsg: 'The remark is at most 200 characters' });
    expect((await admin.users.detail(id)).remark).toBe('备'.repeat(200));
    // A user made without one has none.
    const plain = await newUser();
    expect((await plain.admin.users.detail(plain.id)).remark).toBe('');
  });
});
