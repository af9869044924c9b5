/**
 * npm run test:soak [-- --runs N] [file filters…]: the browser files N times (default 3) while a child process keeps
 * one core busy, then every test that failed at least once, with its error. Run it before landing a change to an
 * e2e file: a test that reads changing UI state once passes alone and fails on a busy machine (issue 27).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

interface AssertionResult {
  fullName: string;
  status: string;
  failureMessages: string[];
}
interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: AssertionResult[];
}

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : Number(process.env.SOAK_RUNS ?? 3);
// Without --runs (runsAt -1) every argument is a filter: `runsAt + 1` would otherwise drop the first one.
const filters = runsAt >= 0 ? args.filter((_, i) => i !== runsAt && i !== runsAt + 1) : args;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number, got ${args[runsAt + 1]}`);

const out = path.resolve('.tmp/soak');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0) process.exit(1);

// One core kept busy for the whole soak, as a second job on a 2-core machine would.
const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const stopBusy = () => busy.kill('SIGKILL');
process.on('exit', stopBusy);

/** test (file › name) -> the errors of each run it failed in */
const failures = new Map<string, string[]>();
const note = (key: string, error: string) => failures.set(key, [...(failures.get(key) ?? []), error]);
const firstLines = (text: string) => text.split('\n').slice(0, 6).join('\n      ');

for (let run = 1; run <= runs; run++) {
  const file = path.join(out, `run-${run}.json`);
  const started = Date.now();
  const vitest = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...(filters.length ? filters : ['tests/e2e']),
    ],
    { stdio: 'inherit' },
  );
  let results: FileResult[] = [];
  try {
    results = (JSON.parse(readFileSync(file, 'utf8')) as { testResults: FileResult[] }).testResults;
  } catch {
    note(`run ${run}`, `vitest wrote no report (exit ${vitest.status})`);
  }
  for (const result of results) {
    const name = path.relative(process.cwd(), result.name);
    if (result.status === 'failed' && result.assertionResults.every((a) => a.status !== 'failed'))
      note(name, result.message ?? 'the file failed outside its tests');
    for (const a of result.assertionResults)
      if (a.status === 'failed') note(`${name} › ${a.fullName}`, a.failureMessages.join('\n') || 'failed');
  }
  console.log(`soak: run ${run} of ${runs} finished in ${Math.round((Date.now() - started) / 1000)} s (exit ${vitest.status})`);
}
stopBusy();

if (failures.size === 0) {
  console.log(`\nsoak: no test failed in ${runs} runs with one core busy`);
} else {
  console.log(`\nsoak: ${failures.size} test(s) failed at least once in ${runs} runs with one core busy:`);
  for (const [test, errors] of failures) {
    console.log(`\n  ${test} (failed ${errors.length} of ${runs})`);
    for (const error of new Set(errors)) console.log(`    - ${firstLines(error)}`);
  }
  process.exitCode = 1;
}
