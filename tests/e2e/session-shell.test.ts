import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { setFault } from '../support/demo.ts';

const { baseUrl, signedInPage, newPage, logIn } = useBrowser();

describe('watermark in Chromium', () => {
  it('shows the nickname and date over the screen when the tenant enables it, and clicks go through it', async () => {
    const page = await signedInPage('admin2');
    const mark = page.getByTestId('watermark');
    await mark.waitFor({ state: 'attached' });
    // Today in the tenant's zone (Asia/Shanghai), as every date the console shows.
    await expect
      .poll(() => mark.getAttribute('data-text'))
      .toBe(`云帆管理员 ${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date())}`);
    const style = await mark.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { zIndex: cs.zIndex, pointerEvents: cs.pointerEvents, position: cs.position, image: cs.backgroundImage.slice(0, 30) };
    });
    expect(style).toEqual({ zIndex: '99999', pointerEvents: 'none', position: 'fixed', image: 'url("data:image/svg+xml;charse' });
    // The overlay covers the side menu, yet the click reaches it.
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await nav.getByRole('button', { name: '数据中心', exact: true }).click();
    await nav.getByRole('button', { name: '二号租户专属看板' }).click();
    await page.waitForURL(/#\/data-statistics\/tenant-two-board$/);
    await page.context().close();
  });

  it('is off when the tenant does not enable it, and when the parameters are not valid JSON', async () => {
    const page = await signedInPage('admin');
    await page.getByRole('timer').waitFor();
    await expect.poll(() => page.getByTestId('watermark').count()).toBe(0);
    await page.context().close();

    // The real server answers this session's settings call with parameters that are not JSON (fault switch).
    const broken = await signedInPage('admin2');
    await broken.getByTestId('watermark').waitFor({ state: 'attached' });
    const userToken = await broken.evaluate(() => localStorage.getItem('UserToken'));
    await setFault(baseUrl, {
      path: '/v1/systemSetting/getByType',
      userToken,
      answer: { result: 'ok', values: { params: '{"enableWaterMark":true' } },
    });
    const settings = broken.waitForResponse('**/manage/v1/systemSetting/getByType');
    await broken.reload();
    expect(((await (await settings).json()) as { values: { params: string } }).values.params).toBe('{"enableWaterMark":true');
    await broken.getByRole('timer').waitFor();
    await broken.waitForTimeout(300);
    await expect.poll(() => broken.getByTestId('watermark').count()).toBe(0);
    // Nothing is said about it either (SPEC 8: silently off).
    await expect.poll(() => broken.locator('.fui-Toast').count()).toBe(0);
    await broken.context().close();
  });
});

describe('online users and force logout in Chromium', () => {
  it('admin force-logs-out staff from the drawer; staff is sent to /login at once and told an administrator did it', async () => {
    const staff = await signedInPage('staff');
    // Staff (userType 1, with a store) sees no online count.
    await staff.getByRole('timer').waitFor();
    await expect.poll(() => staff.getByRole('button', { name: /在线用户/ }).count()).toBe(0);
    // The staff's own login, as /vue/userInfo names it (the drawer's rows carry it).
    const sessionId = await staff.evaluate(async () => {
      const res = await fetch('/manage/vue/userInfo', { method: 'POST', headers: { UserToken: localStorage.getItem('UserToken') ?? '' } });
      return ((await res.json()) as { values: { sessionId: string } }).values.sessionId;
    });
    expect(sessionId).toMatch(/^\d+$/);
    await staff.goto(`${baseUrl}/#/dashboard`);

    const admin = await signedInPage('admin');
    const count = admin.getByRole('button', { name: /^在线用户 \d+$/ });
    await count.waitFor();
    await count.click();
    const drawer = admin.getByRole('dialog', { name: '当前登录用户' });
    await drawer.waitFor();
    // Each header is named by its title alone, not with its resize handle's label (调整 … 列宽). Who first: the account
    // (its nickname beside it) and phone lead, so the row to force out is found without scrolling sideways; the
    // details start hidden, one click away in 列设置 (issue 45: the drawer showed 5 of 11 columns).
    for (const column of ['账号', '手机号', '登录时间', 'IP地址']) {
      await expect.poll(() => drawer.getByRole('columnheader', { name: column, exact: true }).count()).toBe(1);
    }
    await expect.poll(async () => (await drawer.getByRole('columnheader').allTextContents()).slice(0, 2)).toEqual(['账号', '手机号']);
    await drawer.getByRole('toolbar', { name: '表格设置' }).getByRole('button', { name: '列设置' }).click();
    for (const column of ['ID', '退出时间', '登录系统', '昵称', '员工姓名', '员工编号']) {
      await expect
        .poll(() => admin.getByRole('dialog', { name: '列设置' }).getByRole('checkbox', { name: column }).isChecked())
        .toBe(false);
    }
    await admin.keyboard.press('Escape');
    await expect.poll(() => drawer.getByRole('combobox', { name: '每页条数' }).inputValue()).toBe('10');
    await drawer.getByRole('combobox', { name: '每页条数' }).selectOption('200');
    const link = drawer.getByRole('button', { name: `强制退出 staff ${sessionId}` });
    await link.click();
    const confirm = admin.getByRole('dialog', { name: '提示' });
    await expect.poll(() => confirm.getByText('确定强制退出该用户吗？').count()).toBe(1);
    await expect.poll(() => confirm.getByRole('button', { name: '取消' }).count()).toBe(1);
    await confirm.getByRole('button', { name: '确定' }).click();
    // The list is refreshed without that login.
    await link.waitFor({ state: 'detached' });

    // Staff did nothing: the server's push ended the session.
    await staff.waitForURL(/#\/login\?redirect=%2Fdashboard$/, { timeout: 5000 });
    // ...and says who ended it (issue 45), not that it expired
    await staff.locator('.fui-Toast').filter({ hasText: '您已被管理员强制下线' }).waitFor();
    await expect.poll(() => staff.getByText('登录失效，请重新登录').count()).toBe(0);
    await staff.context().close();
    await admin.context().close();
  });

  it('the count’s button is there before its number, and stays when asking for it failed: the drawer opens, and closing it or showing the page again asks again', async () => {
    const page = await newPage();
    // The first count fails as a dropped connection does; the drawer's own call and later counts go through.
    let counts = 0;
    let failing = true;
    await page.route('**/manage/v1/user/listOnlineUser', (route) => {
      const body = route.request().postDataJSON() as { pageSize?: number };
      if (body.pageSize !== 1) return route.continue();
      counts++;
      if (failing) return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto(`${baseUrl}/#/login`);
    await logIn(page, 'admin');
    const count = page.getByRole('button', { name: /^在线用户/ });
    await expect.poll(() => counts).toBe(1);
    await expect.poll(() => count.textContent()).toBe('在线用户 …');
    failing = false;
    await count.click();
    const drawer = page.getByRole('dialog', { name: '当前登录用户' });
    await drawer.locator('tbody tr').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^在线用户 \d+$/ }).waitFor();
    expect(counts).toBe(2);
    // Shown again after being in the background, the page asks again, and a failure then keeps the number it had.
    const shownAgain = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await shownAgain();
    await expect.poll(() => counts).toBe(3);
    failing = true;
    await shownAgain();
    await expect.poll(() => counts).toBe(4);
    await expect.poll(() => count.textContent()).toMatch(/^在线用户 \d+$/);
    await page.context().close();
  });
});

describe('keep-alive in Chromium', () => {
  it('keeps a queried filter (typed, then 查询) and the scroll of a cached page, resets others to the top, and survives a reload', async () => {
    const page = await signedInPage('admin');
    // Short enough that the users page scrolls.
    await page.setViewportSize({ width: 1280, height: 220 });
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users$/);
    await page.getByRole('cell', { name: 'tenantadmin', exact: true }).waitFor();
    const content = page.locator('#content');
    // After the first visit's scroll reset (500 ms), the user scrolls.
    await page.waitForTimeout(600);
    await content.evaluate((el) => (el.scrollTop = 120));
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(120);
    const search = page.getByRole('textbox', { name: '账号 / 昵称 / 手机号' });
    await search.fill('staff');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'tenantadmin', exact: true }).count()).toBe(0);
    await content.evaluate((el) => (el.scrollTop = 40));
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(40);

    // Another page (not kept): the content scrolls to the top half a second later.
    let listCalls = 0;
    page.on('request', (r) => r.url().endsWith('/manage/v1/user/list') && listCalls++);
    await nav.getByRole('button', { name: '系统参数' }).click();
    await page.getByRole('heading', { name: '系统参数', level: 1 }).waitFor();
    await expect.poll(() => content.evaluate((el) => el.scrollTop), { timeout: 2000 }).toBe(0);

    // Back: the same page instance, filter typed and results as left, scroll restored, no new request; the
    // address carries the list's query again.
    await nav.getByRole('button', { name: '用户管理' }).click();
    await page.waitForURL(/#\/manage\/users\?keyword=staff$/);
    await expect.poll(() => search.inputValue()).toBe('staff');
    await expect.poll(() => page.getByRole('cell', { name: 'staff', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'tenantadmin', exact: true }).count()).toBe(0);
    expect(listCalls).toBe(0);
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(40);
    await page.waitForTimeout(700);
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(40);

    // The kept pages survive a reload, and so does the list's filter (it is in the address).
    await page.reload();
    await page.getByRole('cell', { name: 'staff', exact: true }).waitFor();
    await expect.poll(() => search.inputValue()).toBe('staff');
    await expect.poll(() => page.getByRole('cell', { name: 'tenantadmin', exact: true }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('keepAlivePages') ?? '[]'))).toContain('/manage/users');
    await page.context().close();
  });

  it('keeps words typed but not searched when the page is reached again through the side menu', async () => {
    const page = await signedInPage('admin');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users$/);
    const search = page.getByRole('textbox', { name: '账号 / 昵称 / 手机号' });
    await search.fill('sta');
    // two other pages, then back by the menu's link (the bare path)
    await nav.getByRole('button', { name: '角色管理' }).click();
    await page.getByRole('heading', { name: '角色管理', level: 1 }).waitFor();
    await nav.getByRole('button', { name: '系统参数' }).click();
    await page.getByRole('heading', { name: '系统参数', level: 1 }).waitFor();
    await nav.getByRole('button', { name: '用户管理' }).click();
    await page.getByRole('heading', { name: '用户管理', level: 1 }).waitFor();
    await expect.poll(() => search.inputValue()).toBe('sta');
    // nothing was searched: every row is still listed
    await page.getByRole('cell', { name: 'tenantadmin', exact: true }).waitFor();
    await page.context().close();
  });

  it('a kept page’s open form leaves the screen with its page (the back button) and comes back with what was typed', async () => {
    const page = await signedInPage('admin');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users$/);
    await page.getByRole('button', { name: '新增用户' }).first().click();
    const drawer = page.getByRole('dialog', { name: '新增用户' });
    await drawer.getByLabel('昵称').fill('半途');
    // The address changes under the open form (the back button): the form goes with its page.
    await page.goBack();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('heading', { name: '工作台', level: 1 }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users$/);
    // back on its page, the form is open again (a modal: the page's heading is hidden behind it meanwhile)
    await drawer.waitFor();
    await expect.poll(() => drawer.getByLabel('昵称').inputValue()).toBe('半途');
    await page.context().close();
  });
});
