import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { benchFilter } from './filter.bench.ts';
import { benchMenu } from './menu.bench.ts';
import { benchUsers } from './users.bench.ts';
import { benchRecords } from './records.bench.ts';
import { benchJournal } from './journal.bench.ts';
import { benchThroughput, throughputRange } from './throughput.bench.ts';
import { benchDay } from './day.bench.ts';
import { benchScale } from './scale.bench.ts';
import { benchAbuse } from './abuse.bench.ts';

/**
 * npm run bench: prints figures and writes bench/results.json. Nothing here passes or fails on time.
 * `npm run bench -- --only abuse,throughput` runs those sections only (and keeps the other sections' last figures);
 * `--runs 3` runs the throughput section three times and keeps each run with the range.
 */
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? '').split(',')) : null;
const want = (section: string) => !only || only.has(section);
const resultsFile = new URL('./results.json', import.meta.url);
const results: Record<string, unknown> = {
  ...(only && existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {}),
  date: new Date().toISOString(),
  node: process.version,
};

if (want('filter')) {
  console.log('Palette filter vs cmdk defaultFilter (per keystroke)');
  const filter = benchFilter();
  results.filter = filter;
  console.table(
    filter.rows.map((r) => ({
      leaves: r.leaves,
      'index build ms': r.indexBuildMs,
      'palette median ms': r.palette.medianMs,
      'palette worst ms': r.palette.worstMs,
      'cmdk median ms': r.cmdkDefaultFilter.medianMs,
      'cmdk worst ms': r.cmdkDefaultFilter.worstMs,
      'x faster': r.ratio,
    })),
  );
}

if (want('menu')) {
  console.log('Menu tree -> routes');
  results.menu = benchMenu();
  console.table([results.menu]);
}

if (want('users')) {
  console.log('Users list with 100,000 users in one tenant (server time through the rule chain, PGlite)');
  const users = await benchUsers();
  results.users = users;
  console.table(users.rows);
  console.log('Import of 100,000 rows (upload, check, save; target <= 30 s)');
  console.table([users.import]);
}

if (want('records')) {
  console.log('Records list with 100,000 members in one table, and the landing page (server time through the rule chain, PGlite)');
  const records = await benchRecords();
  results.records = records;
  console.table(records.list);
  console.log(`工作台 figures (target p95 <= ${records.dashboard.targetP95Ms} ms)`);
  console.table([records.dashboard]);
}

if (want('throughput')) {
  console.log(
    'Server throughput beside same-run baselines, production settings (targets on PostgreSQL: user info and users list >= 40% of SELECT 1, records list at 100,000 members >= 25% (asked again; a new filter each call shown beside it), menu tree >= 60% of bare; PGlite: records list at 10,000 members >= 100 req/s, every call within 3x of PostgreSQL)',
  );
  // `--runs N`: N whole runs, each with its own same-run baselines; every run is kept and the range printed
  const runsAt = process.argv.indexOf('--runs');
  const runs = Math.max(1, runsAt >= 0 ? Number(process.argv[runsAt + 1]) || 1 : 1);
  const all: Array<Record<string, unknown>> = [];
  for (let run = 1; run <= runs; run++) {
    const throughput = await benchThroughput();
    all.push(throughput);
    if (run === 1) {
      console.log(
        `load: ${String(throughput.generator)}; ${String(throughput.settings)}; mix: ${String(throughput.mix)}; baselines: ${String(throughput.baselines)}`,
      );
    }
    console.log(`run ${run} of ${runs}`);
    for (const engine of ['PGlite', 'PostgreSQL']) {
      if (!throughput[engine]) continue;
      console.log(engine);
      console.table(throughput[engine]);
    }
    if (throughput['PostgreSQL / PGlite']) console.log('PostgreSQL / PGlite, req/s by call:', throughput['PostgreSQL / PGlite']);
  }
  results.throughput = runs === 1 ? all[0] : { runs: all, range: throughputRange(all) };
  if (runs > 1) {
    console.log(`the range over ${runs} runs (lowest-highest; never the best alone)`);
    console.table(throughputRange(all));
  }
}

if (want('day')) {
  console.log('A day of the console (issue 46 part 5): weighted calls of admins and store staff on seeded volumes, production settings');
  const day = await benchDay();
  results.day = day;
  const { PGlite, PostgreSQL, ...how } = day as Record<string, Record<string, unknown> | undefined>;
  console.log(how);
  for (const [engine, r] of [
    ['PGlite', PGlite],
    ['PostgreSQL', PostgreSQL],
  ] as const) {
    if (!r) continue;
    const { closed, open, ...figures } = r;
    console.log(engine, figures);
    console.table(closed);
    console.table(open);
  }
}

if (want('scale')) {
  console.log(
    'Real volumes on PostgreSQL: 1,000,000 members, 10,000,000 operation-log rows (target: list with filter and sort p95 <= 50 ms)',
  );
  const scale = await benchScale();
  results.scale = scale;
  const { rows: scaleRows, runs: _scaleRuns, ...scaleRest } = scale as { rows?: unknown[]; runs?: unknown };
  console.log(scaleRest);
  if (scaleRows) console.table(scaleRows);
}

if (want('journal')) {
  console.log('Event journal: per-event cost (recording on vs off, target <= 0.05 ms) and first-bundle size (target <= 15 KiB gz)');
  results.journal = await benchJournal();
  console.table([results.journal]);
}

if (want('browser') && !process.argv.includes('--no-browser')) {
  const { benchBrowser } = await import('./browser.bench.ts');
  console.log('Palette in Chromium against the built app (10k-leaf menu)');
  results.browser = await benchBrowser();
  console.table([results.browser]);
  const { benchFirstPaint } = await import('./first-paint.bench.ts');
  console.log(
    'First paint against the built app (targets: login <= 150 KiB in its first second, shell <= 230 KiB at paint, wire: login <= 170 KiB, shell <= 280 KiB; palette <= 40 KiB, paint <= 150 ms, heap growth <= 5 MB)',
  );
  results.firstPaint = await benchFirstPaint();
  console.table([results.firstPaint]);
}

if (want('abuse')) {
  console.log(
    'Under abuse (PGlite): a signed-in user’s calls during 200 concurrent wrong logins and ten 10 MB bodies, beside the same calls alone in the same round (target p95 <= 300 ms)',
  );
  results.abuse = await benchAbuse();
  console.table((results.abuse as { rows: unknown[] }).rows);
}

writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
console.log('written bench/results.json');
