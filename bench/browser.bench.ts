import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { launchChromium } from '../tests/support/chromium.ts';
import { signedIn } from '../tests/support/api.ts';
import { startServer } from '../tests/support/start-server.ts';
import { TYPED, benchLabels } from './labels.ts';
import { median, quantile, round } from './stats.ts';

/** A menu of `leaves` pages in sections of 100, labels as in the filter benchmark. */
function tenThousandLeafMenu(leaves = 10_000) {
  const labels = benchLabels(leaves);
  const sections = Math.ceil(leaves / 100);
  let id = 1;
  return Array.from({ length: sections }, (_, s) => ({
    id: id++,
    name: `区域 ${s}`,
    path: `/area-${s}`,
    icon: JSON.stringify({ icon: '', name: `区域 ${s}`, hidden: false }),
    children: labels.slice(s * 100, s * 100 + 100).map((label, i) => ({ id: id++, name: label, path: `p-${i}`, component: 'bench/page' })),
  }));
}

/**
 * The built app in Chromium, signed in for real, with the menu answer replaced by a 10k-leaf tree: for every
 * keystroke typed into the palette, the time from keydown to the frame after the update, and the rows in the DOM.
 */
export async function benchBrowser(leaves = 10_000) {
  if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const { token } = await signedIn(server.url, 'admin');
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })).newPage();
    await page.addInitScript((t) => localStorage.setItem('UserToken', t), token);
    const tree = tenThousandLeafMenu(leaves);
    await page.route('**/manage/permission/treeMenu4VUE', (route) => route.fulfill({ json: { result: tree } }));
    await page.goto(`${server.url}/#/`);
    await page.getByRole('navigation').first().waitFor({ timeout: 60_000 });

    const t0 = Date.now();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: '命令面板' });
    await input.waitFor();
    const firstOpenMs = Date.now() - t0;

    // Per keystroke: beforeinput (Chinese characters arrive as text input, without keydown) -> React commits the
    // new list (an input listener on window runs after React's) -> next animation frame -> a task after it, when
    // the frame is painted. `total` includes waiting for the next frame (up to 16.7 ms at 60 Hz, not our work);
    // `busy` leaves that wait out: handler time plus the frame's style, layout and paint.
    await page.evaluate(() => {
      const w = window as unknown as { __lat: Array<{ total: number; busy: number }> };
      w.__lat = [];
      let start = 0;
      let handled = 0;
      addEventListener('beforeinput', () => (start = performance.now()), true);
      addEventListener('input', () => {
        handled = performance.now();
        const s0 = start;
        const h0 = handled;
        requestAnimationFrame(() => {
          const frame = performance.now();
          setTimeout(() => {
            const end = performance.now();
            w.__lat.push({ total: end - s0, busy: h0 - s0 + (end - frame) });
          }, 0);
        });
      });
    });
    type Lat = { total: number; busy: number };
    const lat = () => page.evaluate(() => (window as unknown as { __lat: Lat[] }).__lat);
    const samples: Lat[] = [];
    let maxRows = 0;
    for (const word of TYPED) {
      await input.fill('');
      // Let the clearing's own frame pass before counting this word's keystrokes.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20))));
      await page.evaluate(() => ((window as unknown as { __lat: Lat[] }).__lat = []));
      let typed = 0;
      for (const ch of word) {
        await page.keyboard.type(ch);
        typed++;
        await page.waitForFunction((n) => (window as unknown as { __lat: Lat[] }).__lat.length >= n, typed);
        maxRows = Math.max(maxRows, await page.locator('[cmdk-item]').count());
      }
      samples.push(...(await lat()));
    }
    const total = samples.map((x) => x.total);
    const busy = samples.map((x) => x.busy);
    return {
      leaves,
      keystrokes: samples.length,
      firstOpenMs,
      keystrokeToPaintMedianMs: round(median(total), 1),
      keystrokeToPaintP95Ms: round(quantile(total, 0.95), 1),
      busyMedianMs: round(median(busy), 1),
      busyP95Ms: round(quantile(busy, 0.95), 1),
      maxRowsInDom: maxRows,
      targets: { p95Ms: 16, rowsAtMost: 50 },
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
