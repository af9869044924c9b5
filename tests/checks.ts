/**
 * `npm test`: the build first (the test servers serve it), then vitest beside the static checks (lint, types,
 * format). Vitest's output streams as it runs; each check's output is printed whole when vitest is done, in their
 * order. Exits 1 when the tests or any check failed. Arguments go to vitest (`npm test -- tests/api/users.test.ts`).
 *
 * Side by side rather than one after the other (issue 43): vitest's first twenty seconds are its global setups
 * (seeding the PGlite and PostgreSQL templates, starting Chromium), which keep less than a core busy and no test
 * file can start before them; the checks fill that gap, and a machine shared with other work gives both a larger
 * share than either alone would get.
 */
import { spawn } from 'node:child_process';

interface Result {
  name: string;
  code: number | null;
  output: string;
  seconds: number;
}

const started = Date.now();
const run = (name: string, bin: string, args: readonly string[], stream = false) =>
  new Promise<Result>((resolve) => {
    const child = spawn('npx', [bin, ...args], { stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'] });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ name, code, output, seconds: (Date.now() - started) / 1000 }));
  });

const report = (r: Result) => {
  console.log(`${r.code === 0 ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(0)} s)`);
  if (r.output.trim()) console.log(r.output.trimEnd());
};

const build = await run('build', 'vite', ['build', '--logLevel', 'warn']);
report(build);
if (build.code !== 0) process.exit(1);

const checks = Promise.all([
  run('lint', 'eslint', ['.']),
  run('typecheck', 'tsc', ['--noEmit', '-p', '.']),
  run('format:check', 'prettier', ['--check', '.', '--log-level', 'warn']),
]);
const tests = await run('vitest', 'vitest', ['run', ...process.argv.slice(2)], true);
const results = await checks;
console.log('');
for (const r of results) report(r);
if (tests.code !== 0) console.log(`✗ vitest (${tests.seconds.toFixed(0)} s)`);
if (tests.code !== 0 || results.some((r) => r.code !== 0)) process.exit(1);
