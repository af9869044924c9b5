/**
 * The static checks of `npm test` (lint, types, format, build) side by side, each printed whole when it ends, in
 * their order; exits 1 when any failed. Side by side they finish in about the time of the slowest (typecheck),
 * and on a machine shared with other work they get a larger share of it than one after another would.
 */
import { spawn } from 'node:child_process';

const checks = [
  ['lint', 'eslint', '.'],
  ['typecheck', 'tsc', '--noEmit', '-p', '.'],
  ['format:check', 'prettier', '--check', '.', '--log-level', 'warn'],
  ['build', 'vite', 'build', '--logLevel', 'warn'],
] as const;

const started = Date.now();
const results = await Promise.all(
  checks.map(
    ([name, bin, ...args]) =>
      new Promise<{ name: string; code: number | null; output: string; seconds: number }>((resolve) => {
        const child = spawn('npx', [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        child.on('close', (code) => resolve({ name, code, output, seconds: (Date.now() - started) / 1000 }));
      }),
  ),
);
for (const r of results) {
  console.log(`${r.code === 0 ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(0)} s)`);
  if (r.output.trim()) console.log(r.output.trimEnd());
}
if (results.some((r) => r.code !== 0)) process.exit(1);
