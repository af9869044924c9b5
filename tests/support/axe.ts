import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.1 A and AA rules and axe's best practices) and returns the critical
 * and serious violations: what a screen-reader or keyboard user cannot get past.
 */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  // Evaluated over the DevTools protocol: the server's Content-Security-Policy (no inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Hover colours are not the page's: the pointer rests on the logo. First, so that the hover-out transition it
  // starts is over before the colours are read.
  await page.mouse.move(8, 8);
  const first = await violationsAtRest(page, include);
  // A control that changed state while axe read it (a pager button enabled by data arriving) was caught mid-
  // transition; what is still wrong once the page is at rest again is what counts.
  return first.length ? violationsAtRest(page, include) : first;
}

async function violationsAtRest(page: Page, include?: string): Promise<AxeFinding[]> {
  // Colours are judged at rest: a dialog or drawer fading in is partly transparent until its animation ends, and a
  // button's colour moves through the values between two states while its transition runs.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<Record<string, unknown>> }> } }
    ).axe;
    // Fluent's focus sentinels (tabster's <i data-tabster-dummy>, aria-hidden and focusable by design: they hand focus
    // on at once) are axe's known false positive for aria-hidden-focus (microsoft/tabster#288; Microsoft's own
    // Accessibility Insights suppresses them, accessibility-insights-web#7605). Everything else is checked.
    return axe.run({ include: [context ?? 'html'], exclude: [['[data-tabster-dummy]']] }, { resultTypes: ['violations'] });
  }, include ?? null);
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      id: v.id as string,
      impact: v.impact as string,
      help: v.help as string,
      targets: (v.nodes as Array<{ target: string[]; html: string; failureSummary?: string }>)
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`),
    }));
}
