import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { hashOf, useBrowser } from '../support/browser.ts';

const { baseUrl, newPage, logIn, signedInPage } = useBrowser();

describe('the console in Chromium', () => {
  it('sends an anonymous visitor to login with the redirect, and back after login', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/#/manage/roles`);
    await page.waitForURL(/#\/login\?redirect=/);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/login?redirect=%2Fmanage%2Froles');
    await logIn(page, 'admin');
    await page.waitForURL(/#\/manage\/roles$/);
    await page.getByRole('heading', { name: '角色管理', level: 1 }).waitFor();
    await page.context().close();
  });

  it('does not follow a redirect that leaves the app', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await logIn(page, 'admin');
    await page.waitForURL(/#\/dashboard$/);
    await page.context().close();
  });

  it('shows the layout: slogan, links, nickname; / goes to the first leaf; the side menu navigates', async () => {
    const page = await signedInPage('admin');
    await expect.poll(() => page.getByText('经营会员 实现增长').count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: '海报设计' }).getAttribute('href')).toBe('/design/');
    await expect.poll(() => page.getByRole('link', { name: '商城系统' }).getAttribute('href')).toBe('/mall/');
    await expect.poll(() => page.getByText('星河管理员').count()).toBeGreaterThan(0);

    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    // First-level click goes to the first non-hidden leaf; the second panel shows the entry's leaves.
    await nav.getByRole('button', { name: '系统管理', exact: true }).click();
    await page.waitForURL(/#\/manage\/users$/);
    await nav.getByRole('button', { name: '角色管理' }).click();
    await page.waitForURL(/#\/manage\/roles$/);
    await expect.poll(() => nav.getByRole('button', { name: '角色管理' }).getAttribute('aria-current')).toBe('page');
    // Hidden entries are not in the menu.
    await nav.getByRole('button', { name: '内容与营销', exact: true }).click();
    await page.waitForURL(/#\/content-manage\/lottery$/);
    await expect.poll(() => nav.getByRole('button', { name: '活动编辑' }).count()).toBe(0);

    await page.goto(`${baseUrl}/#/`);
    await page.waitForURL(/#\/dashboard$/);
    // Collapse hides labels and the second panel; expand brings them back.
    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.getByRole('button', { name: '展开菜单' }).waitFor();
    await expect.poll(() => nav.getByText('系统管理').count()).toBe(0);
    await expect.poll(() => nav.getByRole('group').count()).toBe(0);
    await expect.poll(() => nav.getByRole('button', { name: '系统管理', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await nav.getByText('系统管理').waitFor();
    await expect.poll(() => nav.getByRole('group', { name: '工作台' }).count()).toBe(1);
    await page.context().close();
  });

  it('shows 404 inside the layout, and the user info page from the dropdown', async () => {
    const page = await signedInPage('tenantadmin');
    await page.goto(`${baseUrl}/#/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { name: '404 页面不存在' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('navigation', { name: '侧边菜单' }).count()).toBe(1);

    await page.getByRole('button', { name: /租户管理员小李/ }).click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await page.waitForURL(/#\/user-center\/user-info$/);
    await expect.poll(() => page.getByRole('heading', { name: '租户管理员小李' }).count()).toBe(1);
    await expect.poll(() => page.getByText('13800000002').count()).toBe(1);
    await expect.poll(() => page.getByText('租户管理员', { exact: true }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('gives staff a smaller menu than admin', async () => {
    const page = await signedInPage('staff');
    const nav = page.getByRole('navigation', { name: '侧边菜单' });
    await expect.poll(() => nav.getByRole('button', { name: '会员管理', exact: true }).count()).toBe(1);
    await expect.poll(() => nav.getByRole('button', { name: '系统管理', exact: true }).count()).toBe(0);
    await page.goto(`${baseUrl}/#/manage/users`);
    await expect.poll(() => page.getByRole('heading', { name: '404 页面不存在' }).count()).toBe(1);
    await page.context().close();
  });

  it('logs out to /login, after which pages need login again', async () => {
    const page = await signedInPage('admin');
    await page.getByRole('button', { name: /星河管理员/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/#\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('UserToken'))).toBeNull();
    await page.goto(`${baseUrl}/#/manage/users`);
    await page.waitForURL(/#\/login\?redirect=/);
    await page.context().close();
  });

  it('makes no warm-up call once the logout has started (the ended session would answer 401)', async () => {
    const page = await newPage();
    // Idle moments come when the test says so.
    await page.addInitScript(() => {
      const held: Array<() => void> = [];
      Object.assign(window, { heldIdle: held });
      window.requestIdleCallback = (cb: IdleRequestCallback) => held.push(() => cb({ didTimeout: false, timeRemaining: () => 50 }));
    });
    const pinyinCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/manage/v1/menu/pinyin')) pinyinCalls.push(r.url());
    });
    // The server ends the session at once; its answer reaches the page only when the test lets it.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let ended = () => {};
    const serverEnded = new Promise<void>((resolve) => (ended = resolve));
    await page.route('**/manage/anon/vue/logout', async (route) => {
      const response = await route.fetch();
      ended();
      await answered;
      await route.fulfill({ response });
    });
    await page.goto(`${baseUrl}/#/login`);
    await logIn(page, 'admin');
    await page.waitForURL(/#\/dashboard$/);
    await page.waitForFunction(() => (window as unknown as { heldIdle: unknown[] }).heldIdle.length > 0);
    await page.getByRole('button', { name: /星河管理员/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await serverEnded;
    await page.evaluate(() => (window as unknown as { heldIdle: Array<() => void> }).heldIdle.forEach((run) => run()));
    answer();
    await page.waitForURL(/#\/login$/);
    expect(pinyinCalls).toEqual([]);
    await page.context().close();
  });

  it('logs in with a userToken link, removes it from the address and goes to /', async () => {
    const { token } = await signedIn(baseUrl, 'admin');
    const page = await newPage();
    await page.goto(`${baseUrl}/?userToken=${encodeURIComponent(token)}#/manage/roles`);
    await page.waitForURL(/#\/dashboard$/);
    await expect.poll(() => page.url()).not.toContain('userToken');
    await expect.poll(() => hashOf(page)).toBe('#/dashboard');
    await page.context().close();
  });

  it('sends a session that the server ended back to login with the redirect', async () => {
    const page = await signedInPage('admin');
    await page.evaluate(() => localStorage.setItem('UserToken', 'revoked-or-unknown'));
    await page.goto(`${baseUrl}/#/manage/roles`);
    await page.reload();
    await page.waitForURL(/#\/login\?redirect=%2Fmanage%2Froles$/);
    await page.context().close();
  });

  it('runs under the server’s Content-Security-Policy without a single violation (login, watermark, lazy pages, palette)', async () => {
    const page = await newPage();
    const violations: string[] = [];
    page.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && violations.push(m.text())));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const response = await page.goto(`${baseUrl}/#/login`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    // admin2's tenant shows the watermark (an SVG data: image); the users page and the palette are lazy chunks.
    await logIn(page, 'admin2');
    await page.waitForURL(/#\/dashboard$/);
    await page.goto(`${baseUrl}/#/manage/users`);
    await page.getByRole('table', { name: '用户管理' }).waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: '命令面板' }).getByRole('combobox').waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="watermark"]')!).backgroundImage))
      .toContain('data:image/svg+xml');
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
