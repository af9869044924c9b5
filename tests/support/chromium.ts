import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const FLAGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'];

function onPath(name: string): string | null {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Resolves Chromium as DECISIONS.md orders: CHROME_PATH, /usr/bin/chromium or a Chrome on PATH, then the
 * @sparticuz/chromium package (a Chromium inside an npm package; nothing is downloaded).
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const local =
    process.env.CHROME_PATH ||
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null) ||
    onPath('chromium') ||
    onPath('google-chrome') ||
    onPath('chromium-browser');
  if (local) return chromium.launch({ executablePath: local, args: ['--no-sandbox', ...FLAGS, ...extraArgs] });
  const { default: packaged } = await import('@sparticuz/chromium');
  // --single-process (meant for serverless) ends the browser with its last context; tests open many. The
  // web-security switches would let a page do what a user's browser refuses, hiding such a bug from the tests.
  const dropped = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);
  const args = packaged.args.filter((a) => !dropped.has(a));
  return chromium.launch({ executablePath: await packaged.executablePath(), args: [...args, ...FLAGS, ...extraArgs] });
}
