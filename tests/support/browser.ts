import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContextOptions, Download, Page } from 'playwright-core';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectChromium } from './chromium.ts';
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
      browser = await connectChromium(inject('chromiumEndpoint'));
      return;
    }
    [server, browser] = await Promise.all([
      startServer(options.serverEnv, { template: inject('templateDir') }),
      connectChromium(inject('chromiumEndpoint')),
    ]);
    baseUrl = server.url;
  });
  // A failed test says what its pages showed and heard, so a failure seen once in CI can be read, not guessed.
  const heard = new WeakMap<Page, string[]>();
  /** Keeps what a page hears, for a failure's report. */
  const hear = (page: Page) => {
    const lines: string[] = [];
    heard.set(page, lines);
    listen(page, lines);
  };
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      console.error(`[${ctx.task.name}] ${await pageReport(page, heard.get(page) ?? [])}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A fresh context (its own storage) whose pages are heard (a failure says what they showed): a Chinese browser, as
   * the console's users have (its first visit follows the browser's language). Its motion is reduced (as a user's who
   * asks for it): Fluent's dialogs, drawers and toasts then open and close at once, so a step waits for the page, not
   * for an animation (issue 43: business 78-80 -> 64-67 s; failures, users and shell-usability 210 -> 186 s of files).
   * The walk (tests/support/walk.ts) keeps the default motion, so every page is still seen as most users see it.
   */
  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce', ...options });
    context.on('page', hear);
    return context;
  };
  /** A page in a fresh context (its own storage); `options` add to the defaults (e.g. timezoneId, colorScheme). */
  const newPage = async (options: BrowserContextOptions = {}): Promise<Page> =>
    (await newContext({ viewport: { width: 1280, height: 800 }, ...options })).newPage();
  /** A fresh browser context signed in as userName through the login form, on the first leaf (`locale: 'en-US'`: in English). */
  const signedInPage = async (userName: string, options: BrowserContextOptions = {}): Promise<Page> => {
    const page = await newPage(options);
    await page.goto(`${baseUrl}/#/login`);
    await fillLogIn(page, userName);
    await page.waitForURL(/#\/dashboard$/);
    return page;
  };
  return {
    get baseUrl() {
      return baseUrl;
    },
    newPage,
    newContext,
    logIn: fillLogIn,
    signedInPage,
    browser: () => browser,
  };
}

/** Fills the login form as userName (the demo password) and sends it, in the console's language, Chinese or English. */
export async function fillLogIn(page: Page, userName: string) {
  await page.getByLabel(/^(账号|Account)/).fill(userName);
  await page.getByLabel(/^(密码|Password)/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
}

export const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

/** Keeps the page's refusals, failed calls, errors and console errors (the last 30) for a failure's report. */
function listen(page: Page, lines: string[]) {
  const keep = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (lines.length > 30) lines.shift();
  };
  page.on('pageerror', (e) => keep(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && keep(`console: ${m.text()}`));
  page.on('requestfailed', (r) => keep(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', async (r) => {
    if (!r.url().includes('/manage/')) return;
    const path = new URL(r.url()).pathname;
    if (r.status() >= 400) return keep(`${r.status()} ${path}`);
    if (!(r.headers()['content-type'] ?? '').includes('json')) return;
    const body = (await r.json().catch(() => null)) as { result?: unknown; errmsg?: unknown; field?: unknown } | null;
    // a refusal: result 'error' or a status number (a menu tree answers its rows in result)
    if (body && (body.result === 'error' || typeof body.result === 'number'))
      keep(`${path}: ${JSON.stringify({ ...body, values: undefined })}`);
  });
}

/** What a page shows now (its address, open dialogs and alerts) and what it heard. */
async function pageReport(page: Page, heard: string[]): Promise<string> {
  const texts = async (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').slice(0, 400)))
      .catch(() => [] as string[]);
  return [
    `page ${page.url()}`,
    // what the page shows (a boot still loading, an error page): its headings and the first of its text
    ...(await texts('h1')).map((t) => `heading: ${t}`),
    `text: ${(await texts('body')).join(' ').slice(0, 300)}`,
    ...(await texts('[role=dialog], [role=alertdialog]')).map((t) => `dialog: ${t}`),
    ...(await texts('[role=alert], [role=status]')).map((t) => `alert: ${t}`),
    ...heard,
  ].join('\n  ');
}

/**
 * A download's bytes. The browser runs in its own process (the run's Chromium, tests/support/chromium.ts), so the
 * file is saved to this machine's temporary folder first, then read.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scrm-download-'));
  try {
    const file = path.join(dir, 'file');
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
