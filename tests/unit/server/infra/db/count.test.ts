import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countMatches } from '@server/infra/db/count.ts';
import type { Db } from '@server/infra/db/db.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';

/**
 * countMatches' rule over any number of matching rows and any planner estimate, on a database that answers the bounded
 * scans from the true number and the plan from the estimate, and records what it was asked (the API suites check the
 * same on PGlite and PostgreSQL with real plans: tests/api/export-jobs.test.ts).
 */
function fakeDb(actual: number, planned: number) {
  const asked: string[] = [];
  const db = {
    query: async (sql: string) => {
      const limit = /LIMIT (\d+)\) x$/.exec(sql);
      if (limit) {
        asked.push(`count up to ${Number(limit[1]) - 1}`);
        return [{ n: Math.min(actual, Number(limit[1])) }];
      }
      expect(sql).toMatch(/^EXPLAIN \(FORMAT JSON\) SELECT 1 FROM t WHERE/);
      asked.push('plan');
      return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': planned } }] }];
    },
  } as unknown as Db;
  return { db, asked };
}

const { alwaysExactUpTo: FIRST, exactCountUpTo: CAP } = LIST_LIMITS;

describe('countMatches', () => {
  it('sizes the match by a plan, then counts in one scan: exact up to the first bound however high the plan', async () => {
    for (const actual of [0, 1, FIRST]) {
      const { db, asked } = fakeDb(actual, 5_000_000);
      expect(await countMatches(db, 'FROM t WHERE x', [])).toEqual({ count: actual });
      expect(asked).toEqual(['plan', `count up to ${FIRST}`]);
    }
  });

  it('is exact up to the cap when the planner expects no more; estimates from one small scan when it expects more', async () => {
    const exact = fakeDb(FIRST + 1, CAP);
    expect(await countMatches(exact.db, 'FROM t WHERE x', [])).toEqual({ count: FIRST + 1 });
    // one scan: a match of 1,001 to 10,000 rows was counted twice before (to 1,001, then to 10,001)
    expect(exact.asked).toEqual(['plan', `count up to ${CAP}`]);
    const big = fakeDb(5_000, CAP + 1);
    expect(await countMatches(big.db, 'FROM t WHERE x', [])).toEqual({ count: CAP + 1, countEstimated: true });
    expect(big.asked).toEqual(['plan', `count up to ${FIRST}`]);
    // the planner guessed low: what was counted says only "more than the cap"
    const low = fakeDb(50_000, 20);
    expect(await countMatches(low.db, 'FROM t WHERE x', [])).toEqual({ count: CAP + 1, countEstimated: true });
  });

  it('byIndex counts in a transaction that allows index bitmaps only, by the same rule', async () => {
    const { db, asked } = fakeDb(FIRST + 1, CAP);
    const inTransaction: string[] = [];
    const tx = {
      query: async (sql: string, params?: unknown[]) => {
        if (/set_config/.test(sql)) {
          inTransaction.push(
            ...['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'].filter((k) => sql.includes(`'${k}', 'off', true`)),
          );
          return [{}];
        }
        return db.query(sql, params);
      },
    };
    const byIndex = { ...db, transaction: async <T>(fn: (t: typeof tx) => Promise<T>) => fn(tx) } as unknown as Db;
    expect(await countMatches(byIndex, 'FROM t WHERE x', [], { byIndex: true })).toEqual({ count: FIRST + 1 });
    expect(inTransaction).toEqual(['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']);
    expect(asked).toEqual(['plan', `count up to ${CAP}`]);
  });

  it('for any count and estimate: exact answers are true, estimates are marked, never below what was seen, past the cap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 * CAP }), fc.integer({ min: 0, max: 3 * CAP }), async (actual, planned) => {
        const { db, asked } = fakeDb(actual, planned);
        const answer = await countMatches(db, 'FROM t WHERE x', []);
        if (!answer.countEstimated) {
          expect(answer.count).toBe(actual);
        } else {
          expect(answer.count).toBeGreaterThan(CAP);
          expect(answer.count).toBe(Math.max(planned, Math.min(actual, planned <= CAP ? CAP + 1 : FIRST + 1)));
        }
        // exact whenever it is cheap to be, and whenever the planner sized it as countable
        if (actual <= FIRST || (actual <= CAP && planned <= CAP)) expect(answer).toEqual({ count: actual });
        // one plan and one scan, the large one only when the planner expects it to end within the cap
        expect(asked).toEqual(['plan', `count up to ${planned <= CAP ? CAP : FIRST}`]);
      }),
    );
  });
});
