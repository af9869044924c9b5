import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

const FLAGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'];

function onPath(name: string): string | null {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** A Chromium to launch and the switches it needs. */
interface Resolved {
  executablePath: string;
  args: string[];
}

/**
 * Resolves Chromium as DECISIONS.md orders: CHROME_PATH, /usr/bin/chromium or a Chrome on PATH, then the
 * @sparticuz/chromium package (a Chromium inside an npm package; nothing is downloaded). The package unpacks its
 * browser into the temporary folder on first use: the run's global setup calls this once before any test file runs
 * (tests/support/global-setup.ts), so that files starting side by side never meet a half-written binary.
 */
export async function resolveChromium(): Promise<Resolved> {
  const local =
    process.env.CHROME_PATH ||
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null) ||
    onPath('chromium') ||
    onPath('google-chrome') ||
    onPath('chromium-browser');
  if (local) return { executablePath: local, args: ['--no-sandbox', ...FLAGS] };
  const { default: packaged } = await import('@sparticuz/chromium');
  // --single-process (meant for serverless) ends the browser with its last context; tests open many. The
  // web-security switches would let a page do what a user's browser refuses, hiding such a bug from the tests.
  // --no-zygote (serverless again) starts every page's renderer from nothing: forked from the zygote, twenty
  // contexts loading the login page took 3.4 CPU-s instead of 6.6 (issue 43; a run opens hundreds).
  const dropped = new Set(['--single-process', '--no-zygote', '--disable-web-security', '--allow-running-insecure-content']);
  return { executablePath: await packaged.executablePath(), args: [...packaged.args.filter((a) => !dropped.has(a)), ...FLAGS] };
}

/** ETXTBSY: the binary is still being written by another process unpacking the package (a run without the setup). */
const busy = (err: unknown) => /ETXTBSY/.test(String(err));

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({ executablePath, args: [...args, ...extraArgs] });
    } catch (err) {
      if (!busy(err) || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * One Chromium for a whole test run (the global setup's), which every browser file connects to over its WebSocket:
 * each file then pays for a connection rather than a browser's start (eighteen starts a run). Contexts stay a file's
 * own, and each closes with its file.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  const { executablePath, args } = await resolveChromium();
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launchServer({ executablePath, args });
    } catch (err) {
      if (!busy(err) || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** The run's Chromium (launchChromiumServer's endpoint). */
export const connectChromium = (wsEndpoint: string): Promise<Browser> => chromium.connect(wsEndpoint);
