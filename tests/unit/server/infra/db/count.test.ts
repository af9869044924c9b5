import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { countAndFind, countMatches, inlineParams, manyMatches, type CountWalk } from '@server/infra/db/count.ts';
import type { Queryable } from '@server/infra/db/db.ts';
import { NUL_MESSAGE } from '@server/infra/http/http.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';

/**
 * countMatches' rule (migration 043's count_matches) on a real PGlite, over any number of matching rows and any
 * planner estimate: the rows come from a set-returning function whose estimate is declared (ROWS), so the plan says
 * what the case wants and the scan finds what is there. How each walk scans is read from the index's statistics. The
 * API suites check the lists' counts on PGlite and PostgreSQL with real data (tests/api/export-jobs.test.ts,
 * tests/api/records-list.test.ts).
 */
const { alwaysExactUpTo: FIRST, exactCountUpTo: CAP } = LIST_LIMITS;

describe('countMatches', () => {
  let pg: PGlite;
  let db: Queryable;
  /** the statements countMatches sent */
  const sent: string[] = [];

  beforeAll(async () => {
    pg = await PGlite.create();
    for (const migration of ['043_count_matches.sql', '044_count_dense.sql', '046_count_found.sql', '047_count_found_up_to.sql'])
      await pg.exec(readFileSync(new URL(`../../../../../server/migrations/${migration}`, import.meta.url), 'utf8'));
    // 60,000 rows, 15,000 of each level: a level is sized past the cap
    await pg.exec(`CREATE TABLE m (id serial PRIMARY KEY, level int, name text);
                   INSERT INTO m (level, name) SELECT i % 4, 'n' || i FROM generate_series(1, 60000) i;
                   CREATE INDEX m_level ON m (level); ANALYZE m;`);
    db = {
      kind: 'pglite',
      query: async <T>(sql: string, params?: unknown[]) => {
        sent.push(sql);
        return (await pg.query<T>(sql, params)).rows;
      },
    } as Queryable;
  }, 60_000);
  afterAll(() => pg?.close());

  /** rows 1..actual, which the planner expects to be `planned` */
  const rows = async (actual: number, planned: number) => {
    await pg.exec(`CREATE OR REPLACE FUNCTION pretend(n int) RETURNS SETOF int LANGUAGE plpgsql ROWS ${Math.max(planned, 1)}
                     AS $$ BEGIN RETURN QUERY SELECT generate_series(1, n); END $$`);
    return `FROM pretend(${actual}) g WHERE true`;
  };

  /** rows 1..actual as `g.id`, which the planner expects to be `planned` */
  const idRows = async (actual: number, planned: number) => {
    await pg.exec(`CREATE OR REPLACE FUNCTION pretend_ids(n int) RETURNS SETOF bigint LANGUAGE plpgsql ROWS ${Math.max(planned, 1)}
                     AS $$ BEGIN RETURN QUERY SELECT generate_series(1, n)::bigint; END $$`);
    return `FROM pretend_ids(${actual}) g(id) WHERE true`;
  };

  it('sizes the match by a plan and counts in one statement: exact up to the first bound however high the plan', async () => {
    for (const actual of [0, 1, FIRST]) {
      sent.length = 0;
      expect(await countMatches(db, await rows(actual, 5_000_000), [])).toEqual({ count: actual });
      expect(sent).toHaveLength(1);
    }
  });

  it('is exact up to the cap when the planner expects no more; estimates from one small scan when it expects more', async () => {
    // one scan: a match of 1,001 to 10,000 rows was counted twice before (to 1,001, then to 10,001)
    expect(await countMatches(db, await rows(FIRST + 1, CAP), [])).toEqual({ count: FIRST + 1 });
    expect(await countMatches(db, await rows(5_000, CAP + 1), [])).toEqual({ count: CAP + 1, countEstimated: true });
    // the planner guessed low: what was counted says only "more than the cap"
    expect(await countMatches(db, await rows(50_000, 20), [])).toEqual({ count: CAP + 1, countEstimated: true });
  });

  it('for any count and estimate: exact answers are true, estimates are marked, never below what was seen, past the cap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 * CAP }), fc.integer({ min: 1, max: 3 * CAP }), async (actual, planned) => {
        const answer = await countMatches(db, await rows(actual, planned), []);
        if (!answer.countEstimated) {
          expect(answer.count).toBe(actual);
        } else {
          expect(answer.count).toBeGreaterThan(CAP);
          expect(answer.count).toBe(Math.max(planned, Math.min(actual, planned <= CAP ? CAP + 1 : FIRST + 1)));
        }
        // exact whenever it is cheap to be, and whenever the planner sized it as countable
        if (actual <= FIRST || (actual <= CAP && planned <= CAP)) expect(answer).toEqual({ count: actual });
      }),
      { numRuns: 60 },
    );
  });

  it('answers the ids it counted when it found every match and they are few (or up to foundUpTo); none otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 0, max: 3 * FIRST }), fc.integer({ min: CAP - 50, max: CAP + 50 })),
        fc.integer({ min: 1, max: 3 * CAP }),
        fc.constantFrom<CountWalk>('plan', 'first', 'bitmap'),
        fc.constantFrom<number | undefined>(undefined, FIRST + 1, CAP),
        async (actual, planned, walk, foundUpTo) => {
          const fromWhere = await idRows(actual, planned);
          const { counted, ids } = await countAndFind(db, fromWhere, [], { walk, id: 'g.id', foundUpTo });
          expect(counted).toEqual(await countMatches(db, fromWhere, [], walk));
          if (!counted.countEstimated && counted.count <= (foundUpTo ?? FIRST))
            expect([...ids!].sort((a, b) => a - b)).toEqual(Array.from({ length: actual }, (_, i) => i + 1));
          else expect(ids).toBeNull();
        },
      ),
      { numRuns: 40 },
    );
    // no id asked: none answered, whatever was counted
    expect(await countAndFind(db, await idRows(3, 3), [], {})).toEqual({ counted: { count: 3 }, ids: null });
  });

  /** how the count of level 1 (15,000 rows, sized past the cap) read the table and its level index */
  const scanned = async (walk: CountWalk) => {
    const read = async () =>
      (
        await pg.query<{ seq: number; entries: number }>(
          `SELECT t.seq_scan::int AS seq, i.idx_tup_read::int AS entries FROM pg_stat_user_tables t
             JOIN pg_stat_user_indexes i ON i.relid = t.relid AND i.indexrelname = 'm_level' WHERE t.relname = 'm'`,
        )
      ).rows[0];
    await pg.query('SELECT pg_stat_force_next_flush()');
    const before = await read();
    const counted = await countMatches(db, 'FROM m WHERE level = $1', [1], walk);
    await pg.query('SELECT pg_stat_force_next_flush()');
    const after = await read();
    return { counted, seqScans: after.seq - before.seq, indexEntries: after.entries - before.entries };
  };

  it('`first` walks the index and stops at the bound, where a bitmap would read every match', async () => {
    const first = await scanned('first');
    // the planner's size of the match (about 15,000: ANALYZE samples), marked as an estimate
    expect(first.counted).toEqual({ count: expect.closeTo(15_000, -3) as number, countEstimated: true });
    expect(first).toMatchObject({ seqScans: 0, indexEntries: FIRST + 1 });
    // the same rule, each walk: one reads only bitmaps (all 15,000 entries), the planner's own choice is free
    const bitmap = await scanned('bitmap');
    expect(bitmap).toMatchObject({ counted: first.counted, seqScans: 0, indexEntries: 15_000 });
    expect((await scanned('plan')).counted).toEqual(first.counted);
  });

  it('`first` leaves a match sized within the cap to the planner, and counts it exactly', async () => {
    await pg.exec(`INSERT INTO m (level, name) SELECT 9, 'x' || i FROM generate_series(1, 3000) i; ANALYZE m;`);
    expect(await countMatches(db, 'FROM m WHERE level = $1', [9], 'first')).toEqual({ count: 3000 });
  });

  it('refuses an unknown walk, and a dense walk without its filters', async () => {
    await expect(pg.query(`SELECT * FROM count_matches('FROM m WHERE true', 10, 1, 'any')`)).rejects.toThrow(/no walk any/);
    await expect(pg.query(`SELECT * FROM count_matches('FROM m WHERE true', 10, 1, 'plan', 'FROM m r', NULL)`)).rejects.toThrow(
      /go together/,
    );
  });

  /**
   * A count of `filters` (over alias r), with `dense` or without, and the rows each way read: the dense walk's filters
   * and the plain count's condition each take a number from a sequence of their own per row they look at (the plain
   * one as `<> 0`, which the planner sizes at 99.5%).
   */
  const walked = async (filters: string, dense = true) => {
    await pg.exec(
      'CREATE SEQUENCE IF NOT EXISTS walked; ALTER SEQUENCE walked RESTART; CREATE SEQUENCE IF NOT EXISTS plain; ALTER SEQUENCE plain RESTART',
    );
    const counted = await countMatches(
      db,
      `FROM m r WHERE (${filters}) AND nextval('plain') <> 0`,
      [],
      'plan',
      dense
        ? { from: 'FROM m r WHERE true ORDER BY r.id DESC', where: `CASE WHEN nextval('walked') > 0 THEN (${filters}) END` }
        : undefined,
    );
    const used = async (sequence: string) =>
      (await pg.query<{ n: number }>(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS n FROM ${sequence}`)).rows[0].n;
    return { counted, rows: await used('walked'), plainRows: await used('plain') };
  };

  it('a dense walk counts a common match among the newest rows: the same answer, from a window of them', async () => {
    // half the rows and more, sized past the cap; the newest 2,000 and more all match, so the walk stops at the bound
    const common = 'r.level IN (1, 2) OR r.id > 58000';
    const plain = await walked(common, false);
    expect(plain.counted).toMatchObject({ countEstimated: true });
    expect(plain.counted.count).toBeGreaterThan(30_000);
    const dense = await walked(common);
    // the walk read 1,001 rows and answered: the count read no more
    expect(dense).toEqual({ counted: plain.counted, rows: FIRST + 1, plainRows: 0 });
    expect(plain.plainRows).toBeGreaterThan(FIRST);
    // A quarter of the rows or less is left to the planner (a window past 8,000 rows): no walk.
    expect(await walked('r.level = 1')).toMatchObject({ rows: 0, plainRows: expect.any(Number) as number });
    // Sized within the cap: counted exactly, with no walk.
    expect(await walked('r.id <= 5000')).toMatchObject({ counted: { count: 5000 }, rows: 0 });
  });

  it('a dense walk that finds too few where it looks (the matches sit elsewhere) counts as before', async () => {
    // the oldest half: none among the newest rows
    const oldest = 'r.id <= 30000';
    const plain = await walked(oldest, false);
    const dense = await walked(oldest);
    expect(dense.counted).toEqual(plain.counted);
    expect(dense.counted).toMatchObject({ countEstimated: true });
    // its whole window read (twice the bound at the planned share, and more), none of it matching; then the count
    expect(dense.rows).toBeGreaterThanOrEqual(2 * (FIRST + 1));
    expect(dense.plainRows).toBeGreaterThan(0);
  });

  it('for any filter of the levels and ids, a dense walk answers what the count without it answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([0, 1, 2, 3], { minLength: 1 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.boolean(),
        async (levels, at, below) => {
          const filters = `r.level IN (${levels.join(', ')}) AND r.id ${below ? '<=' : '>'} ${at}`;
          expect((await walked(filters)).counted).toEqual((await walked(filters, false)).counted);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('inlineParams', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  }, 60_000);
  afterAll(() => pg?.close());

  it('reads every value as the server reads it as a parameter', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', "'", '\\', '"', '{', '}', ',', ' ', '%', '_', '$1', '张', 'é', '\n', 'NULL') });
    await fc.assert(
      fc.asyncProperty(text, fc.array(text, { maxLength: 4 }), fc.integer(), fc.boolean(), async (s, list, n, b) => {
        const sql = 'SELECT $1::text AS s, $2::text[] AS list, $3::int AS n, $4::boolean AS b, $5::text AS nothing, $1 = $1 AS same';
        const params = [s, list, n, b, null];
        expect((await pg.query(inlineParams(sql, params))).rows).toEqual((await pg.query(sql, params)).rows);
      }),
      { numRuns: 200 },
    );
    const at = new Date('2026-05-06T07:08:09.123Z');
    expect((await pg.query(inlineParams('SELECT $1::timestamptz AS at', [at]))).rows).toEqual([{ at }]);
    // $10 is the tenth value, not the first followed by a zero
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParams('$1 + $10', ten)).toBe("'1' + '10'");
  });

  it('refuses a placeholder without a value and a value holding NUL', () => {
    expect(() => inlineParams('x = $2', [1])).toThrow(/no value for \$2/);
    expect(() => inlineParams('x = $1', ['a\u0000b'])).toThrow(NUL_MESSAGE);
  });
});

describe('manyMatches', () => {
  it('says many for an estimate at the bound asked or past the exact count, never for an exact count', () => {
    expect(manyMatches({ count: 20_000, countEstimated: true }, 20_000)).toBe(true);
    expect(manyMatches({ count: 19_999, countEstimated: true }, 20_000)).toBe(false);
    // counted past its bound, though the planner sized the match smaller
    expect(manyMatches({ count: CAP + 1, countEstimated: true }, 20_000)).toBe(true);
    expect(manyMatches({ count: CAP + 2, countEstimated: true }, 20_000)).toBe(false);
    expect(manyMatches({ count: 50_000 }, 20_000)).toBe(false);
  });
});
