/**
 * Writes tests/support/file-seconds.json, the test files' durations the test run's order is planned by
 * (tests/support/sequencer.ts), from vitest's cache of its last run. Run it after `npm test` on a fresh clone with
 * one core kept busy, as the reviewers' machines are: `node --import tsx scripts/test-seconds.ts [cache folder]`.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? 'node_modules/.vite/vitest';
const caches = readdirSync(folder, { withFileTypes: true }).filter((d) => d.isDirectory());
if (caches.length !== 1) throw new Error(`expected one vitest cache under ${folder}, found ${caches.length}`);
const { results } = JSON.parse(readFileSync(join(folder, caches[0].name, 'results.json'), 'utf8')) as {
  results: Array<[string, { duration?: number }]>;
};
const seconds = Object.fromEntries(
  results
    // a file of a project (`integration:tests/…`); mutation's runs (npm run mutation) leave theirs without one
    .filter(([file, r]) => typeof r.duration === 'number' && !file.startsWith(':'))
    .map(([file, r]) => [file, Math.round(r.duration! / 100) / 10] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync('tests/support/file-seconds.json', `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files' durations written to tests/support/file-seconds.json`);
