import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedIn } from '../support/api.ts';
import { fetchUserInfo } from '@/api/calls/session/session-calls.ts';
import { useBrowser } from '../support/browser.ts';
import { setFault } from '../support/demo.ts';

const { baseUrl, newPage, logIn, signedInPage } = useBrowser();

const toasts = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });
/** How long a toast stays: Fluent draws its timer as an animation of exactly that duration. */
const toastMs = async (page: Page, text: string) =>
  page
    .locator('.fui-ToastContainer')
    .filter({ hasText: text })
    .first()
    .locator('[data-timer-status]')
    .evaluate((el) => parseFloat((el as HTMLElement).style.animationDuration));

/** Makes the server answer this page's next call of `path` as told (fault switch, scoped to its session). */
async function fault(page: Page, answer: { answer?: unknown; status?: number }, path = '/v1/user/list') {
  await setFault(baseUrl, { path, userToken: await page.evaluate(() => localStorage.getItem('UserToken')), ...answer });
}

/** A new search on the users page: one /v1/user/list call the user asked for. */
const search = async (page: Page, keyword: string) => {
  await page.getByRole('textbox', { name: '账号 / 昵称 / 手机号' }).fill(keyword);
  await page.getByRole('button', { name: '查询' }).click();
};

const openUsers = async (page: Page) => {
  await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('button', { name: '系统管理', exact: true }).click();
  await page.waitForURL(/#\/manage\/users$/);
};

describe('the error catalogue in Chromium, answers from the real server', () => {
  it('shows each catalogue row with its exact text, and a failing call never logs the user out', async () => {
    const page = await signedInPage('admin');
    const rows: Array<[{ answer?: unknown; status?: number }, string, number]> = [
      [{ answer: { result: 403 } }, '您没有当前操作的权限', 7000],
      [{ answer: { result: 'error', errmsg: '会员数据同步中，请稍后再试' } }, '会员数据同步中，请稍后再试', 5000],
      [{ answer: { result: 'error' } }, '网络繁忙，请刷新后重试！', 5000],
      [{ status: 502 }, '状态码 502 网络异常', 7000],
    ];
    await openUsers(page);
    await page.getByRole('cell', { name: 'tenantadmin', exact: true }).waitFor();
    // The users page is kept alive, so each row is triggered by a new search (a new /v1/user/list call).
    for (const [i, [answer, text, ms]] of rows.entries()) {
      await fault(page, answer);
      await search(page, `k${i}`);
      await toasts(page, text).first().waitFor();
      await expect.poll(() => toasts(page, text).count()).toBe(1);
      await expect.poll(() => toastMs(page, text)).toBe(ms);
    }
    // No status: the request never reached the server.
    await page.route('**/manage/v1/user/list', (route) => route.abort('connectionrefused'));
    await search(page, 'offline');
    await toasts(page, '网络异常，请检查网络后重试').waitFor();
    await expect.poll(() => toastMs(page, '网络异常，请检查网络后重试')).toBe(7000);
    await page.unroute('**/manage/v1/user/list');
    // Still signed in after every failure above.
    await expect.poll(() => new URL(page.url()).hash).toBe('#/manage/users?keyword=offline');
    await expect.poll(() => page.getByText('星河管理员').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('accessToken失效: fetches a new access token and says 未知错误，请重试', async () => {
    const page = await signedInPage('admin');
    await page.waitForFunction(() => Boolean(localStorage.getItem('AccessToken')));
    // The shell's idle warm-up (palette, pinyin) makes quiet calls; a quiet call meeting the stale token would
    // refresh it without a word before the page's call does. Let it finish first.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/manage/v1/menu/pinyin')));
    const before = await page.evaluate(() => localStorage.getItem('AccessToken'));
    // The side menu's click is tracked: its operation log (a quiet call) would meet the stale token first, and the
    // fresh token it fetches would let the page's own call through before that one is sent. Here it is answered
    // without reaching the server, so the page's call is the one that meets the stale token.
    await page.route('**/manage/v1/userOperationLog/save', (route) => route.fulfill({ json: { result: 'ok' } }));
    // A real condition: the server no longer knows the token this tab holds.
    await page.evaluate(() => localStorage.setItem('AccessToken', 'stale-access-token'));
    const refreshed = page.waitForRequest('**/manage/anon/vue/token');
    await openUsers(page);
    await toasts(page, '未知错误，请重试').waitFor();
    await expect.poll(() => toastMs(page, '未知错误，请重试')).toBe(5000);
    await refreshed;
    await page.waitForFunction((old) => !['stale-access-token', old].includes(localStorage.getItem('AccessToken')), before);
    // The next call goes through with the new token.
    await search(page, 'tenant');
    await page.getByRole('cell', { name: 'tenantadmin', exact: true }).waitFor();
    await page.context().close();
  });

  it('401: one message, menu and user info cleared, /login with the redirect, no loop', async () => {
    const page = await signedInPage('admin');
    await fault(page, { answer: { result: 401, errmsg: 'userToken失效' } });
    await openUsers(page);
    await page.waitForURL(/#\/login\?redirect=%2Fmanage%2Fusers$/);
    await toasts(page, '登录失效，请重新登录').first().waitFor();
    await expect.poll(() => toastMs(page, '登录失效，请重新登录')).toBe(5000);
    await page.waitForTimeout(500);
    await expect.poll(() => toasts(page, '登录失效，请重新登录').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('UserToken'))).toBeNull();
    await expect.poll(() => page.getByRole('navigation', { name: '侧边菜单' }).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/login?redirect=%2Fmanage%2Fusers');
    await page.context().close();
  });

  it('a failed login-with-token link, menu or user info is only logged: no message', async () => {
    const page = await newPage();
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto(`${baseUrl}/?userToken=not-a-real-token#/`);
    await page.waitForURL(/#\/login/);
    await page.getByRole('button', { name: '登录' }).waitFor();
    await page.waitForTimeout(300);
    await expect.poll(() => page.locator('.fui-Toast').count()).toBe(0);
    expect(logged.some((l) => l.includes('[session]'))).toBe(true);
    await expect.poll(() => page.url()).not.toContain('userToken');
    await page.context().close();
  });

  it('departNoPermisson: names the department from allDepartList, 10 s message; a row in scope opens', async () => {
    // The list shows only rows in the caller's scope (the server's own refusal is in tests/api/failures.test.ts),
    // so the browser meets this answer when the list went stale: the server's answer for 华东大区 is given here.
    const page = await signedInPage('tenantadmin');
    await openUsers(page);
    const { userInfo } = await fetchUserInfo((await signedIn(baseUrl, 'tenantadmin')).api);
    const east = userInfo.allDepartList!.find((d) => d.departName === '华东大区')!;
    await fault(
      page,
      { answer: { result: 'error', type: 'departNoPermisson', values: [east.id], errmsg: '没有数据访问权限' } },
      '/vue/user/detail',
    );
    await page.getByRole('button', { name: '详情 admin' }).click();
    await toasts(page, '华东大区没有数据访问权限，请退出后重新登录重试').waitFor();
    await expect.poll(() => toastMs(page, '华东大区没有数据访问权限，请退出后重新登录重试')).toBe(10_000);
    // The next call is the real server's: a department in scope opens normally.
    await page.getByRole('button', { name: '详情 tenantadmin' }).click();
    await page.getByRole('dialog', { name: '详情' }).waitFor();
    await page.context().close();
  });

  it('a button the role lacks is disabled with 您没有权限', async () => {
    const page = await signedInPage('tenantadmin');
    await openUsers(page);
    const del = page.getByRole('button', { name: '删除 admin' });
    await expect.poll(() => del.getAttribute('aria-disabled')).toBe('true');
    await del.hover();
    await page.getByRole('tooltip', { name: '您没有权限' }).waitFor();
    await page.context().close();
  });
});

describe('page chunks in Chromium', () => {
  it('a page chunk that fails to load shows an error with reload in the content area; the shell keeps working', async () => {
    const page = await signedInPage('admin');
    await page.route(/\/assets\/page-users-[\w-]+\.js$/, (route) => route.abort('failed'));
    await openUsers(page);
    const content = page.locator('#content');
    await content.getByRole('heading', { name: '加载失败' }).waitFor();
    await expect.poll(() => content.getByText('页面模块加载失败，请检查网络后重新加载。').count()).toBe(1);
    await expect.poll(() => content.getByRole('button', { name: '重新加载' }).count()).toBe(1);
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('button', { name: '系统参数' }).click();
    await page.getByRole('heading', { name: '系统参数', level: 1 }).waitFor();
    // Once the network is fine again, the reload action brings the page.
    await page.unroute(/\/assets\/page-users-[\w-]+\.js$/);
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('button', { name: '用户管理' }).click();
    await content.getByRole('button', { name: '重新加载' }).click();
    await page.getByRole('cell', { name: 'tenantadmin', exact: true }).waitFor();
    await page.context().close();
  });

  it('the shell’s chunk failing to load stops the boot on the failure screen; 重试 brings the shell once it loads', async () => {
    const page = await newPage();
    const shellChunk = /\/assets\/signed-in-[\w-]+\.js$/;
    await page.route(shellChunk, (route) => route.abort('failed'));
    await page.goto(`${baseUrl}/#/login`);
    await logIn(page, 'admin');
    await page.getByRole('heading', { name: '加载失败' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: '侧边菜单' }).count()).toBe(0);
    await page.unroute(shellChunk);
    await page.getByRole('button', { name: '重试' }).click();
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await page.waitForURL(/#\/dashboard$/);
    await page.context().close();
  });
});

describe('operation log in Chromium', () => {
  it('a click on a tracked element posts the log with page and menu, and the click still works', async () => {
    const page = await signedInPage('tenantadmin');
    const posted = page.waitForRequest('**/manage/v1/userOperationLog/save');
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('button', { name: '系统管理', exact: true }).click();
    const body = (await posted).postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({
      operationName: '系统管理',
      operationCode: 'side-menu:manage',
      systemName: 'SCRM',
      operationType: 'click',
    });
    expect(body).toMatchObject({ pageCode: 'dashboard', pageName: '工作台' });
    expect(body.operationTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(body)).not.toMatch(/Admin@2026|UserToken|AccessToken/);
    await page.waitForURL(/#\/manage\/users$/);
    const { api } = await signedIn(baseUrl, 'tenantadmin');
    await expect
      .poll(async () =>
        (await api.call<{ values: Array<{ operationCode: string }> }>('/v1/userOperationLog/list', {})).values.map((v) => v.operationCode),
      )
      .toContain('side-menu:manage');
    await page.context().close();
  });
});
