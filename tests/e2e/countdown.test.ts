import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';

// Sessions that live 12 s, so the countdown reaches zero within the test.
const ui = useBrowser({ serverEnv: { SESSION_TTL_SECONDS: '12' } });

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
    const page = await ui.signedInPage('staff');

    const first = await secondsShown(page);
    expect(first).toBeLessThanOrEqual(12);
    await expect.poll(() => secondsShown(page)).toBeLessThan(first);

    await setHidden(page, true);
    const frozen = await secondsShown(page);
    await page.waitForTimeout(2100);
    await expect.poll(() => secondsShown(page)).toBe(frozen);

    const refetch = page.waitForRequest('**/manage/vue/userInfo');
    await setHidden(page, false);
    await refetch;
    // The server's tokenExpire is lower than the frozen count by the time spent hidden.
    await expect.poll(() => secondsShown(page)).toBeLessThan(frozen - 1);

    await page.waitForURL(/#\/login\?redirect=%2Fdashboard$/, { timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('UserToken'))).toBeNull();
    await page.context().close();
  });
});
