import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { DEMO_PASSWORD } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/start-server.ts';

// Access tokens that live 3 s, so that several deadlines pass within one test.
const TTL_SECONDS = 3;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('access token across tabs in Chromium', () => {
  it('two tabs of one console make one refresh per deadline, and both use the new token', async () => {
    const context = await browser.newContext();
    const refreshes: number[] = [];
    const started = Date.now();
    context.on('request', (r: Request) => {
      if (r.url().endsWith('/manage/anon/vue/token')) refreshes.push(Date.now() - started);
    });
    const first = await context.newPage();
    await first.goto(`${server.url}/#/login`);
    await first.getByLabel('账号').fill('admin');
    await first.getByLabel('密码').fill(DEMO_PASSWORD);
    await first.getByRole('button', { name: '登录' }).click();
    await first.waitForURL(/#\/dashboard$/);
    const second = await context.newPage();
    await second.goto(`${server.url}/#/manage/roles`);
    await second.getByRole('heading', { name: '角色管理 · 模块未安装' }).waitFor();

    // Let three deadlines pass with both tabs open.
    await first.waitForTimeout(TTL_SECONDS * 3 * 1000 + 500);
    const elapsed = (Date.now() - started) / 1000;
    // The first token, then one per deadline: never one per tab.
    expect(refreshes.length).toBeGreaterThanOrEqual(3);
    expect(refreshes.length).toBeLessThanOrEqual(Math.ceil(elapsed / TTL_SECONDS) + 1);
    for (let i = 1; i < refreshes.length; i++) expect(refreshes[i] - refreshes[i - 1]).toBeGreaterThan((TTL_SECONDS * 1000) / 2);

    // Both tabs send the token the last refresh stored, and the server accepts it.
    const stored = await first.evaluate(() => localStorage.getItem('AccessToken'));
    const sent = second.waitForRequest((r) => r.url().includes('/manage/') && r.headers()['accesstoken'] !== undefined);
    await second.getByRole('navigation', { name: '侧边菜单' }).getByRole('listitem', { name: '系统管理' }).click();
    expect((await sent).headers()['accesstoken']).toBe(stored);
    await expect.poll(() => second.locator('.fui-Toast').count()).toBe(0);
    await context.close();
  });
});
