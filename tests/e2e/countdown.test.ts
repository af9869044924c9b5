import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { DEMO_PASSWORD } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/start-server.ts';

// Sessions that live 12 s, so the countdown reaches zero within the test.
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SESSION_TTL_SECONDS: '12' }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const timer = (page: Page) => page.getByRole('timer');
const secondsShown = async (page: Page) => {
  const m = /^(\d\d):(\d\d):(\d\d)后自动退出$/.exec((await timer(page).textContent()) ?? '');
  expect(m).not.toBeNull();
  return Number(m![1]) * 3600 + Number(m![2]) * 60 + Number(m![3]);
};
/** What the browser does when the tab is hidden or shown again. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { value: h, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

describe('session countdown in Chromium', () => {
  it('ticks in the top bar, stops while hidden, re-fetches user info when visible, and ends the session at zero', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel('账号').fill('staff');
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/#\/dashboard$/);

    const first = await secondsShown(page);
    expect(first).toBeLessThanOrEqual(12);
    await expect.poll(() => secondsShown(page)).toBeLessThan(first);

    await setHidden(page, true);
    const frozen = await secondsShown(page);
    await page.waitForTimeout(2100);
    expect(await secondsShown(page)).toBe(frozen);

    const refetch = page.waitForRequest('**/manage/vue/userInfo');
    await setHidden(page, false);
    await refetch;
    // The server's tokenExpire is lower than the frozen count by the time spent hidden.
    await expect.poll(() => secondsShown(page)).toBeLessThan(frozen - 1);

    await page.waitForURL(/#\/login\?redirect=%2Fdashboard$/, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('UserToken'))).toBeNull();
    await page.context().close();
  });
});
