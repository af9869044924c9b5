import { launchChromium } from './support/chromium.ts';
import { startServer } from './support/start-server.ts';
import { COMBOS, comboName, menuPages, walkPages, walkProblems, type Visit } from './support/walk.ts';

/*
 * npm run walk: every page of admin's, staff's and platform's menus in all twelve combinations of language (zh-cn,
 * en), theme (light, dark) and width (390, 1024, 1440 px), axe after each navigation. Prints one line per user and
 * combination (pages, pages that did not show, critical and serious findings) and every problem; exits 1 if any.
 * About half an hour on two cores: the test suite walks each page once per role (tests/e2e/walk.test.ts).
 */
const server = await startServer();
const browser = await launchChromium();
const rows: Array<Record<string, string | number>> = [];
const all: Visit[] = [];
try {
  for (const user of ['admin', 'staff', 'platform']) {
    const pages = await menuPages(server.url, user);
    for (const combo of COMBOS) {
      const started = Date.now();
      const visits = await walkPages(browser, server.url, user, pages, () => combo);
      all.push(...visits);
      const count = (impact: string) => visits.reduce((n, v) => n + v.findings.filter((f) => f.impact === impact).length, 0);
      rows.push({
        user,
        combination: comboName(combo),
        pages: visits.length,
        // a page not shown, or shown amiss: buttons out of line, hidden words, Chinese in English (walk.ts)
        problems: visits.filter((v) => v.problem).length,
        critical: count('critical'),
        serious: count('serious'),
        seconds: Math.round((Date.now() - started) / 1000),
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.table(rows);
const problems = walkProblems(all);
for (const p of problems) console.log(p);
console.log(`${all.length} page visits, ${problems.length} with a problem`);
process.exit(problems.length ? 1 : 0);
