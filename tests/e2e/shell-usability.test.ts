import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { freshPhone, outbox, sendSmsCode, verifiedCode } from '../support/demo.ts';
import { DEMO_PASSWORD, clientFor, newAccount, signedIn } from '../support/api.ts';
import { fetchUserInfo, login, registerTenant } from '@/api/calls/session/session-calls.ts';
import { userApi } from '@/api/table/users.ts';

const { baseUrl, newPage, logIn, signedInPage } = useBrowser();
const toasts = (page: Page, text?: string) => (text ? page.locator('.fui-Toast').filter({ hasText: text }) : page.locator('.fui-Toast'));
const userMenu = (page: Page, nickname: string) => page.getByRole('button', { name: new RegExp(`^${nickname}`) });

describe('the bind-phone overlay can be left, and stays modal', () => {
  it('nothing opens over it; 切换账号 forgets the account, 退出登录 signs out', async () => {
    // An account of its own without a phone (bind-phone.test.ts gives the demo's nophone one).
    const userName = await newAccount(baseUrl, 'admin', 'nop');
    const page = await newPage();
    await page.goto(`${baseUrl}/#/login`);
    await logIn(page, userName);
    const dialog = page.getByRole('alertdialog', { name: '绑定手机号' });
    await dialog.waitFor();
    // Ctrl+K does not open the palette over it, even once the palette's chunk is loaded.
    const paletteLoaded = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => /command-palette-[\w-]+\.js$/.test(e.name)));
    await expect.poll(paletteLoaded, { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Control+K');
    // Were it to open, it would by the time the palette's own chunk has rendered the shell's next frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect.poll(() => page.getByRole('dialog', { name: '命令面板' }).count()).toBe(0);
    await dialog.getByRole('button', { name: '切换账号' }).click();
    await page.waitForURL(/#\/login/);
    // Nothing the overlay hid from assistive technology stays hidden.
    await expect.poll(() => page.locator('#root[aria-hidden="true"]').count()).toBe(0);
    await expect.poll(() => page.getByLabel('账号').inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('UserToken'))).toBeNull();

    await logIn(page, userName);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/#\/login/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('UserToken'))).toBeNull();
    await page.context().close();
  });
});

describe('online users', () => {
  it('userType 2 reaches the drawer from the user menu and the palette (no count, SPEC 2); the own session is marked', async () => {
    const page = await signedInPage('tenantadmin');
    await expect.poll(() => page.getByRole('button', { name: /在线/ }).count()).toBe(0);
    await userMenu(page, '租户管理员小李').click();
    await page.getByRole('menuitem', { name: '当前登录用户' }).click();
    const drawer = page.getByRole('dialog', { name: '当前登录用户' });
    const own = drawer.locator('tr[aria-current="true"]');
    await own.waitFor();
    await expect.poll(() => own.getByText('本机').count()).toBe(1);
    await expect.poll(() => own.getByRole('button', { name: /^强制退出/ }).isDisabled()).toBe(true);
    // One line per row: every cell is a single line high.
    const heights = await drawer.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).offsetHeight));
    expect(new Set(heights).size).toBe(1);
    await drawer.getByRole('button', { name: '关闭' }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: '命令面板' });
    await palette.getByRole('combobox').fill('当前登录');
    await palette.getByRole('option', { name: /当前登录用户/ }).click();
    await drawer.locator('tr[aria-current="true"]').waitFor();
    await page.context().close();
  });

  it('staff (userType 1) has neither the count nor the entry', async () => {
    const page = await signedInPage('staff');
    await userMenu(page, '门店店员小王').click();
    await page.getByRole('menuitem', { name: '个人信息' }).waitFor();
    await expect.poll(() => page.getByRole('menuitem', { name: '当前登录用户' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('times in the tenant’s zone', () => {
  it('a viewer in Berlin sees Shanghai times, and is told so; a viewer in Shanghai is not', async () => {
    const berlin = await signedInPage('admin', { timezoneId: 'Europe/Berlin' });
    await berlin.getByTestId('time-zone').getByText('时间按 Asia/Shanghai 显示').waitFor();
    await berlin.goto(`${baseUrl}/#/manage/users?keyword=admin2`);
    const { api } = await signedIn(baseUrl, 'admin');
    const row = (await api.send(userApi.list, { pageNum: 1, pageSize: 10, keyword: 'tenantadmin' })).values[0];
    const shanghai = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' })
      .format(new Date(row.createdAt))
      .replace(',', '');
    await berlin.goto(`${baseUrl}/#/manage/users?keyword=tenantadmin`);
    await berlin.getByRole('cell', { name: shanghai }).waitFor();
    await berlin.context().close();

    const local = await signedInPage('admin', { timezoneId: 'Asia/Shanghai' });
    await local.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await expect.poll(() => local.getByTestId('time-zone').count()).toBe(0);
    await local.context().close();
  });
});

describe('one message per event', () => {
  it('a wrong password is said once, in the form; it does not outlive the next login', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel('账号').fill('staff');
    await page.getByLabel('密码').fill('wrong-password-1');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('账号或密码错误').waitFor();
    await expect.poll(() => page.getByText('账号或密码错误').count()).toBe(1);
    await expect.poll(() => toasts(page).count()).toBe(0);
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/#\/dashboard$/);
    await expect.poll(() => page.getByText('账号或密码错误').count()).toBe(0);
    await page.context().close();
  });

  it('a disabled account is told so in the form, but only to its right password', async () => {
    const userName = await newAccount(baseUrl, 'admin', 'off');
    const { api } = await signedIn(baseUrl, 'admin');
    const row = (await api.send(userApi.list, { pageNum: 1, pageSize: 10, keyword: userName })).values[0]!;
    await api.send(userApi.modifyStatus, { id: row.id, status: 0 });
    const page = await newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel('账号').fill(userName);
    await page.getByLabel('密码').fill('wrong-password-1');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('账号或密码错误').waitFor();
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('账号已停用，请联系管理员').waitFor();
    await expect.poll(() => page.getByText(/账号或密码错误|账号已停用/).count()).toBe(1);
    await page.context().close();
  });

  it('an ended session is said once (the toast), not again in the login form', async () => {
    const page = await signedInPage('staff');
    const { api } = await signedIn(baseUrl, 'tenantadmin');
    // The page's own session id, as the shell knows it, ended by a tenant admin (force logout).
    const mine = await page.evaluate(async () => {
      const res = await fetch('/manage/vue/userInfo', {
        method: 'POST',
        headers: { UserToken: localStorage.getItem('UserToken')!, 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await res.json()) as { values: { sessionId: string } }).values.sessionId;
    });
    await api.call('/v1/user/forceLogout', { id: mine });
    await page.waitForURL(/#\/login/);
    // forced off: the toast says who ended it (issue 45), once
    await toasts(page, '您已被管理员强制下线').waitFor();
    await expect.poll(() => page.getByRole('form', { name: '登录' }).getByText('您已被管理员强制下线').count()).toBe(0);
    await page.context().close();
  });
});

describe('find password in the right tenant', () => {
  it('a phone with accounts in two tenants, on a third tenant’s link, picks its tenant and resets that account only', async () => {
    // A third tenant, the link's; the phone has accounts in tenants 1 and 2 but none there.
    const anon = clientFor(baseUrl).api;
    const otherPhone = freshPhone();
    const third = await registerTenant(anon, {
      tenantName: `第三企业${Date.now().toString(36)}`,
      userName: `third${Date.now().toString(36)}`,
      nickname: '丙',
      phone: otherPhone,
      code: await verifiedCode(baseUrl, otherPhone),
      password: 'Passw0rd2026',
    });
    const phone = freshPhone();
    const inOne = await newAccount(baseUrl, 'admin', 'fp', phone, 'Passw0rd2026');
    const inTwo = await newAccount(baseUrl, 'admin2', 'fp', phone, 'Passw0rd2026');

    const page = await newPage();
    await page.goto(`${baseUrl}/#/find-password?tenant=t${third.tenantId}`);
    const form = page.getByRole('form', { name: '忘记密码' });
    await form.getByText(/^企业：第三企业/).waitFor();
    await form.getByLabel('手机号').fill(phone);
    await sendSmsCode(page, form, baseUrl);
    await form.getByLabel('短信验证码').fill((await outbox(baseUrl, `phone=${phone}`)).smsCode);
    await form.getByLabel(/^新密码/).fill('Newpass2027');
    await form.getByLabel('确认新密码').fill('Newpass2027');
    await form.getByRole('button', { name: '重置密码' }).click();
    await form.getByText('该手机号在多个企业下有账号，请选择企业').waitFor();
    await expect.poll(() => toasts(page, '该手机号在多个企业下有账号').count()).toBe(0);
    await form.getByRole('combobox', { name: '选择企业' }).selectOption({ label: '云帆零售' });
    await form.getByRole('button', { name: '重置密码' }).click();
    await toasts(page, '密码已重置，请使用新密码登录').waitFor();
    await page.waitForURL(/#\/login/);
    await expect(login(clientFor(baseUrl).api, { userName: inTwo, password: 'Newpass2027' })).resolves.toBeTruthy();
    await expect(login(clientFor(baseUrl).api, { userName: inOne, password: 'Passw0rd2026' })).resolves.toBeTruthy();
    await page.context().close();
  });
});

describe('the collapsed side menu', () => {
  it('opens an entry’s leaves in a flyout on hover and on keyboard focus', async () => {
    const page = await signedInPage('admin');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await nav.getByRole('button', { name: '收起菜单' }).click();
    await nav.getByRole('button', { name: '展开菜单' }).waitFor();
    // Hover: the flyout beside the entry; its leaf navigates.
    await nav.getByRole('button', { name: '系统管理', exact: true }).hover();
    const flyout = nav.getByRole('group', { name: '系统管理' });
    await flyout.getByRole('button', { name: '用户管理' }).click();
    await page.waitForURL(/#\/manage\/users/);
    await flyout.waitFor({ state: 'detached' });
    // Keyboard: focus the entry, Tab into its flyout, Enter; Escape closes it and returns to the entry.
    await page.mouse.move(900, 600);
    const entry = nav.getByRole('button', { name: '系统管理', exact: true });
    await entry.focus();
    await flyout.waitFor();
    await expect.poll(() => entry.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await flyout.waitFor({ state: 'detached' });
    await expect.poll(() => entry.evaluate((el) => el === document.activeElement)).toBe(true);
    await entry.blur();
    await entry.focus();
    await flyout.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('角色管理');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/manage\/roles/);
    await page.context().close();
  });
});

describe('the tab bar', () => {
  it('a page the keep-alive does not keep comes back from its tab and from the side menu with its query', async () => {
    const page = await signedInPage('platform');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    const bar = page.getByRole('navigation', { name: '已打开的页面' });
    await page.goto(`${baseUrl}/#/tenant-manage/tenant-list`);
    await page.getByRole('heading', { name: '租户列表', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: '名称、编码或联系人' }).fill('星河');
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL(/tenant-list\?keyword=/);
    await nav.getByRole('button', { name: '租户页面' }).click();
    await page.getByRole('heading', { name: '租户页面', level: 1 }).waitFor();
    await bar.getByRole('button', { name: '租户列表', exact: true }).click();
    await page.waitForURL(/tenant-list\?keyword=%E6%98%9F%E6%B2%B3$/);
    await expect.poll(() => page.getByRole('textbox', { name: '名称、编码或联系人' }).inputValue()).toBe('星河');
    await nav.getByRole('button', { name: '租户页面' }).click();
    await page.getByRole('heading', { name: '租户页面', level: 1 }).waitFor();
    await nav.getByRole('button', { name: '租户列表' }).click();
    await page.waitForURL(/tenant-list\?keyword=%E6%98%9F%E6%B2%B3$/);
    await expect.poll(() => page.getByRole('textbox', { name: '名称、编码或联系人' }).inputValue()).toBe('星河');
    await page.context().close();
  });

  it('shows the opened pages: click switches, × closes (to the right neighbour), close others, left, right or all; 工作台 stays pinned', async () => {
    const page = await signedInPage('admin');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    const bar = page.getByRole('navigation', { name: '已打开的页面' });
    const titles = async () => (await bar.getByRole('listitem').allTextContents()).map((x) => x.trim());
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users/);
    await nav.getByRole('button', { name: '角色管理' }).click();
    await page.waitForURL(/#\/manage\/roles/);
    await expect.poll(titles).toEqual(['工作台', '用户管理', '角色管理']);
    await expect.poll(() => bar.getByRole('button', { name: '角色管理', exact: true }).getAttribute('aria-current')).toBe('page');

    await bar.getByRole('button', { name: '用户管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users/);
    await bar.getByRole('button', { name: '关闭 用户管理' }).click();
    await page.waitForURL(/#\/manage\/roles/);
    await expect.poll(titles).toEqual(['工作台', '角色管理']);

    await page.reload();
    await bar.getByRole('button', { name: '角色管理', exact: true }).waitFor();
    await expect.poll(titles).toEqual(['工作台', '角色管理']);

    // 工作台 is pinned: first, with no ×; 关闭其他 leaves it.
    await expect.poll(() => bar.getByRole('button', { name: '关闭 工作台' }).count()).toBe(0);
    await expect.poll(() => bar.getByRole('img', { name: '已固定' }).count()).toBe(1);
    const tabMenu = async (title: string, item: string) => {
      await bar.getByRole('button', { name: title, exact: true }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: item }).click();
    };
    await nav.getByRole('button', { name: '用户管理' }).click();
    await page.waitForURL(/#\/manage\/users/);
    await nav.getByRole('button', { name: '系统参数' }).click();
    await page.waitForURL(/#\/manage\/parameters/);
    await expect.poll(titles).toEqual(['工作台', '角色管理', '用户管理', '系统参数']);
    await tabMenu('用户管理', '关闭其他');
    // the current page (系统参数) went with the others: the tab acted on is shown
    await page.waitForURL(/#\/manage\/users/);
    await expect.poll(titles).toEqual(['工作台', '用户管理']);
    await nav.getByRole('button', { name: '角色管理' }).click();
    await nav.getByRole('button', { name: '系统参数' }).click();
    await expect.poll(titles).toEqual(['工作台', '用户管理', '角色管理', '系统参数']);
    await tabMenu('角色管理', '关闭左侧');
    await expect.poll(titles).toEqual(['工作台', '角色管理', '系统参数']);
    await tabMenu('角色管理', '关闭右侧');
    await page.waitForURL(/#\/manage\/roles/);
    await expect.poll(titles).toEqual(['工作台', '角色管理']);
    // on the pinned tab itself, 关闭当前 is off
    await bar.getByRole('button', { name: '工作台', exact: true }).click({ button: 'right' });
    await expect.poll(() => page.getByRole('menuitem', { name: '关闭当前' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await tabMenu('角色管理', '关闭全部');
    await expect.poll(titles).toEqual(['工作台']);
    await expect.poll(() => bar.getByRole('button', { name: '工作台', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });
});

describe('the tab bar’s order and limit', () => {
  it('moves tabs by drag and by menu; a full bar says so and lets the user choose which tab closes; the limit is kept', async () => {
    const page = await signedInPage('admin');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    const bar = page.getByRole('navigation', { name: '已打开的页面' });
    const titles = async () => (await bar.getByRole('listitem').allTextContents()).map((x) => x.trim());
    await bar.getByRole('button', { name: '标签页操作' }).click();
    await page.getByRole('menuitemradio', { name: '标签页上限：5 个' }).click();
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    for (const name of ['角色管理', '操作日志', '系统参数']) {
      await nav.getByRole('button', { name }).click();
      await expect.poll(titles).toContain(name);
    }
    await expect.poll(titles).toEqual(['工作台', '用户管理', '角色管理', '操作日志', '系统参数']);
    // drag 系统参数 onto 用户管理: it takes its place; the menu moves 角色管理 right
    await bar.getByRole('listitem').nth(4).dragTo(bar.getByRole('listitem').nth(1));
    await expect.poll(titles).toEqual(['工作台', '系统参数', '用户管理', '角色管理', '操作日志']);
    await bar.getByRole('button', { name: '角色管理', exact: true }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '右移' }).click();
    await expect.poll(titles).toEqual(['工作台', '系统参数', '用户管理', '操作日志', '角色管理']);
    // a sixth page is shown without a tab while the bar says so; going on leaves the bar as it was
    await nav.getByRole('button', { name: '数据字典' }).click();
    const full = page.getByRole('status').filter({ hasText: '标签页已满' });
    await full.getByText('「数据字典」还没有标签').waitFor();
    await page.getByRole('heading', { name: '数据字典', level: 1 }).waitFor();
    await expect.poll(titles).toEqual(['工作台', '系统参数', '用户管理', '操作日志', '角色管理']);
    await bar.getByRole('button', { name: '操作日志', exact: true }).click();
    await expect.poll(() => full.count()).toBe(0);
    // the user chooses which tab makes room
    await nav.getByRole('button', { name: '数据字典' }).click();
    await full.getByRole('button', { name: '关闭其他标签页…' }).click();
    await page.getByRole('menuitem', { name: '用户管理' }).click();
    await expect.poll(titles).toEqual(['工作台', '系统参数', '操作日志', '角色管理', '数据字典']);
    await expect.poll(() => bar.getByRole('button', { name: '数据字典', exact: true }).getAttribute('aria-current')).toBe('page');
    // kept after a reload: the order and the limit
    await page.reload();
    await expect.poll(titles).toEqual(['工作台', '系统参数', '操作日志', '角色管理', '数据字典']);
    await bar.getByRole('button', { name: '标签页操作' }).click();
    await expect.poll(() => page.getByRole('menuitemradio', { name: '标签页上限：5 个' }).getAttribute('aria-checked')).toBe('true');
    await page.context().close();
  });
});

describe('重新加载 from a tab', () => {
  it('mounts the page afresh: what was typed goes, the applied filter in the address stays; a tab behind is shown first', async () => {
    const page = await signedInPage('admin');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    const bar = page.getByRole('navigation', { name: '已打开的页面' });
    await page.goto(`${baseUrl}/#/manage/users?keyword=admin`);
    const box = page.getByRole('textbox', { name: '账号 / 昵称 / 手机号' });
    await expect.poll(() => box.inputValue()).toBe('admin');
    await box.fill('张');
    // a kept page keeps what was typed while another page is shown
    await nav.getByRole('button', { name: '角色管理' }).click();
    await page.waitForURL(/#\/manage\/roles/);
    await bar.getByRole('button', { name: '用户管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users/);
    await expect.poll(() => box.inputValue()).toBe('张');
    // reloaded from its tab, behind another page: shown, afresh
    await nav.getByRole('button', { name: '角色管理' }).click();
    await page.waitForURL(/#\/manage\/roles/);
    const listed = page.waitForResponse((r) => r.url().includes('/manage/v1/user/list'));
    await bar.getByRole('button', { name: '用户管理', exact: true }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '重新加载' }).click();
    await page.waitForURL(/#\/manage\/users\?keyword=admin/);
    await listed;
    await expect.poll(() => box.inputValue()).toBe('admin');
    await expect
      .poll(() => page.getByRole('table', { name: '用户管理' }).getByRole('cell', { name: 'admin', exact: true }).count())
      .toBe(1);
    await page.context().close();
  });
});

describe('a phone (390 × 844)', () => {
  const phone = { viewport: { width: 390, height: 844 } };
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('login, 工作台 and a list fit the width; the menu is a drawer behind a button, the top bar a menu', async () => {
    const page = await newPage(phone);
    await page.goto(`${baseUrl}/#/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    await expect.poll(() => fits(page)).toBe(true);
    await logIn(page, 'admin');
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('heading', { name: '工作台', level: 1 }).waitFor();
    await expect.poll(() => fits(page)).toBe(true);
    // no side menu on screen until the menu button opens its drawer
    await expect.poll(() => page.getByRole('navigation', { name: '侧边菜单' }).count()).toBe(0);
    const header = page.locator('header').first();
    await expect.poll(() => header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '侧边菜单' });
    const nav = drawer.getByRole('navigation', { name: '侧边菜单' });
    // a group shows its pages and the drawer stays; a page closes it
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    await nav.getByRole('button', { name: '角色管理' }).click();
    await page.waitForURL(/#\/manage\/roles/);
    await expect.poll(() => drawer.count()).toBe(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await drawer.getByRole('button', { name: '用户管理' }).click();
    await page.waitForURL(/#\/manage\/users/);
    const table = page.getByRole('table', { name: '用户管理' });
    await table.getByRole('cell', { name: 'admin', exact: true }).waitFor();
    await expect.poll(() => fits(page)).toBe(true);
    // one sideways scroll: nothing pinned over the columns between
    await expect
      .poll(() => table.locator('td').evaluateAll((cells) => cells.filter((c) => getComputedStyle(c).position === 'sticky').length))
      .toBe(0);
    // what the bar had no room for is in the user menu
    await header.getByRole('button').last().click();
    for (const item of ['个人信息', 'Switch to English', '退出登录']) await page.getByRole('menuitem', { name: item }).waitFor();
    await page.context().close();
  });

  it('the campaign wizard stacks its steps above the form, whose inputs fit the screen', async () => {
    const page = await signedInPage('admin', phone);
    await page.goto(`${baseUrl}/#/setting-camp/campaign-info?type=lottery`);
    const steps = page.getByRole('navigation', { name: '活动步骤' });
    const form = page.getByRole('form', { name: '活动基础信息' });
    const name = form.getByRole('textbox', { name: /活动名称/ });
    await name.waitFor();
    const box = async (l: ReturnType<Page['locator']>) => (await l.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    // the steps end before the form begins (above it, not beside it)
    await expect.poll(async () => (await box(steps)).y + (await box(steps)).height <= (await box(form)).y + 1).toBe(true);
    // the form takes the width: its input is wide and inside the window; nothing scrolls sideways
    await expect.poll(async () => (await box(name)).width).toBeGreaterThan(250);
    await expect.poll(async () => (await box(name)).x + (await box(name)).width).toBeLessThanOrEqual(390);
    await expect.poll(() => fits(page)).toBe(true);
    await name.fill('手机上的活动');
    await expect.poll(() => name.inputValue()).toBe('手机上的活动');
    await page.context().close();
  });

  it('a list’s filters fold to the first below 768 px, so its rows are on the first screen; 展开 shows the rest', async () => {
    const page = await signedInPage('admin', phone);
    await page.goto(`${baseUrl}/#/member-mng/member-list`);
    await page.getByRole('heading', { name: '会员列表', level: 1 }).waitFor();
    const bar = page.getByRole('search');
    const unfold = bar.getByRole('button', { name: '展开', exact: true });
    await unfold.waitFor();
    await expect.poll(() => unfold.getAttribute('aria-expanded')).toBe('false');
    const controls = bar.locator('input, select');
    const shown = () => controls.evaluateAll((els) => els.map((e) => (e as HTMLElement).offsetParent !== null));
    // the first filter (a range is two inputs) and nothing else; the first row of data is on the first screen
    await expect.poll(async () => (await shown()).filter(Boolean).length).toBeLessThanOrEqual(2);
    const folded = await shown();
    expect(folded.filter((s) => !s).length).toBeGreaterThan(2);
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await firstRow.waitFor();
    await expect.poll(async () => (await firstRow.boundingBox())?.y ?? Infinity).toBeLessThan(844);
    await expect.poll(() => fits(page)).toBe(true);

    await unfold.click();
    const fold = bar.getByRole('button', { name: '收起', exact: true });
    await expect.poll(() => fold.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await shown()).every(Boolean)).toBe(true);
    // a value set in a filter that folds away is still said, and still applies
    const hiddenSelect = await bar
      .locator('select')
      .evaluateAll((els, f) => els.findIndex((e) => !f[[...e.closest('form')!.querySelectorAll('input, select')].indexOf(e)]), folded);
    expect(hiddenSelect).toBeGreaterThanOrEqual(0);
    await bar.locator('select').nth(hiddenSelect).selectOption({ index: 1 });
    await fold.click();
    await bar.getByRole('button', { name: '展开（1 项已设）', exact: true }).waitFor();
    await expect.poll(async () => (await shown()).filter(Boolean).length).toBeLessThanOrEqual(2);
    // a window as wide as a laptop's never folds
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => bar.getByRole('button', { name: /^(展开|收起)/ }).count()).toBe(0);
    await expect.poll(async () => (await shown()).every(Boolean)).toBe(true);
    await page.context().close();
  });
});

describe('a laptop window (1024 × 768)', () => {
  it('the users list: 状态 is in view beside the pinned 操作, which casts its edge on the columns scrolled under it', async () => {
    const page = await signedInPage('admin', { viewport: { width: 1024, height: 768 } });
    await page.goto(`${baseUrl}/#/manage/users`);
    const table = page.getByRole('table', { name: '用户管理' });
    await table.getByRole('cell', { name: 'staff', exact: true }).waitFor();
    const actions = table.getByRole('columnheader', { name: '操作' });
    const status = table.getByRole('switch', { name: /staff/ });
    const right = async (l: ReturnType<Page['locator']>) => {
      const b = await l.boundingBox();
      return b ? b.x + b.width : Infinity;
    };
    const left = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())?.x ?? -Infinity;
    // the switch that disables a user is whole and left of the pinned column
    await expect.poll(async () => (await right(status)) <= (await left(actions))).toBe(true);
    // columns lie under 操作: it casts a shadow on them (a line and a shadow); scrolled to the end, only its line
    const shadows = () => actions.evaluate((th) => getComputedStyle(th).boxShadow.split(/,(?![^(]*\))/).length);
    await expect.poll(shadows).toBe(2);
    const scroller = table.locator('..');
    await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(shadows).toBe(1);
    // at the end, the last column is whole and left of 操作 (nothing is left under it)
    const created = table.getByRole('columnheader', { name: '创建时间' });
    await expect.poll(async () => (await right(created)) <= (await left(actions)) + 1).toBe(true);
    await page.context().close();
  });

  it('the page builder keeps the selected zone and its 上/左/宽/高 in view together, beside the canvas', async () => {
    const page = await signedInPage('admin', { viewport: { width: 1024, height: 768 } });
    await page.goto(`${baseUrl}/#/content-manage/custom-page?page=new`);
    const palette = page.getByRole('region', { name: '组件库' });
    await palette.getByRole('button', { name: '图片', exact: true }).click();
    const canvas = page.getByRole('application', { name: '页面画布' });
    const rect = canvas.getByRole('button', { name: '组件 1（图片）' });
    await expect.poll(() => rect.getAttribute('aria-pressed')).toBe('true');
    const settings = page.getByRole('region', { name: '页面设置' });
    const top = settings.getByRole('spinbutton', { name: '上', exact: true });
    await top.waitFor();
    const box = async (l: ReturnType<Page['locator']>) => (await l.boundingBox()) ?? { x: 0, y: -1, width: 0, height: 0 };
    const inView = async (l: ReturnType<Page['locator']>) => {
      const b = await box(l);
      return b.y >= 0 && b.y + b.height <= 768 && b.x >= 0 && b.x + b.width <= 1024;
    };
    // the settings sit beside the canvas (not below it), and the zone and its position fields are on screen at once
    await expect.poll(async () => (await box(settings)).x >= (await box(canvas)).x + (await box(canvas)).width).toBe(true);
    await rect.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await inView(rect)) && (await inView(top))).toBe(true);
    for (const name of ['左', '宽', '高'])
      await expect.poll(() => inView(settings.getByRole('spinbutton', { name, exact: true }))).toBe(true);
    // nothing in the panel runs past its edge (the image's upload button did)
    await expect
      .poll(() =>
        settings.evaluate((panel) => {
          const edge = panel.getBoundingClientRect().right + 1;
          return [...panel.querySelectorAll('input, button')].filter((el) => el.getBoundingClientRect().right > edge).length;
        }),
      )
      .toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.context().close();
  });
});

describe('the dark theme', () => {
  const luminance = (page: Page, selector: string) =>
    page.locator(selector).evaluate((el) => {
      const [r, g, b] = getComputedStyle(el)
        .backgroundColor.match(/\d+(\.\d+)?/g)!
        .map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });

  it('follows the system at first, switches from the top bar and the palette, is kept, and the watermark stays readable', async () => {
    const page = await signedInPage('admin2', { colorScheme: 'dark' });
    await expect.poll(() => luminance(page, '#content')).toBeLessThan(0.3);
    await expect.poll(() => page.getByTestId('watermark').getAttribute('data-theme')).toBe('dark');
    await page.getByRole('button', { name: '浅色模式' }).click();
    await expect.poll(() => luminance(page, '#content')).toBeGreaterThan(0.7);
    await expect.poll(() => page.getByTestId('watermark').getAttribute('data-theme')).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: '深色模式' }).waitFor();
    await expect.poll(() => luminance(page, '#content')).toBeGreaterThan(0.7);

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: '命令面板' });
    await palette.getByRole('combobox').fill('深色');
    await palette.getByRole('option', { name: /深色模式/ }).click();
    await expect.poll(() => luminance(page, '#content')).toBeLessThan(0.3);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.context().close();
  });
});

describe('English mode: every text the console makes is English', () => {
  const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
  /** Lines of `root`'s visible text that still hold Chinese once the data (menu names, people, tenants) is taken out. */
  const strayChinese = async (page: Page, data: string[], root = 'body', skip = 'tbody') => {
    const text = await page
      .locator(root)
      .first()
      .evaluate((el, skipSel) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(skipSel).forEach((n) => n.remove());
        copy.querySelectorAll('[hidden], [data-testid="watermark"]').forEach((n) => n.remove());
        document.body.appendChild(copy);
        const visible = copy.innerText;
        copy.remove();
        return visible;
      }, skip);
    let rest = text;
    for (const d of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(d).join(' ');
    return rest.split('\n').filter((line) => CJK.test(line));
  };

  it('login, public pages, shell and landing page, 404, the users page, palette and online drawer', async () => {
    const { api } = await signedIn(baseUrl, 'admin');
    const { fetchMenuTree } = await import('@/api/calls/session/session-calls.ts');
    const names: string[] = [];
    // Menu names are data only where the entry has no English name: the others must show in English.
    const walk = (nodes: Array<{ name?: string; nameEn?: string; children?: unknown[] }>) =>
      nodes.forEach((n) => {
        if (n.name && !n.nameEn) names.push(n.name);
        if (Array.isArray(n.children)) walk(n.children as never);
      });
    walk((await fetchMenuTree(api)) as never);
    // Other tests add entries (a published dictionary page has only its Chinese name) while this one runs.
    const moreNames = async () => {
      names.length = 0;
      walk((await fetchMenuTree(api)) as never);
      data.push(...names);
    };
    const { userInfo } = await fetchUserInfo(api);
    const { rolesOf } = await import('../support/roles.ts');
    // Like menu entries, roles with an English name must show it.
    const roles = (await rolesOf(api).list()).filter((r) => !r.nameEn).map((r) => r.name);
    const data = [
      ...roles,
      ...names,
      userInfo.nickname,
      // a role without an English name is shown by its name (the admin's has one: the top bar says so below)
      ...(userInfo.roleNameEn ?? userInfo.roleName).split(','),
      ...userInfo.allDepartList.map((d) => d.departName),
      '星河商业集团',
      '云帆零售',
      '切换到中文', // the switch back is named in the language it switches to
    ];

    const strayFresh = async (...args: Parameters<typeof strayChinese>) => {
      await moreNames();
      return strayChinese(...args);
    };

    const page = await newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await expect.poll(() => strayFresh(page, data)).toEqual([]);
    await page.getByLabel('Account').fill('staff');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Wrong account or password').waitFor(); // the server answers in the console's language
    await page.goto(`${baseUrl}/#/register`);
    await page.getByRole('form', { name: 'Register' }).waitFor();
    await expect.poll(() => strayFresh(page, data)).toEqual([]);
    await page.goto(`${baseUrl}/#/find-password`);
    await page.getByText(/^Organisation: /).waitFor();
    await expect.poll(() => strayFresh(page, data)).toEqual([]);

    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel('Account').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByText('Online users').first().waitFor();
    // the top bar names the user's role in English too (issue 45: it said 超级管理员)
    await page.getByRole('button', { name: `${userInfo.nickname} Super administrator`, exact: true }).waitFor();
    // table names, recent operations and their pages are the tenant's data
    await expect.poll(() => strayFresh(page, data, 'body', '[aria-label="Business data"], [aria-label="Recent operations"]')).toEqual([]);
    // the business areas are grouped under the menu's sections in English (the tables' labels are the tenant's data)
    const areas = page.getByRole('region', { name: 'Business data' });
    await areas.getByText('Base data', { exact: true }).waitFor();
    await expect.poll(() => areas.getByText('基础数据', { exact: true }).count()).toBe(0);

    // (every demo menu entry has its page now: the "module not installed" screen's English is checked in
    // tests/unit/src/features/not-installed.test.tsx)

    await page.goto(`${baseUrl}/#/no/such/page`);
    await page.getByRole('button', { name: 'Home' }).waitFor();
    await expect.poll(() => strayFresh(page, data)).toEqual([]);

    await page.goto(`${baseUrl}/#/manage/users`);
    await page.getByRole('columnheader').first().waitFor();
    // Menu entries, the page's title and its breadcrumb use their English names.
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('button', { name: 'System', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Super administrator', exact: true }).first().waitFor();
    await expect.poll(() => strayFresh(page, data, 'body', 'tbody, [role="listbox"]')).toEqual([]);
    // English labels are longer: at 1024 px the window still holds the whole shell, nothing scrolls sideways.
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The pages issue 12 and 13 added speak English too (table bodies are data).
    // A records page's table, field and option names show in English where the data dictionary gives one (the
    // standard dictionary does: issue 45); only a name without is the tenant's data.
    const { recordApi } = await import('@/api/table/records.ts');
    const stores = (await api.send(recordApi.schema, { component: 'base-info/store-mng' })).values!;
    const untranslated = (x: { label: string; labelEn?: string }) => (x.labelEn?.trim() ? [] : [x.label]);
    data.push(...untranslated(stores.table), ...stores.fields.flatMap((f) => [...untranslated(f), ...f.options.flatMap(untranslated)]));
    const { pageApi } = await import('@/api/table/content.ts');
    // the builder's components have English names (issue 45): only one without would be excused as data
    data.push(...(await api.send(pageApi.palette, {})).values.filter((p) => !p.nameEn).map((p) => p.name));
    for (const [path, ready] of [
      ['/manage/parameters', 'Common settings'],
      ['/manage/logs', 'Sign-ins'],
      ['/manage/meta-data', 'Add table'],
      ['/base-info/store-mng', 'Store code'],
      ['/data-statistics/mall-statistics', 'css=caption'],
      // issue 15: the campaign list (its rows are data), the wizard, the page builder (its palette names are data)
      ['/content-manage/lottery', 'css=section[aria-label="Lotteries"] thead'],
      ['/setting-camp?type=lottery', 'Basic information'],
      ['/content-manage/custom-page?page=new', 'Undo'],
      // the API doc is written in both languages (issue 45: it was Chinese only)
      ['/open-platform/user-api-doc', 'Authentication'],
    ] as const) {
      await page.goto(`${baseUrl}/#${path}`);
      await (ready.startsWith('css=') ? page.locator(ready) : page.getByText(ready)).first().waitFor();
      await expect
        .poll(() => strayFresh(page, data, 'body', 'tbody, svg, [role="listbox"], [data-testid="watermark-preview"]'), { message: path })
        .toEqual([]);
    }

    // A form's rules come from its resource's schema (src/api/schema), in English too.
    await page.goto(`${baseUrl}/#/manage/sms-platform`);
    await page.getByRole('button', { name: 'Add SMS platform' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Add SMS platform' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('The name is required').waitFor();
    await drawer.getByText('The endpoint is an http(s) address').waitFor();
    await expect.poll(() => strayFresh(page, data, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+K');
    await page.getByRole('dialog').getByRole('combobox').waitFor();
    await expect.poll(() => strayFresh(page, data, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');

    await userMenu(page, userInfo.nickname).click();
    await page.getByRole('menuitem', { name: 'Signed-in users' }).click();
    await page.getByRole('dialog').locator('thead').waitFor();
    await expect.poll(() => strayFresh(page, data, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');

    // Switched back in the open session, the menu and the page title follow at once.
    await page.goto(`${baseUrl}/#/manage/users`);
    await page.getByRole('button', { name: '切换到中文' }).click();
    await page.getByRole('heading', { name: '用户管理', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('button', { name: '系统管理', exact: true }).waitFor();
    await page.context().close();
  });
});
