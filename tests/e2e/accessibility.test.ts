import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { seriousViolations } from '../support/axe.ts';
import { DEMO_PASSWORD, newAccount, signedIn } from '../support/api.ts';
import { fetchMenuTree, initUserPermission } from '@/api/calls/session/session-calls.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';

const { baseUrl, newPage, logIn } = useBrowser();

/**
 * The screens the walk does not reach, in one theme: no critical or serious axe violation on any. The walk
 * (walk.test.ts) runs axe on every page of the menu, in both themes by turns; this sweep adds what no menu entry
 * opens: the public pages, overlays (a form, the palette, quick search, the online drawer, bind phone), a page's
 * second tab, the menu editor with an entry chosen, a tenant's pages, and 个人信息. (It visited a dozen menu pages
 * again too, twice: a minute of the suite, issue 43.)
 */
async function sweep(colorScheme: 'light' | 'dark') {
  const found: Record<string, unknown> = {};
  const check = async (page: Page, screen: string, include?: string) => {
    const v = await seriousViolations(page, include);
    if (v.length) found[screen] = v;
  };
  const page = await newPage({ colorScheme });
  for (const [path, ready] of [
    ['/login', 'Log in|登录'],
    ['/register', '注册账号'],
    ['/find-password', '重置密码'],
  ] as const) {
    await page.goto(`${baseUrl}/#${path}`);
    await page
      .getByRole('button', { name: new RegExp(ready) })
      .first()
      .waitFor();
    await check(page, path);
  }
  await page.goto(`${baseUrl}/#/login`);
  await logIn(page, 'admin');
  await page.waitForURL(/#\/dashboard$/);
  await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
  await page.getByRole('region', { name: '业务数据' }).waitFor();
  // a record page's form drawer (issue 14)
  await page.goto(`${baseUrl}/#/member-mng/member-list`);
  await page.getByRole('row').nth(2).waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).first().click();
  await page.getByRole('dialog', { name: '新增会员' }).waitFor();
  await check(page, 'records form');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: '新增会员' }).waitFor({ state: 'detached' });
  await page.goto(`${baseUrl}/#/user-center/user-info`);
  // The page itself, not only its address: checked before it rendered, a sweep passed by finding nothing.
  await page.getByRole('definition').last().waitFor();
  await check(page, 'user centre');
  await page.goto(`${baseUrl}/#/manage/logs?tab=operations`);
  await page.getByRole('columnheader', { name: '操作时间' }).waitFor();
  await check(page, 'operation log');

  await page.keyboard.press('Control+K');
  await page.getByRole('dialog', { name: '命令面板' }).getByRole('combobox').waitFor();
  await check(page, 'palette');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '快捷搜索' }).click();
  await page.getByRole('dialog', { name: '快捷搜索' }).waitFor();
  await check(page, 'quick search');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /在线/ }).click();
  await page.getByRole('dialog', { name: '当前登录用户' }).locator('tbody tr').first().waitFor();
  await check(page, 'online drawer');
  await page.context().close();

  // The platform operator's pages.
  const op = await newPage({ colorScheme });
  await op.goto(`${baseUrl}/#/login`);
  await logIn(op, 'platform');
  await op.waitForURL(/#\/dashboard$/);
  await op.goto(`${baseUrl}/#/manage/menu-list`);
  await op
    .getByRole('tree', { name: '菜单树' })
    .getByRole('button', { name: /^用户管理/ })
    .click();
  await op.getByRole('region', { name: '可调用的接口', exact: true }).getByRole('combobox').waitFor();
  await check(op, 'menu editor');
  await op.goto(`${baseUrl}/#/tenant-manage/tenant-pages?tenant=1`);
  await op.getByRole('tree').getByRole('checkbox').first().waitFor();
  await check(op, 'tenant pages');
  await op.context().close();

  // Bind phone: an account of its own without a phone.
  const userName = await newAccount(baseUrl, 'admin', `axe${colorScheme}`);
  const bind = await newPage({ colorScheme });
  await bind.goto(`${baseUrl}/#/login`);
  await logIn(bind, userName);
  await bind.getByRole('alertdialog', { name: '绑定手机号' }).waitFor();
  await check(bind, 'bind phone');
  await bind.context().close();
  return found;
}

// Each test visits every screen and runs axe on it: past a minute on a machine loaded past one busy core (CI 75).
describe('accessibility (axe-core in Chromium)', { timeout: 240_000 }, () => {
  it('no critical or serious violation on any screen, light theme', async () => {
    // eslint-disable-next-line no-restricted-syntax -- the sweep waits on every screen itself and returns a finished report
    expect(await sweep('light')).toEqual({});
  });

  it('no critical or serious violation on any screen, dark theme', async () => {
    // eslint-disable-next-line no-restricted-syntax -- the sweep waits on every screen itself and returns a finished report
    expect(await sweep('dark')).toEqual({});
  });
});

describe('focus goes where the eyes are', () => {
  it('the account field on /login, the page after login (with a skip link), and back to the opener when an overlay closes', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel('账号').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('userName');
    await page.keyboard.type('admin');
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/dashboard$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('content');
    // The skip link is the Tab stop before the header's first control, and moves focus to the content.
    await page.getByRole('button', { name: /在线用户/ }).waitFor();
    await page.evaluate(() => document.querySelector<HTMLElement>('header button, header a')!.focus());
    await page.keyboard.press('Shift+Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
    await expect.poll(() => skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('content');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/dashboard');

    // Quick search: opens on its input; the two panels work with arrow keys; closing returns to its button.
    const searchButton = page.getByRole('button', { name: '快捷搜索' });
    await searchButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '快捷搜索' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('侧边菜单');
    // Down until 系统管理, Right into its pages, Down to 角色管理, Enter.
    for (let i = 0; i < 12; i++) {
      if ((await dialog.getByRole('option', { name: '系统管理', selected: true }).count()) === 1) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('系统管理');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/manage\/roles$/);

    await searchButton.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => searchButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // The palette returns focus to where it was opened from.
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: '命令面板' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => searchButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // The online drawer, opened from the count, returns to it.
    const count = page.getByRole('button', { name: /在线/ });
    await count.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: '当前登录用户' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => count.evaluate((el) => el === document.activeElement)).toBe(true);

    // A page's form drawer, opened from its button, gives focus back to it when it closes.
    await page.goto(`${baseUrl}/#/manage/users`);
    const add = page.getByRole('button', { name: '新增用户' }).first();
    await add.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: '新增用户' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe('every disabled control says why', () => {
  /** The controls on screen that are off: those that cannot take focus, and those that can (a reason to read). */
  const offControls = (page: Page) =>
    page.evaluate(() => {
      const main = document.querySelector('main')!;
      const controls = [...main.querySelectorAll<HTMLElement>('button, input, select, textarea, [role=switch], a[aria-disabled]')].filter(
        (el) =>
          el.checkVisibility() &&
          // The pager's ends are off by position, which the page numbers beside them show.
          !el.closest('nav[aria-label="分页"]') &&
          ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true'),
      );
      return controls.map((el) => ({
        label: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim(),
        focusable: !(el as HTMLButtonElement).disabled,
        mark: (el.dataset.sweep ||= Math.random().toString(36).slice(2)),
      }));
    });

  for (const userName of ['staff', 'tenantadmin']) {
    it(`on every page ${userName} can open, on hover and keyboard focus`, async () => {
      const { api } = await signedIn(baseUrl, userName);
      await initUserPermission(api);
      const paths = buildMenuModel(await fetchMenuTree(api))
        .routes.filter((r) => !r.path.includes(':'))
        .map((r) => r.path);
      expect(paths.length).toBeGreaterThan(3);
      const page = await newPage();
      await page.goto(`${baseUrl}/#/login`);
      await logIn(page, userName);
      await page.waitForURL(/#\/dashboard$/);
      const silent: string[] = [];
      for (const path of paths) {
        await page.goto(`${baseUrl}/#${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // A control off only while the page loads (its data, a busy refresh) comes on by itself; one that stays off
        // and cannot take focus can never say why.
        await expect.poll(async () => (await offControls(page)).filter((c) => !c.focusable).map((c) => `${path} ${c.label}`)).toEqual([]);
        const seen = new Set<string>();
        for (const control of await offControls(page)) {
          if (seen.has(control.label)) continue;
          seen.add(control.label);
          await page.locator(`[data-sweep="${control.mark}"]`).focus();
          const said = await page
            .locator('[role=tooltip]:visible')
            .first()
            .waitFor({ timeout: 2000 })
            .then(() => true)
            .catch(() => false);
          if (!said) silent.push(`${path} ${control.label}`);
          await page.keyboard.press('Escape');
        }
      }
      expect(silent).toEqual([]);
      await page.context().close();
    });
  }
});
