import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from '../server/infra/db/db.ts';
import { seedDemo } from '../server/seed/seed.ts';
import { inProcess, nicknameFragment, seedMembers } from './in-process.ts';
import { median, quantile, round } from './stats.ts';

const ROWS = 100_000;
const RUNS = 40;

/**
 * The records service with 100,000 members in one table (issue 14: a list with a filter and a sort, p95 <= 50 ms;
 * the landing page's figures, p95 <= 100 ms): server time through the whole rule chain (session, tenant, the
 * table's page through the relations, department scope) on PGlite. The same list queries run again with the
 * table's per-field indexes dropped, the alternative the indexes are measured against.
 */
export async function benchRecords() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scrm-bench-records-'));
  const db = await openDb({ dataDir }, seedDemo);
  try {
    const t0 = performance.now();
    const table = { id: await seedMembers(db, ROWS) };
    await db.query('ANALYZE meta_record');
    const seedMs = performance.now() - t0;
    const as = inProcess(db);
    type Query = Record<string, unknown> | (() => Record<string, unknown>);
    const cases: Array<[string, Query]> = [
      ['level = 钻石卡, sorted by points desc', { filters: { level: '4' }, sortField: 'points', sortOrder: 'descend' }],
      ['nickname contains, sorted by joined_at', { filters: { nickname: '压测会员9999' }, sortField: 'joined_at', sortOrder: 'ascend' }],
      ['joined in March, sorted by points', { filters: { joined_at: '2026-03-01~2026-03-31' }, sortField: 'points', sortOrder: 'descend' }],
      ['first page, newest first', {}],
      [
        'nickname contains a varied 3-8 character fragment, sorted by joined_at',
        () => ({ filters: { nickname: nicknameFragment(ROWS) }, sortField: 'joined_at', sortOrder: 'ascend' }),
      ],
      ['nickname contains a varied 3-8 character fragment, newest first', () => ({ filters: { nickname: nicknameFragment(ROWS) } })],
    ];
    const time = async (api: Awaited<ReturnType<typeof as>>, q: Query) => {
      const body = () => ({ tableId: table.id, pageNum: 1, pageSize: 20, ...(typeof q === 'function' ? q() : q) });
      for (let w = 0; w < 3; w++) await api.call('/v1/metaRecord/list', body());
      const times: number[] = [];
      const counts = new Set<number>();
      for (let i = 0; i < RUNS; i++) {
        const b = body();
        const t = performance.now();
        counts.add((await api.call<{ count: number }>('/v1/metaRecord/list', b)).count);
        times.push(performance.now() - t);
      }
      return { count: counts.size > 1 ? `${counts.size} sizes` : [...counts][0], times };
    };
    const rows: Array<Record<string, unknown>> = [];
    const admin = await as('admin');
    const staff = await as('staff');
    for (const [label, q] of cases) {
      for (const [who, api] of [
        ['admin', admin],
        ['staff (one department)', staff],
      ] as const) {
        const { count, times } = await time(api, q);
        rows.push({
          caller: who,
          query: label,
          matches: count,
          'p50 ms': round(median(times), 1),
          'p95 ms': round(quantile(times, 0.95), 1),
        });
      }
    }
    // The alternative: the same lists with the per-field indexes dropped (a sequential scan of the table's JSONB).
    const indexes = await db.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = $1 AND indexname ~ '^meta_rec_[sutc]'`,
      [`meta_record_t${table.id}`],
    );
    for (const ix of indexes) await db.query(`DROP INDEX ${ix.name}`);
    for (const [label, q] of cases.slice(0, 3)) {
      const { count, times } = await time(admin, q);
      rows.push({
        caller: 'admin, no field indexes',
        query: label,
        matches: count,
        'p50 ms': round(median(times), 1),
        'p95 ms': round(quantile(times, 0.95), 1),
      });
    }
    for (const ix of indexes) await db.query(ix.def);

    // The landing page's figures (工作台), as admin.
    for (let w = 0; w < 3; w++) await admin.call('/v1/dataStatistics/dashboard', {});
    const dash: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await admin.call('/v1/dataStatistics/dashboard', {});
      dash.push(performance.now() - t);
    }
    return {
      rows: ROWS,
      seedMs: Math.round(seedMs),
      runsPerCase: RUNS,
      targetListP95Ms: 50,
      list: rows,
      dashboard: { 'p50 ms': round(median(dash), 1), 'p95 ms': round(quantile(dash, 0.95), 1), targetP95Ms: 100 },
    };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
