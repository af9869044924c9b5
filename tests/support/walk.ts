import type { Browser, Page } from 'playwright-core';
import type { MenuNode } from '@/api/table/session.ts';
import { signedIn } from './api.ts';
import { seriousViolations, type AxeFinding } from './axe.ts';
import { fillLogIn } from './browser.ts';

/*
 * The walk: every page of a user's menu opened as the side menu opens it, in a language, a theme and a window width,
 * with axe-core after each navigation. tests/e2e/walk.test.ts walks each page once per role (the combinations in
 * turn); `npm run walk` walks every combination and prints the table.
 */

export type Language = 'zh-cn' | 'en';
export type Theme = 'light' | 'dark';
export const WIDTHS = [390, 1024, 1440] as const;
export type Width = (typeof WIDTHS)[number];
const HEIGHTS: Record<Width, number> = { 390: 844, 1024: 768, 1440: 900 };

export interface Combo {
  language: Language;
  theme: Theme;
  width: Width;
}

/** Every combination: two languages, two themes, three widths. */
export const COMBOS: readonly Combo[] = (['zh-cn', 'en'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => WIDTHS.map((width) => ({ language, theme, width }))),
);

export const comboName = (c: Combo) => `${c.language} ${c.theme} ${c.width}`;

export interface MenuPage {
  path: string;
  name: string;
  nameEn: string;
  /** the page's component (a records page's schema is found by it) */
  component?: string;
}

/** The pages of a user's menu (its visible leaves), as the server gives them. */
export async function menuPages(baseUrl: string, userName: string): Promise<MenuPage[]> {
  const { api } = await signedIn(baseUrl, userName);
  const tree = await api.call<{ result: MenuNode[] }>('/permission/treeMenu4VUE', {});
  const leaves = (nodes: MenuNode[]): MenuPage[] =>
    nodes.flatMap((n) => {
      const kids = (n.children ?? []).filter((c) => c.uriType !== 2);
      if (kids.length) return leaves(kids);
      let hidden = false;
      try {
        hidden = Boolean((JSON.parse(n.icon ?? '{}') as { hidden?: boolean }).hidden);
      } catch {
        /* an icon name, not settings */
      }
      return n.path && !hidden
        ? [{ path: n.path, name: n.name ?? '', nameEn: n.nameEn?.trim() || (n.name ?? ''), component: n.component ?? '' }]
        : [];
    });
  return leaves(tree.result);
}

export interface Visit {
  user: string;
  combo: Combo;
  page: MenuPage;
  /**
   * what kept the page from showing (no heading, no content, 模块未安装) or showed it amiss (a row's buttons out of
   * line), else null
   */
  problem: string | null;
  findings: AxeFinding[];
}

/** A signed-in window of `combo`: the login form in a fresh context, then the language chosen and the app reloaded. */
async function windowFor(browser: Browser, baseUrl: string, userName: string, combo: Combo): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: combo.width, height: HEIGHTS[combo.width] },
    colorScheme: combo.theme,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/login`);
  await page.evaluate((language) => localStorage.setItem('language', language), combo.language);
  await page.reload();
  await fillLogIn(page, userName);
  await page.waitForURL(/#\/dashboard$/);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

/**
 * Opens each page by the address (as the side menu does), waits for its heading and its content (a table, a tree, a
 * form, tabs...), then asks axe. `comboOf` says in which combination each page is seen.
 */
export async function walkPages(
  browser: Browser,
  baseUrl: string,
  userName: string,
  pages: readonly MenuPage[],
  comboOf: (index: number) => Combo,
): Promise<Visit[]> {
  const byCombo = new Map<string, { combo: Combo; pages: MenuPage[] }>();
  pages.forEach((p, i) => {
    const combo = comboOf(i);
    const entry = byCombo.get(comboName(combo)) ?? { combo, pages: [] };
    entry.pages.push(p);
    byCombo.set(comboName(combo), entry);
  });
  const visits: Visit[] = [];
  let data = await wordsOfData(baseUrl, userName, pages);
  for (const { combo, pages: share } of byCombo.values()) {
    const page = await windowFor(browser, baseUrl, userName, combo);
    for (const p of share) {
      await page.evaluate((path) => (location.hash = path), p.path);
      const name = combo.language === 'en' ? p.nameEn : p.name;
      const heading = page.getByRole('heading', { name, level: 1, exact: true });
      let problem: string | null = null;
      // Chinese on the page or in its add form; asked again with the data read afresh (other tests of the run name
      // departments and roles while the walk goes on) before it counts
      const inEnglish = async () => {
        const once = async () => (await strayChinese(page, heading, data)) ?? (await strayInAddDialog(page, heading, data));
        if ((await once()) === null) return null;
        data = await wordsOfData(baseUrl, userName, pages);
        return once();
      };
      try {
        await heading.waitFor({ timeout: 10_000 });
        await page
          .locator('section[aria-label]')
          .filter({ has: heading })
          .locator('table, [role="grid"], [role="group"], [role="tree"], [role="tablist"], form, h2, pre, select')
          .first()
          .waitFor({ timeout: 10_000 });
        // A list is at rest once its rows or its empty words are there (not its skeleton).
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => {});
        // A menu entry whose page the build lacks shows 模块未安装: every entry of the demo opens a working page.
        problem = (await page.getByText(/^(模块未安装|Module not installed)$/).count())
          ? 'module not installed'
          : ((await rowButtonsOutOfLine(page)) ??
            (await settled(() => wordsHidden(page))) ??
            (combo.language === 'en' ? await inEnglish() : null));
      } catch (err) {
        // a wait that ran out is what the user saw; anything else is the walk's own fault, said as it is
        if (!(err instanceof Error && err.name === 'TimeoutError')) throw err;
        problem = (await heading.count()) ? 'no content' : 'no heading';
      }
      visits.push({ user: userName, combo, page: p, problem, findings: problem ? [] : await seriousViolations(page) });
    }
    await page.context().close();
  }
  return visits;
}

/**
 * What people named, shown as they named it in English too (issue 45: the sweep excuses only these): the user's
 * departments and nickname, menu entries and roles without an English name, and the data dictionary's table, field
 * and option names without one (each records page's schema).
 */
async function wordsOfData(baseUrl: string, userName: string, pages: readonly MenuPage[]): Promise<string[]> {
  const { api } = await signedIn(baseUrl, userName);
  const { fetchUserInfo } = await import('@/api/calls/session/session-calls.ts');
  const { recordApi } = await import('@/api/table/records.ts');
  const { userInfo } = await fetchUserInfo(api);
  const tree = await api.call<{ result: MenuNode[] }>('/permission/treeMenu4VUE', {});
  const named = (nodes: MenuNode[]): string[] =>
    nodes.flatMap((n) => [...(n.name && !n.nameEn?.trim() ? [n.name] : []), ...named(n.children ?? [])]);
  const untranslated = (x: { label: string; labelEn?: string }) => (x.labelEn?.trim() ? [] : [x.label]);
  const dictionary: string[] = [];
  for (const p of pages) {
    if (!p.component) continue;
    const schema = await api.send(recordApi.schema, { component: p.component }, { quiet: true }).catch(() => null);
    const s = schema?.values;
    if (s) dictionary.push(...untranslated(s.table), ...s.fields.flatMap((f) => [...untranslated(f), ...f.options.flatMap(untranslated)]));
  }
  // the platform's operator also sees every tenant's name and the whole catalogue, tenants' own entries included
  const { menuApi, tenantApi } = await import('@/api/table/platform.ts');
  const tenants = await api.send(tenantApi.list, { pageNum: 1, pageSize: 200 }, { quiet: true }).catch(() => null);
  const catalogue = await api.send(menuApi.catalogue, {}, { quiet: true }).catch(() => null);
  const { roleApi } = await import('@/api/table/roles.ts');
  const roles = await api.send(roleApi.list, {}, { quiet: true }).catch(() => null);
  return [
    ...((roles?.values ?? []) as Array<{ name: string; nameEn?: string }>).filter((r) => !r.nameEn?.trim()).map((r) => r.name),
    ...(tenants?.values ?? []).map((t) => t.name),
    ...named((catalogue?.values ?? []) as unknown as MenuNode[]),
    ...userInfo.allDepartList.map((d) => d.departName),
    userInfo.nickname,
    ...(userInfo.roleNameEn?.trim() ? [] : userInfo.roleName.split(',')),
    ...named(tree.result),
    ...dictionary,
  ].filter(Boolean);
}

/**
 * The page's own form in English (its header's first “Add …” button: a drawer or dialog), checked as the page is,
 * then closed; null when the page has none or it holds no stray Chinese.
 */
async function strayInAddDialog(page: Page, heading: ReturnType<Page['getByRole']>, data: readonly string[]): Promise<string | null> {
  const add = page
    .locator('section[aria-label]')
    .filter({ has: heading })
    .first()
    .locator('header')
    .getByRole('button', { name: /^Add\b/ });
  if (!(await add.count()) || (await add.first().getAttribute('aria-disabled')) === 'true' || (await add.first().isDisabled())) return null;
  await add.first().click();
  const dialog = page.getByRole('dialog').last();
  try {
    await dialog.waitFor({ timeout: 5_000 });
  } catch {
    return null;
  }
  const stray = await strayChinese(page, dialog, data, true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
  return stray && `in its add form: ${stray}`;
}

/**
 * A line of the page in English that still holds Chinese once the data is taken out (table bodies, charts and open
 * lists are data), else null.
 */
async function strayChinese(
  page: Page,
  within: ReturnType<Page['getByRole']>,
  data: readonly string[],
  itself = false,
): Promise<string | null> {
  const text = await (itself ? within : page.locator('section[aria-label]').filter({ has: within }).first()).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    // a select's options are the data it chooses from (roles, departments, tables)
    copy.querySelectorAll('tbody, svg, [role="listbox"], [hidden], [data-testid="watermark"], select').forEach((n) => n.remove());
    document.body.appendChild(copy);
    const visible = copy.innerText;
    copy.remove();
    return visible;
  });
  let rest = text;
  for (const d of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(d).join(' ');
  const line = rest.split('\n').find((l) => /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(l));
  return line === undefined ? null : `Chinese in English: “${line.trim().slice(0, 60)}”`;
}

/**
 * A check of the screen that found something, asked again a moment later before it counts: a table learns that it
 * overflows (and shows its pinned column's edge) from a resize observer, a frame after its rows arrive (the full
 * walk once met a cell under 操作 in that frame).
 */
async function settled(check: () => Promise<string | null>): Promise<string | null> {
  if ((await check()) === null) return null;
  await new Promise((r) => setTimeout(r, 500));
  return check();
}

/**
 * tsx (npm run walk) compiles with esbuild's keepNames, which wraps a function declared inside an evaluated function in
 * `__name(…)`, a helper the page lacks: the walk then saw every page as "no content". The page gets a `__name` that
 * does nothing (a string is not compiled).
 */
const keepNamesWork = (page: Page) => page.evaluate('globalThis.__name ??= (f) => f');

/**
 * A table row's buttons on more than one line, or past their cell's edge (the first such cell, as the user sees it),
 * else null: a row two buttons tall makes every row of the table two lines tall.
 */
export async function rowButtonsOutOfLine(page: Page): Promise<string | null> {
  await keepNamesWork(page);
  return page.evaluate(() => {
    for (const cell of document.querySelectorAll('tbody td')) {
      const buttons = [...cell.querySelectorAll('button')];
      if (!buttons.length) continue;
      const box = cell.getBoundingClientRect();
      const lines = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size;
      const past = buttons.some((b) => b.getBoundingClientRect().right > box.right + 1);
      const labels = buttons.map((b) => b.textContent).join('|');
      if (lines > 1) return `a row's buttons on ${lines} lines (${labels}, cell ${Math.round(box.width)} px)`;
      if (past) return `a row's buttons past their cell (${labels}, cell ${Math.round(box.width)} px)`;
    }
    // An actions column as wide as its widest row's buttons (worked out from the labels, issue 45), not a width set
    // by hand that leaves a gap in one language and cuts in the other.
    for (const table of document.querySelectorAll('table')) {
      // a kept page hidden behind the one on screen has no boxes
      if (!(table as HTMLElement).offsetParent) continue;
      const last = [...table.querySelectorAll<HTMLElement>('tbody tr > td:last-child')].filter(
        (td) => getComputedStyle(td).position === 'sticky',
      );
      const cells = last.filter((td) => td.querySelector('button'));
      // a column of buttons only (not one whose other rows hold words: a decided campaign's reason)
      if (!cells.length || cells.length < last.filter((td) => (td.textContent ?? '').trim()).length) continue;
      const widest = Math.max(
        ...cells.map((td) => {
          const buttons = [...td.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
          return Math.max(...buttons.map((b) => b.right)) - Math.min(...buttons.map((b) => b.left));
        }),
      );
      // the width the column asks for (its header's), before a wide table shares its spare room among the columns
      const asked = parseFloat(table.querySelector<HTMLElement>('thead tr > th:last-child')?.style.width ?? '');
      if (asked - widest > 32) return `an actions column ${Math.round(asked)} px wide for buttons of ${Math.round(widest)} px`;
    }
    return null;
  });
}

/**
 * Words the screen hides (issue 45's "Done when"), the first found as the user sees it, else null:
 * - the page scrolls sideways (the document wider than the window);
 * - a table cell's text is cut without an ellipsis (its text runs past its box, not ending in …), or cut with one but
 *   with no way to read it whole (no title, no tooltip: cellText);
 * - a table cell lies under a pinned column while the table shows no edge (no shadow) saying more is beneath;
 * - a side-menu name is cut with no title to read it by.
 */
export async function wordsHidden(page: Page): Promise<string | null> {
  await keepNamesWork(page);
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) return `the page scrolls sideways (${root.scrollWidth} px in ${window.innerWidth})`;
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 40);
    /** An element whose own text is wider than its box. */
    const cut = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
    const readable = (el: Element) =>
      Boolean(el.closest('[title]') || el.querySelector('[title]') || el.closest('[aria-describedby]') || el.getAttribute('aria-label'));
    for (const table of document.querySelectorAll('table')) {
      if (!(table as HTMLElement).offsetParent) continue;
      const pinned = [...table.querySelectorAll<HTMLElement>('tbody td')].filter((td) => getComputedStyle(td).position === 'sticky');
      for (const td of table.querySelectorAll<HTMLTableCellElement>('tbody td')) {
        if (td.colSpan > 1 || td.querySelector('button, input, [role="switch"], [role="checkbox"]')) continue;
        // the innermost element holding the text, or the cell itself
        const holders = [td, ...td.querySelectorAll<HTMLElement>('*')].filter((el) => el.childElementCount === 0 || el === td);
        for (const el of holders) {
          if (!cut(el)) continue;
          const style = getComputedStyle(el);
          if (style.textOverflow !== 'ellipsis' || style.overflow === 'visible')
            return `a cell cut without an ellipsis: “${text(td)}” (${el.clientWidth} of ${el.scrollWidth} px)`;
          if (!readable(el)) return `a cell cut with no way to read it whole: “${text(td)}”`;
        }
        if (getComputedStyle(td).position === 'sticky') continue;
        const box = td.getBoundingClientRect();
        const row = td.parentElement;
        const over = pinned.find(
          (p) =>
            p.parentElement === row && p.getBoundingClientRect().left < box.right - 1 && p.getBoundingClientRect().right > box.left + 1,
        );
        if (over && box.width > 0 && !/\b8px\b/.test(getComputedStyle(over).boxShadow))
          return `a cell under a pinned column with no edge shown: “${text(td)}” under “${text(over)}”`;
      }
    }
    for (const item of document.querySelectorAll<HTMLElement>(
      'nav [data-track-code^="side-menu:"], nav [data-track-code^="side-menu:"] *',
    )) {
      if (!item.offsetParent || item.childElementCount > 0 || !cut(item)) continue;
      if (!readable(item)) return `a menu name cut with no title: “${text(item)}”`;
    }
    return null;
  });
}

/** What a walk found, one line per problem page: empty when every page showed and axe found nothing serious. */
export const walkProblems = (visits: readonly Visit[]) =>
  visits
    .filter((v) => v.problem || v.findings.length)
    .map(
      (v) =>
        `${v.user} ${comboName(v.combo)} ${v.page.path}: ${v.problem ?? v.findings.map((f) => `${f.id} ${f.targets[0] ?? ''}`).join('; ')}`,
    );
