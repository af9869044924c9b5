import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { DEMO_PASSWORD } from './api.ts';
import { startServer, type RunningServer } from './start-server.ts';

/**
 * One Chromium per test file against the run's server, or against a server of the file's own when it needs other
 * settings (`serverEnv`, e.g. short lifetimes). Call at the top of an e2e file; every page gets a fresh context
 * (its own local storage), so tests never share a session. With `serverEnv`, read `ui.baseUrl` inside the tests:
 * it is known only once that server has started.
 * @example const ui = useBrowser(); const page = await ui.signedInPage('admin');
 */
export function useBrowser(options: { serverEnv?: Record<string, string> } = {}) {
  let baseUrl = options.serverEnv ? '' : inject('baseUrl');
  let browser: Browser;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    if (!options.serverEnv) {
      browser = await launchChromium();
      return;
    }
    [server, browser] = await Promise.all([startServer(options.serverEnv, { template: inject('templateDir') }), launchChromium()]);
    baseUrl = server.url;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page in a fresh context (its own storage); `options` add to the defaults (e.g. timezoneId, colorScheme). */
  const newPage = async (options: BrowserContextOptions = {}): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    return context.newPage();
  };
  const logIn = async (page: Page, userName: string) => {
    await page.getByLabel('账号').fill(userName);
    await page.getByLabel('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
  };
  /** A fresh browser context signed in as userName through the login form, on the first leaf. */
  const signedInPage = async (userName: string, options: BrowserContextOptions = {}): Promise<Page> => {
    const page = await newPage(options);
    await page.goto(`${baseUrl}/#/login`);
    await logIn(page, userName);
    await page.waitForURL(/#\/dashboard$/);
    return page;
  };
  return {
    get baseUrl() {
      return baseUrl;
    },
    newPage,
    logIn,
    signedInPage,
    browser: () => browser,
  };
}

export const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
