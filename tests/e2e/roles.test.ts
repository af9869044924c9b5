import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { fetchUserInfo, login } from '@/api/calls/session/session-calls.ts';
import { saveUser } from '@/api/calls/system/user-calls.ts';
import { rolesOf } from '../support/roles.ts';
import { clientFor, signedIn } from '../support/api.ts';
import { hashOf, useBrowser } from '../support/browser.ts';
import { flatten } from '@/menu/permission-tree.ts';

// Issue 10: the roles page in Chromium. The test works on a role of its own, so no other test's menu changes.
const ui = useBrowser();
const toast = (page: Page, text: string | RegExp) => page.locator('.fui-Toast').filter({ hasText: text });

describe('roles page', () => {
  it('creates a role, grants it a page through the permission tree (saying what changes), and its user sees that page', async () => {
    const page = await ui.signedInPage('admin');
    await page.goto(`${ui.baseUrl}/#/manage/roles`);
    await page.getByRole('heading', { name: '角色管理', level: 1 }).waitFor();
    const name = `e2e角色${randomBytes(2).toString('hex')}`;
    await page.getByRole('button', { name: '新增角色' }).click();
    await page.getByLabel('角色名称').fill(name);
    await page.getByRole('combobox', { name: '上级角色' }).selectOption({ label: '无（顶级角色）' });
    // One 新增角色 (the header's); the form saves with 保存.
    await expect.poll(() => page.getByRole('button', { name: '新增角色' }).count()).toBe(1);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await toast(page, '操作成功').first().waitFor();
    await page.waitForURL(/role=\d+/);
    const roleId = Number(new URL(page.url().replace('#', '')).searchParams.get('role'));
    // The role list is searched by name.
    const roleSearch = page.getByRole('searchbox', { name: '搜索角色' });
    await roleSearch.fill(name);
    await expect.poll(() => page.getByRole('tree', { name: '角色', exact: true }).getByRole('treeitem').count()).toBe(1);
    await roleSearch.fill('没有这个角色');
    await page.getByText('没有匹配的角色').waitFor();
    await roleSearch.fill('');
    await expect.poll(() => page.getByRole('tree', { name: '角色', exact: true }).getByRole('treeitem').count()).toBeGreaterThan(2);

    // Search the tree, tick 用户管理 (its six buttons come with it): the page says what will change, the confirmation
    // lists it by name.
    const tree = page.getByRole('tree', { name: '权限' });
    await page.getByRole('textbox', { name: '搜索菜单或按钮' }).fill('用户管理');
    await tree.getByRole('checkbox', { name: '用户管理', exact: true }).check();
    await page.getByText('将新增 8 项、移除 0 项权限：').waitFor();
    await page.getByRole('button', { name: '保存权限' }).click();
    const confirm = page.getByRole('dialog', { name: '提示' });
    await confirm.getByText('新增：用户管理').waitFor();
    await expect.poll(() => confirm.getByText('新增：系统管理').count()).toBe(1);
    await expect.poll(() => confirm.getByText('新增：导入').count()).toBe(1);
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast(page, '操作成功：新增 8 项，移除 0 项').waitFor();

    // A user holding only this role sees 系统管理 › 用户管理 and nothing of the other sections, and its buttons work.
    const admin = await signedIn(ui.baseUrl, 'admin');
    const info = (await fetchUserInfo(admin.api)).userInfo;
    const userName = `rl${randomBytes(3).toString('hex')}`;
    await saveUser(
      admin.api,
      {
        userName,
        nickname: '角色测试',
        phone: `137${String(Date.now()).slice(-8)}`,
        userType: 1,
        departIds: [info.allDepartList![0].id],
        roleIds: [roleId],
      },
      'Passw0rd2026',
    );
    const other = await ui.newPage();
    await other.goto(`${ui.baseUrl}/#/login`);
    await other.getByLabel('账号').fill(userName);
    await other.getByLabel('密码').fill('Passw0rd2026');
    await other.getByRole('button', { name: '登录' }).click();
    await other.waitForURL(/#\/manage\/users$/);
    const entries = (await other.getByRole('navigation', { name: '侧边菜单' }).getByRole('listitem').allTextContents()).map((x) =>
      x.trim(),
    );
    expect(entries).toEqual(['系统管理']);
    await other.getByRole('heading', { name: '用户管理', level: 1 }).waitFor();
    await expect.poll(() => other.getByRole('button', { name: '新增用户' }).first().getAttribute('aria-disabled')).toBe(null);
    await Promise.all([page, other].map((p) => p.context().close()));
  });

  it('refuses to delete a role its users still hold, with their count; shows the role’s users', async () => {
    const page = await ui.signedInPage('admin');
    const staffRole = (await rolesOf((await signedIn(ui.baseUrl, 'admin')).api).list()).find((r) => r.name === '门店员工')!;
    await page.goto(`${ui.baseUrl}/#/manage/roles?role=${staffRole.id}&tab=users`);
    await page.getByRole('cell', { name: 'staff', exact: true }).waitFor();
    await page.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await toast(page, /该角色下还有 \d+ 个用户，请先移除这些用户的角色/).waitFor();
    await page.context().close();
  });

  it('tenantadmin sees roles it may not change as read-only, and cannot grant what it lacks', async () => {
    const page = await ui.signedInPage('tenantadmin');
    const roles = await rolesOf((await signedIn(ui.baseUrl, 'admin')).api).list();
    const own = roles.find((r) => r.name === '租户管理员')!;
    await page.goto(`${ui.baseUrl}/#/manage/roles?role=${own.id}`);
    await page.getByText('只能修改自己角色之下的角色；这里只能查看。').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '保存权限' }).count()).toBe(0);
    const tree = page.getByRole('tree', { name: '权限' });
    await page.getByRole('button', { name: '展开全部' }).click();
    await expect.poll(() => tree.getByRole('checkbox', { name: /^删除\s*user:del$/ }).isDisabled()).toBe(true);
    // The user it signs in as cannot do more than its role lets it (login works; no escalation from the UI).
    // eslint-disable-next-line no-restricted-syntax -- an API answer, not UI state (and a login must not be repeated)
    expect(await login(clientFor(ui.baseUrl).api, { userName: 'tenantadmin', password: 'Admin@2026' })).toBeTruthy();
    await page.context().close();
  });

  it('live: a button revoked in one browser disables in the other without a reload; a page revoked sends its user to the first leaf', async () => {
    // A role with 工作台 and 用户管理 (with 新增), and a user holding only it.
    const admin = await signedIn(ui.baseUrl, 'admin');
    const roles = rolesOf(admin.api);
    const { id: roleId } = await roles.save({ name: `e2e实时${randomBytes(2).toString('hex')}`, parentId: null });
    const tree = flatten(await roles.permissionTree(roleId));
    const pick = (name: string) => tree.find((n) => n.name === name)!;
    const add = tree.find((n) => n.code === 'user:add')!;
    await roles.savePermissions(roleId, [pick('首页').id, pick('工作台').id, pick('系统管理').id, pick('用户管理').id, add.id]);
    const info = (await fetchUserInfo(admin.api)).userInfo;
    const userName = `lv${randomBytes(3).toString('hex')}`;
    await saveUser(
      admin.api,
      {
        userName,
        nickname: '实时',
        phone: `136${String(Date.now()).slice(-8)}`,
        userType: 1,
        departIds: [info.allDepartList![0].id],
        roleIds: [roleId],
      },
      'Passw0rd2026',
    );

    const user = await ui.newPage();
    await user.goto(`${ui.baseUrl}/#/login`);
    await user.getByLabel('账号').fill(userName);
    await user.getByLabel('密码').fill('Passw0rd2026');
    await user.getByRole('button', { name: '登录' }).click();
    await user.waitForURL(/#\/dashboard$/);
    await user.goto(`${ui.baseUrl}/#/manage/users`);
    const addButton = user.getByRole('button', { name: '新增用户' }).first();
    await addButton.waitFor();
    await expect.poll(() => addButton.getAttribute('aria-disabled')).toBeNull();
    // 导出 and 详情 are buttons of their own (user:export, user:detail), which this role lacks.
    await expect.poll(() => user.getByRole('button', { name: '导出', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => user.getByRole('button', { name: '详情 admin' }).getAttribute('aria-disabled')).toBe('true');
    await user.getByRole('button', { name: '详情 admin' }).focus();
    await user.getByRole('tooltip', { name: '您没有权限' }).waitFor();
    const reloads: string[] = [];
    user.on('framenavigated', (f) => f === user.mainFrame() && reloads.push(f.url()));

    // The admin takes 新增 away in the roles page.
    const page = await ui.signedInPage('admin');
    await page.goto(`${ui.baseUrl}/#/manage/roles?role=${roleId}`);
    const permissionTree = page.getByRole('tree', { name: '权限' });
    await page.getByRole('textbox', { name: '搜索菜单或按钮' }).fill('user:add');
    await permissionTree.getByRole('checkbox', { name: /^新增\s*user:add$/ }).uncheck();
    await page.getByRole('button', { name: '保存权限' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await toast(page, '操作成功：新增 0 项，移除 1 项').waitFor();

    // The other browser: the button disables in place, no reload, still on the page.
    await expect.poll(() => addButton.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true');
    expect(reloads.filter((u) => !u.includes('#/manage/users'))).toEqual([]);
    await expect.poll(() => hashOf(user)).toBe('#/manage/users');

    // Taking the page away sends the user to the first leaf, with one message.
    await roles.savePermissions(roleId, [pick('首页').id, pick('工作台').id]);
    await user.waitForURL(/#\/dashboard$/, { timeout: 10_000 });
    await toast(user, '您的权限已变更，当前页面已不可用，已返回首页').waitFor();
    await expect
      .poll(() => user.getByRole('navigation', { name: '侧边菜单' }).getByRole('button', { name: '系统管理', exact: true }).count())
      .toBe(0);
    // The palette's index follows the new menu: the page is no longer offered.
    await user.keyboard.press('Control+k');
    const palette = user.getByRole('dialog', { name: '命令面板' });
    await palette.getByRole('combobox', { name: '命令面板' }).fill('yhgl');
    await palette.getByText('没有匹配的菜单').waitFor();
    await expect.poll(() => palette.getByRole('option', { name: /用户管理/ }).count()).toBe(0);
    await Promise.all([page, user].map((p) => p.context().close()));
  });
});
