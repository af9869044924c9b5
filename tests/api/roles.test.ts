import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { fetchUserInfo } from '@/api/calls/session/session-calls.ts';
import { rolesOf } from '../support/roles.ts';
import type { PermissionNode } from '@/api/table/roles.ts';
import { usersOf } from '../support/users.ts';
import { signedIn } from '../support/api.ts';
import { flat } from '../support/menu-tree.ts';

// Issue 10, roles and permissions: SPEC 7's calls at their paths (misspellings kept), on PGlite and PostgreSQL.
const baseUrl = inject('baseUrl');
const unique = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

async function as(userName: string) {
  const c = await signedIn(baseUrl, userName);
  return { ...c, roles: rolesOf(c.api), users: usersOf(c.api), info: (await fetchUserInfo(c.api)).userInfo };
}
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { failure?: { message: string; kind: string } }) => e.failure,
  );
const byName = (nodes: PermissionNode[], name: string) => flat(nodes).find((n) => n.name === name)!;

describe('roles', () => {
  it('creates, renames and deletes a role; the tree shows it under its parent; names are unique per tenant', async () => {
    const admin = await as('admin');
    const parent = (await admin.roles.list()).find((r) => r.name === '租户管理员')!;
    const name = unique('角色');
    const { id } = await admin.roles.save({ name, parentId: parent.id });
    const tree = await admin.roles.tree();
    const flatTree = (ns: typeof tree): typeof tree => ns.flatMap((n) => [n, ...flatTree(n.children)]);
    expect(
      flatTree(tree)
        .find((n) => n.id === parent.id)!
        .children.map((c) => c.name),
    ).toContain(name);
    expect(await failureOf(admin.roles.save({ name: '超级管理员' }))).toMatchObject({ message: '角色名称已存在' });
    // The body is checked by the role schema the page's form uses.
    expect(await failureOf(admin.roles.save({ name: '  ' }))).toMatchObject({ message: '角色名称不能为空' });
    expect(await failureOf(admin.roles.save({ name: '角'.repeat(33) }))).toMatchObject({ message: '角色名称不能超过 32 个字' });
    expect(await failureOf(admin.roles.save({ name, parentId: 'x' as unknown as number }))).toMatchObject({ message: '上级角色不存在' });
    expect(await failureOf(admin.api.call('/v1/role/save', { name, color: 'red' }))).toMatchObject({
      message: '请求含有未知字段 color，请删除后重试',
    });
    // An English name beside the name, kept and listed; the demo's roles have theirs.
    expect(parent.nameEn).toBe('Tenant administrator');
    expect(await failureOf(admin.roles.save({ id, name, nameEn: 'x'.repeat(65), parentId: parent.id }))).toMatchObject({
      message: '英文名称不能超过 64 个字符',
    });
    await admin.roles.save({ id, name, nameEn: 'Night shift', parentId: parent.id });
    expect((await admin.roles.list()).find((r) => r.id === id)).toMatchObject({ name, nameEn: 'Night shift' });
    await admin.roles.save({ id, name: `${name}改`, parentId: parent.id });
    // A save that does not send it (SPEC's body) keeps it.
    expect((await admin.roles.list()).find((r) => r.id === id)).toMatchObject({ nameEn: 'Night shift' });
    expect((await admin.roles.list()).find((r) => r.id === id)!.name).toBe(`${name}改`);
    expect(await failureOf(admin.roles.save({ id: parent.id, name: parent.name, parentId: id }))).toMatchObject({
      message: '上级角色不能是自己的下级',
    });
    await admin.roles.remove(id);
    expect((await admin.roles.list()).some((r) => r.id === id)).toBe(false);
  });

  it('refuses to delete a role while users hold it, with their count', async () => {
    const admin = await as('admin');
    // A role of this test's own: other files add users to the demo's roles on the same server while this one runs.
    const { id } = await admin.roles.save({
      name: unique('角色'),
      parentId: (await admin.roles.list()).find((r) => r.name === '租户管理员')!.id,
    });
    const depart = admin.info.allDepartList!.find((d) => d.departName === '华东大区')!.id;
    const holders = [unique('u'), unique('u')];
    for (const userName of holders) {
      await admin.users.save(
        { userName, nickname: '测试用户', phone: '', userType: 1, departIds: [depart], roleIds: [id] },
        'Passw0rd2026',
      );
    }
    expect((await admin.roles.list()).find((r) => r.id === id)!.userCount).toBe(2);
    expect(await failureOf(admin.roles.remove(id))).toMatchObject({ message: '该角色下还有 2 个用户，请先移除这些用户的角色' });
    expect((await admin.roles.users(id)).rows.map((u) => u.userName).sort()).toEqual([...holders].sort());
    // The demo's staff role is held by its staff accounts.
    const staffRole = (await admin.roles.list()).find((r) => r.name === '门店员工')!;
    expect((await admin.roles.users(staffRole.id)).rows.map((u) => u.userName)).toEqual(expect.arrayContaining(['staff', 'nophone']));
    expect((await failureOf(admin.roles.remove(staffRole.id)))?.message).toMatch(/^该角色下还有 \d+ 个用户，请先移除这些用户的角色$/);
  });

  it('another tenant’s roles are unknown on every call', async () => {
    const admin = await as('admin');
    const admin2 = await as('admin2');
    const role = (await admin.roles.list())[0];
    const refused = await Promise.all(
      [
        admin2.roles.save({ id: role.id, name: 'x' }),
        admin2.roles.remove(role.id),
        admin2.roles.permissions(role.id),
        admin2.roles.savePermissions(role.id, []),
      ].map(failureOf),
    );
    for (const f of refused) expect(f).toMatchObject({ message: '角色不存在' });
    expect((await admin.roles.list()).find((r) => r.id === role.id)!.name).toBe(role.name);
  });
});

describe('role permissions', () => {
  it('saves a role’s pages and buttons and answers what changed; the tree marks them checked', async () => {
    const admin = await as('admin');
    const { id } = await admin.roles.save({ name: unique('权限'), parentId: null });
    const tree = await admin.roles.permissionTree(id);
    const users = byName(tree, '用户管理');
    const del = users.children.find((c) => c.code === 'user:del')!;
    const diff = await admin.roles.savePermissions(id, [users.id, del.id]);
    expect(diff).toEqual({ added: [users.id, del.id].sort((a, b) => a - b), removed: [] });
    expect(await admin.roles.savePermissions(id, [users.id])).toEqual({ added: [], removed: [del.id] });
    const again = await admin.roles.permissionTree(id);
    expect(byName(again, '用户管理').checked).toBe(true);
    expect(byName(again, '用户管理').children.find((c) => c.code === 'user:del')!.checked).toBe(false);
    expect(await admin.roles.permissions(id)).toEqual([users.id]);
    // asked in English, the tree names each entry by its English name (issue 45: it said 用户管理 in English)
    const english = (await (
      await fetch(`${baseUrl}/manage/v1/role/queryRolePemission`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', UserToken: admin.token, 'Accept-Language': 'en' },
        body: JSON.stringify({ roleId: id }),
      })
    ).json()) as { values: PermissionNode[] };
    expect(byName(english.values, 'Users').id).toBe(users.id);
    expect(flat(english.values).map((n) => n.name)).toEqual(expect.arrayContaining(['Home', 'Workbench', 'System']));
    // A button goes with its page, never alone.
    expect(await failureOf(admin.roles.savePermissions(id, [del.id]))).toMatchObject({
      message: '按钮须和所在页面一起授予：“用户管理”的“删除”',
    });
    // ...said to an English console by the names the English tree gives them
    const delEn = byName(english.values, 'Users').children.find((c) => c.code === 'user:del')!.name;
    expect(delEn).toMatch(/^[A-Za-z ]+$/);
    const refusedEn = (await (
      await fetch(`${baseUrl}/manage/v1/rolePerm/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', UserToken: admin.token, 'Accept-Language': 'en' },
        body: JSON.stringify({ roleId: id, menuIds: [del.id] }),
      })
    ).json()) as { errmsg: string };
    expect(refusedEn.errmsg).toBe(`A button is granted with its page: “${delEn}” of “Users”`);
    expect(await admin.roles.permissions(id)).toEqual([users.id]);
  });

  it('copies one role’s permissions to another', async () => {
    const admin = await as('admin');
    const staffRole = (await admin.roles.list()).find((r) => r.name === '门店员工')!;
    const { id } = await admin.roles.save({ name: unique('复制'), parentId: null });
    await admin.roles.copy(staffRole.id, id);
    expect(await admin.roles.permissions(id)).toEqual(await admin.roles.permissions(staffRole.id));
  });

  it('no escalation: tenantadmin grants only what it holds, edits only roles below its own, never its own roles', async () => {
    const ta = await as('tenantadmin');
    const admin = await as('admin');
    const roles = await admin.roles.list();
    const own = roles.find((r) => r.name === '租户管理员')!;
    const superRole = roles.find((r) => r.name === '超级管理员')!;
    // Its own role and the super admin role are not below it.
    expect(await failureOf(ta.roles.savePermissions(own.id, []))).toMatchObject({ message: '只能修改自己角色之下的角色' });
    expect(await failureOf(ta.roles.save({ id: superRole.id, name: superRole.name }))).toMatchObject({
      message: '只能修改自己角色之下的角色',
    });
    // A role below its own: it may grant its own permissions, never one it lacks (user:del).
    const { id } = await ta.roles.save({ name: unique('下级'), parentId: own.id });
    const tree = await ta.roles.permissionTree(id);
    const users = byName(tree, '用户管理');
    const del = users.children.find((c) => c.code === 'user:del')!;
    expect(del.grantable).toBe(false);
    expect(await failureOf(ta.roles.savePermissions(id, [users.id, del.id]))).toMatchObject({ message: '不能授予自己没有的权限' });
    await expect(ta.roles.savePermissions(id, [users.id])).resolves.toEqual({ added: [users.id], removed: [] });
    // Copying the super admin's permissions would grant what it lacks.
    expect(await failureOf(ta.roles.copy(superRole.id, id))).toMatchObject({ message: '不能授予自己没有的权限' });
    // Never its own roles, and a role beyond its own cannot be given to anyone.
    expect(await failureOf(ta.roles.assign(ta.info.id, []))).toMatchObject({ message: '不能修改自己的角色' });
    const created = await ta.users.save(
      {
        userName: unique('r'),
        nickname: '丁',
        phone: '',
        userType: 1,
        departIds: [ta.info.allDepartList!.find((d) => d.departName === '总部')!.id],
        roleIds: [],
      },
      'Passw0rd2026',
    );
    expect(await failureOf(ta.roles.assign(created.id, [superRole.id]))).toMatchObject({ message: '不能分配超出自己权限的角色' });
    await expect(ta.roles.assign(created.id, [id])).resolves.toMatchObject({ uid: created.id, rids: [id] });
  });

  it('/v1/userRole/save takes a multipart form (uid, rids) and tells the user’s sessions', async () => {
    const admin = await as('admin');
    const staffRole = (await admin.roles.list()).find((r) => r.name === '门店员工')!;
    const { id: uid } = await admin.users.save(
      { userName: unique('m'), nickname: '戊', phone: '', userType: 1, departIds: [admin.info.allDepartList![0].id], roleIds: [] },
      'Passw0rd2026',
    );
    const form = new FormData();
    form.append('uid', String(uid));
    form.append('rids', String(staffRole.id));
    const res = await fetch(`${baseUrl}/manage/v1/userRole/save`, { method: 'POST', headers: { UserToken: admin.token }, body: form });
    expect(await res.json()).toMatchObject({ result: 'ok' });
    expect((await admin.users.detail(uid)).roleIds).toEqual([staffRole.id]);
    const mapping = await admin.roles.userRoles(uid);
    expect(mapping).toEqual([expect.objectContaining({ userId: uid, roleIds: [staffRole.id], roleNames: '门店员工' })]);
  });

  it('a role without the role buttons gets 403', async () => {
    const ta = await as('tenantadmin');
    const staff = await as('staff');
    const refused = await Promise.all([staff.roles.list(), staff.roles.save({ name: 'x' }), ta.roles.remove(1)].map(failureOf));
    for (const f of refused) expect(f).toMatchObject({ kind: 'forbidden' });
  });
});
