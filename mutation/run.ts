/**
 * npm run mutation (issue 17): StrykerJS once per group, each with its own committed incremental result file
 * (mutation/incremental/<group>.json) and JSON report (reports/mutation/<group>.json), then the scores
 * (mutation/scores.ts). Groups keep a run short and let one group's baseline be made and committed without the
 * others: a group without a baseline is run from scratch only when asked (`npm run mutation -- --all` or by name),
 * since that takes minutes to an hour on 2 cores; CI runs the groups that have one.
 *
 *   npm run mutation                   groups with a committed baseline, incrementally
 *   npm run mutation -- machines-small one group (baseline made if missing)
 *   npm run mutation -- --all          every group
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GROUPS } from './groups.ts';

const args = process.argv.slice(2);
const baseline = (group: string) => `mutation/incremental/${group}.json`;
const chosen = args.includes('--all')
  ? Object.keys(GROUPS)
  : args.length > 0
    ? args.filter((a) => a in GROUPS)
    : Object.keys(GROUPS).filter((g) => existsSync(baseline(g)));
const unknown = args.filter((a) => a !== '--all' && !(a in GROUPS));
if (unknown.length) throw new Error(`unknown mutation groups: ${unknown.join(', ')} (known: ${Object.keys(GROUPS).join(', ')})`);
const skipped = args.length > 0 ? [] : Object.keys(GROUPS).filter((g) => !chosen.includes(g));
if (skipped.length) console.log(`mutation: no baseline yet for ${skipped.join(', ')} (npm run mutation -- <group> makes one)`);

mkdirSync('mutation/incremental', { recursive: true });
mkdirSync('reports/mutation', { recursive: true });
for (const group of chosen) {
  const config = path.resolve(`reports/mutation/stryker.${group}.mjs`);
  writeFileSync(
    config,
    `import base from '${path.resolve('stryker.config.mjs')}';\n` +
      `export default { ...base, mutate: ${JSON.stringify(GROUPS[group])}, incrementalFile: '${baseline(group)}',\n` +
      `  jsonReporter: { fileName: 'reports/mutation/${group}.json' }, htmlReporter: { fileName: 'reports/mutation/${group}.html' } };\n`,
  );
  console.log(`mutation: ${group}`);
  const run = spawnSync('npx', ['stryker', 'run', config], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
const scores = spawnSync(process.execPath, ['--import', 'tsx', 'mutation/scores.ts', ...chosen.map((g) => `reports/mutation/${g}.json`)], {
  stdio: 'inherit',
});
process.exit(scores.status ?? 1);
