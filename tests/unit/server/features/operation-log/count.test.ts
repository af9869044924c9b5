import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { countOperations, LOG_TEXTS, LOG_WINDOW, logFilter, operationPage } from '@server/features/operation-log/queries.ts';
import { pgliteExtensions } from '@server/infra/db/pglite-extensions.ts';
import type { SessionInfo } from '@server/access/auth.ts';
import type { Db } from '@server/infra/db/db.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';

/**
 * The operation log's count and page for a page filter, on a real PGlite holding the log's columns and migration
 * 048's texts: each way a fragment is matched (by its few texts, among the newest rows, by the rows' own index)
 * answers the rows a model of the log says, newest first, and counts them exactly up to the bound or estimates them
 * near their number. The API suites check the lists on both engines with the demo (tests/api/logs.test.ts).
 */
const migration = (name: string) => readFileSync(new URL(`../../../../../server/migrations/${name}`, import.meta.url), 'utf8');

interface Row {
  id: number;
  user: number;
  text: string;
}

describe('the operation log’s page filter, counted and paged', () => {
  let pg: PGlite;
  let db: Db;
  const rows: Row[] = [];
  const windowRows = LOG_WINDOW.rows;

  beforeAll(async () => {
    pg = await PGlite.create({ extensions: await pgliteExtensions() });
    await pg.exec(`CREATE EXTENSION pg_trgm; CREATE EXTENSION btree_gin;
      CREATE TABLE app_user (id int PRIMARY KEY, tenant_id int, user_name text, nickname text, depart_ids int[]);
      INSERT INTO app_user VALUES (1, 1, 'a', '甲', '{10}'), (2, 1, 'b', '乙', '{20}'), (3, 2, 'c', '丙', '{10}');
      CREATE TABLE operation_log (id bigserial PRIMARY KEY, tenant_id int NOT NULL, user_id int NOT NULL,
        operation_time text NOT NULL DEFAULT '', operation_name text NOT NULL, operation_code text NOT NULL DEFAULT '',
        system_name text NOT NULL DEFAULT '', page_code text NOT NULL DEFAULT '', page_name text NOT NULL DEFAULT '',
        operation_type text NOT NULL DEFAULT 'click', menu_name text NOT NULL DEFAULT '', menu_code text NOT NULL DEFAULT '',
        outcome text, refusal text NOT NULL DEFAULT '', created_at timestamptz NOT NULL);
      CREATE INDEX operation_log_tenant_time_id ON operation_log (tenant_id, created_at DESC, id DESC) INCLUDE (user_id);`);
    for (const name of [
      '043_count_matches.sql',
      '044_count_dense.sql',
      '046_count_found.sql',
      '047_count_found_up_to.sql',
      '048_operation_log_texts.sql',
    ])
      await pg.exec(migration(name));
    // Rows of users 1 and 2 in turn, a second apart: every third a records write naming its record (texts past
    // LOG_TEXTS.atMost), a hundredth of them 稀有 (a few texts), the rest the clicks of four pages; the newest
    // window's rows hold 新增会员 densely, its older rows 旧写 too. Another tenant's rows hold the same words.
    await pg.exec(`INSERT INTO operation_log (tenant_id, user_id, page_name, menu_name, operation_name, created_at)
      SELECT 1, 1 + g % 2, CASE WHEN g % 3 = 0 THEN '会员' ELSE '页面' || (g % 4) END, '',
             CASE WHEN g % 3 = 0 THEN (CASE WHEN g <= 4000 THEN '旧写' ELSE '' END) || '新增会员：' || g
                  WHEN g % 100 = 1 THEN '稀有' ELSE '查询' END,
             timestamptz '2026-01-01' + make_interval(secs => g)
        FROM generate_series(1, 14000) g;
      INSERT INTO operation_log (tenant_id, user_id, page_name, operation_name, created_at)
      SELECT 2, 3, '会员', '新增会员：' || g, timestamptz '2026-01-01' + make_interval(secs => g) FROM generate_series(1, 3000) g;
      ANALYZE;`);
    rows.push(
      ...(
        await pg.query<Row>(
          `SELECT id::int, user_id AS user, lower(page_name || ' ' || menu_name || ' ' || operation_name) AS text
             FROM operation_log WHERE tenant_id = 1 ORDER BY created_at DESC, id DESC`,
        )
      ).rows,
    );
    db = {
      kind: 'pglite',
      query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params)).rows,
    } as unknown as Db;
  }, 120_000);
  afterAll(() => pg?.close());

  const session = (userType: number, departIds: number[]): SessionInfo =>
    ({ id: '1', userId: 1, tenantId: 1, userType, departIds }) as unknown as SessionInfo;
  const callers = { admin: session(0, []), oneDepartment: session(1, [10]) };

  /** The list as the route reads it: the count, then pages 1 and 3 by number and page 2 after page 1's last row. */
  const list = async (caller: SessionInfo, page: string) => {
    const f = await logFilter(db, caller, { user: '', page, outcome: '' });
    const { counted, ids, dense } = await countOperations(db, f);
    const read = (pageNum: number, after: { at: string; id: number } | null = null) =>
      operationPage(db, f, { found: ids, dense, after, pageNum, pageSize: 20 });
    const first = await read(1);
    const last = first.at(-1)!;
    const second = await read(2, last ? { at: last.createdAt, id: Number(last.id) } : null);
    const third = await read(3);
    return { counted, f, pages: [first, second, third].map((p) => p.map((r) => Number(r.id))) };
  };
  const model = (caller: SessionInfo, page: string) =>
    rows.filter((r) => (caller.userType === 0 || r.user === 1) && r.text.includes(page.toLowerCase())).map((r) => r.id);

  it('pages and counts a fragment of many texts that the newest rows hold densely: estimated near its number', async () => {
    for (const caller of Object.values(callers)) {
      const expected = model(caller, '新增会员');
      expect(expected.length).toBeGreaterThan(LIST_LIMITS.alwaysExactUpTo);
      const { counted, f, pages } = await list(caller, '新增会员');
      expect(f.window).toBeDefined();
      expect(pages).toEqual([expected.slice(0, 20), expected.slice(20, 40), expected.slice(40, 60)]);
      // more rows than the window: its share of the span's rows, planned
      expect(rows.length).toBeGreaterThan(windowRows);
      expect(counted.countEstimated).toBe(true);
      expect(counted.count).toBeGreaterThan(expected.length * 0.8);
      expect(counted.count).toBeLessThan(expected.length * 1.25);
    }
  });

  it('counts a fragment of many texts the newest rows do not hold exactly, by the rows’ own index', async () => {
    for (const caller of Object.values(callers)) {
      const expected = model(caller, '旧写');
      const { counted, pages } = await list(caller, '旧写');
      expect(counted).toEqual({ count: expected.length });
      expect(pages).toEqual([expected.slice(0, 20), expected.slice(20, 40), expected.slice(40, 60)]);
    }
  });

  it('counts and pages a fragment of few texts by its texts, and one no text holds as none', async () => {
    for (const caller of Object.values(callers)) {
      for (const page of ['稀有', '页面3', '无此页']) {
        const expected = model(caller, page);
        const { counted, f, pages } = await list(caller, page);
        expect(f.walk).toBe('first');
        if (expected.length <= LIST_LIMITS.alwaysExactUpTo) expect(counted).toEqual({ count: expected.length });
        else expect(counted.count).toBeGreaterThanOrEqual(LIST_LIMITS.alwaysExactUpTo);
        expect(pages).toEqual([expected.slice(0, 20), expected.slice(20, 40), expected.slice(40, 60)]);
      }
    }
    expect(LOG_TEXTS.atMost).toBeLessThan(4_000);
  });

  it('keeps every written text, once, as the tenant’s', async () => {
    const { rows: texts } = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM operation_log_texts WHERE tenant_id = 1`);
    expect(texts[0].n).toBe(new Set(rows.map((r) => r.text)).size);
    await pg.exec(
      `INSERT INTO operation_log (tenant_id, user_id, page_name, operation_name, created_at) VALUES (1, 1, '后来', '写入', now())`,
    );
    const { rows: later } = await pg.query(`SELECT 1 FROM operation_log_texts WHERE tenant_id = 1 AND text = '后来  写入'`);
    expect(later).toHaveLength(1);
    await pg.exec(`DELETE FROM operation_log WHERE page_name = '后来'`);
  });
});
