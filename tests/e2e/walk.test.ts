import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { COMBOS, menuPages, walkPages, walkProblems } from '../support/walk.ts';

// Every page of each role's menu, each in one of the twelve combinations of language, theme and width (390, 1024,
// 1440 px) in turn, with axe after each navigation: no page fails to show or says 模块未安装 (every entry of the demo
// opens a working page), no critical or serious finding, no table
// row's buttons on two lines or past their cell (tests/support/walk.ts: rowButtonsOutOfLine). Fluent's
// focus sentinels are left out of axe's count (tests/support/axe.ts says why). The platform operator walks the
// pages admin's menu lacks (the rest are admin's pages again: a suite minute saved); `npm run walk` walks every
// page of every role in every combination.
const ui = useBrowser();

describe('the walk: every page, every role, in every language, theme and width', () => {
  for (const [user, offset] of [
    ['admin', 0],
    ['staff', 5],
    ['platform', 7],
  ] as const) {
    it(`${user}: every page of the menu shows, its rows’ buttons in line, and axe finds nothing critical or serious`, async () => {
      const all = await menuPages(ui.baseUrl, user);
      const admins = user === 'platform' ? new Set((await menuPages(ui.baseUrl, 'admin')).map((p) => p.path)) : new Set<string>();
      const pages = all.filter((p) => !admins.has(p.path));
      expect(pages.length).toBeGreaterThan(user === 'admin' ? 40 : 3);
      const visits = await walkPages(ui.browser(), ui.baseUrl, user, pages, (i) => COMBOS[(i + offset) % COMBOS.length]!);
      expect(new Set(visits.map((v) => `${v.combo.language} ${v.combo.theme} ${v.combo.width}`)).size).toBe(
        Math.min(COMBOS.length, pages.length),
      );
      expect(walkProblems(visits)).toEqual([]);
    }, 600_000);
  }
});
