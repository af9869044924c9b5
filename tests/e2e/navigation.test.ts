import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';

const { baseUrl, newPage, signedInPage } = useBrowser();

const toast = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });

describe('keyboard-first navigation in Chromium', () => {
  it('quick search: texts, case-insensitive filter, 当前已在此页面, cascade and navigation', async () => {
    const page = await signedInPage('admin');
    await page.getByRole('button', { name: '快捷搜索' }).click();
    const dialog = page.getByRole('dialog', { name: '快捷搜索' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText('键入搜索菜单').count()).toBe(1);
    const input = dialog.getByPlaceholder('试试搜索：管理');
    await expect.poll(() => input.count()).toBe(1);

    await input.fill('USER');
    const results = dialog.getByRole('listbox', { name: '搜索结果' });
    await expect.poll(() => results.getByRole('option').allTextContents()).toEqual(['开放平台 / user 接口文档']);

    // The page on screen: a warning, and the dialog stays.
    await input.fill('工作台');
    await results.getByRole('option', { name: '工作台' }).click();
    await toast(page, '当前已在此页面').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/dashboard');

    // Keyboard: arrows and Enter on the filtered list.
    await input.fill('管理');
    await expect
      .poll(() => results.getByRole('option').allTextContents())
      .toSatisfy((names: string[]) => names.length > 5 && names.every((n) => n.includes('管理')));
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL((u) => u.hash !== '#/dashboard');
    await dialog.waitFor({ state: 'detached' });

    // The cascade: a first-level entry, then one of its pages.
    await page.getByRole('button', { name: '快捷搜索' }).click();
    await page.getByRole('dialog', { name: '快捷搜索' }).getByRole('option', { name: '系统管理' }).click();
    await page.getByRole('dialog', { name: '快捷搜索' }).getByRole('option', { name: '角色管理' }).click();
    await page.waitForURL(/#\/manage\/roles$/);
    await page.context().close();
  });

  it('palette: Ctrl+K, pinyin initials, Enter navigates; recent first; 当前已在此页面', async () => {
    const page = await signedInPage('admin');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: '命令面板' });
    const input = palette.getByRole('combobox', { name: '命令面板' });
    await input.waitFor();
    await input.fill('yhgl');
    const options = palette.getByRole('option');
    await expect.poll(async () => (await options.first().textContent()) ?? '', { timeout: 10_000 }).toContain('用户管理');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/manage\/users$/);
    await palette.waitFor({ state: 'detached' });

    // Empty query: the recently used page comes first, marked as the current page.
    await page.keyboard.press('Control+k');
    await input.waitFor();
    await expect.poll(() => palette.getByText('最近使用').count()).toBe(1);
    const first = options.first();
    await expect.poll(() => first.textContent()).toContain('用户管理');
    await expect.poll(() => first.textContent()).toContain('当前页面');
    await page.keyboard.press('Enter');
    await toast(page, '当前已在此页面').waitFor();
    await expect.poll(() => palette.isVisible()).toBe(true);

    // Hidden entries and buttons are never offered; Escape closes.
    await input.fill('活动编辑');
    await expect.poll(() => palette.getByText('没有匹配的菜单').count()).toBe(1);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('a first visit speaks the browser’s language until one is picked', async () => {
    const english = await newPage({ locale: 'en-US' });
    await english.goto(`${baseUrl}/#/login`);
    await english.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    // the server's words too: a wrong password is refused in English before any language was picked
    await english.getByLabel('Account').fill('admin');
    await english.getByLabel('Password').fill('Wrong@2026x');
    await english.getByRole('button', { name: 'Log in', exact: true }).click();
    await english.getByRole('alert').filter({ hasText: 'Wrong account or password' }).waitFor();
    await english.evaluate(() => localStorage.setItem('language', 'zh-cn'));
    await english.reload();
    await english.getByRole('button', { name: '登录', exact: true }).waitFor();
    const chinese = await newPage({ locale: 'zh-CN' });
    await chinese.goto(`${baseUrl}/#/login`);
    await chinese.getByRole('button', { name: '登录', exact: true }).waitFor();
    await Promise.all([english, chinese].map((p) => p.context().close()));
  });

  it('first-level menu names wrap rather than being cut, in both languages, never inside a word', async () => {
    const page = await signedInPage('admin');
    const cut = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('nav li > button > span')]
          .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
          .filter((el) => el.title !== el.textContent)
          .map((el) => el.textContent),
      );
    const clipped = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('nav li > button > span')]
          .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
    await page.getByRole('navigation', { name: '侧边菜单' }).getByRole('button', { name: '系统管理' }).waitFor();
    // Chinese names fit in two lines (小程序…, 内容与… were cut on one).
    await expect.poll(cut).toEqual([]);
    await expect.poll(clipped).toEqual([]);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
    // English names are longer: the column is wider, they wrap between words (never inside one: Workb|ench) and fit.
    await expect.poll(cut).toEqual([]);
    await expect.poll(clipped).toEqual([]);
    const brokenWords = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('nav li > button > span')].flatMap((el) =>
          (el.textContent ?? '').split(' ').filter((word) => {
            const probe = document.createElement('span');
            probe.textContent = word;
            probe.style.whiteSpace = 'nowrap';
            el.appendChild(probe);
            const wide = probe.getBoundingClientRect().width > el.clientWidth + 0.5;
            probe.remove();
            return wide;
          }),
        ),
      );
    await expect.poll(brokenWords).toEqual([]);
    await page.context().close();
  });

  it('palette ranking: a page above actions on a match, its whole name first (当前已在此页面), in both languages', async () => {
    const page = await signedInPage('admin');
    await page.goto(`${baseUrl}/#/manage/users`);
    await page.getByRole('heading', { name: '用户管理', level: 1 }).waitFor();
    const palette = page.getByRole('dialog', { name: '命令面板' });
    const input = palette.getByRole('combobox');
    const first = palette.getByRole('option').first();
    await page.keyboard.press('Control+k');
    await input.fill('用户管理');
    await expect.poll(() => first.textContent()).toContain('用户管理');
    await expect.poll(() => first.textContent()).not.toContain('新增用户');
    await page.keyboard.press('Enter');
    await toast(page, '当前已在此页面').waitFor();
    await input.fill('用户');
    await expect.poll(() => first.textContent()).toMatch(/^用户管理/);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.keyboard.press('Control+k');
    const en = page.getByRole('dialog', { name: 'Command palette' });
    const enFirst = en.getByRole('option').first();
    await en.getByRole('combobox').fill('users');
    await expect.poll(() => enFirst.textContent()).toMatch(/^Users/);
    await en.getByRole('combobox').fill('role');
    await expect.poll(() => enFirst.textContent()).toMatch(/^Roles/);
    await page.context().close();
  });

  it('palette actions: collapse the side menu and switch the language, which survives a reload', async () => {
    const page = await signedInPage('admin');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: '命令面板' });
    await palette.getByRole('combobox').fill('shouqi');
    // Pinyin arrives from the server once the palette opens; until then the characters match.
    await expect
      .poll(async () => (await palette.getByRole('option').first().textContent()) ?? '', { timeout: 10_000 })
      .toContain('收起菜单');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '展开菜单' }).waitFor();

    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('english');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '切换到中文' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: '切换到中文' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await expect.poll(() => page.getByRole('button', { name: 'Expand menu' }).count()).toBe(1);
    // Pinyin came from the server: the browser never fetched the dictionary's chunk.
    const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    // After the reload the shell warms the palette and its pinyin once the first paint has settled.
    await expect.poll(async () => (await fetched()).some((u) => u.endsWith('/manage/v1/menu/pinyin')), { timeout: 10_000 }).toBe(true);
    expect((await fetched()).some((u) => u.endsWith('.js') && u.includes('/command-palette-'))).toBe(true);
    expect((await fetched()).some((u) => /\/pinyin-[\w-]+\.js$/.test(u))).toBe(false);
    await page.context().close();
  });

  it('staff never finds pages outside their menu', async () => {
    const page = await signedInPage('staff');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: '命令面板' });
    await palette.getByRole('combobox').fill('用户管理');
    await expect.poll(() => palette.getByText('没有匹配的菜单').count()).toBe(1);
    await page.goto(`${baseUrl}/#/dashboard`);
    await page.context().close();
  });
});
