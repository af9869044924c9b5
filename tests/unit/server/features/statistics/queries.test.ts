import { describe, expect, it } from 'vitest';
import { tableAreas } from '@server/features/statistics/queries.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';
import type { Queryable } from '@server/infra/db/db.ts';

/** A database whose tables hold these many records, counted as SQL would count them under a LIMIT; and what it was asked. */
function tables(held: Record<number, number>, planned = (n: number) => n * 1.01) {
  const asked: string[] = [];
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      asked.push(sql.startsWith('EXPLAIN') ? `plan ${String(params[0])}` : 'areas');
      if (sql.startsWith('EXPLAIN')) return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': planned(held[params[0] as number]) } }] }];
      const limit = Number(/LIMIT (\d+)/.exec(sql)![1]);
      return Object.entries(held).map(([id, n]) => ({
        tableId: Number(id),
        label: `表${id}`,
        labelEn: '',
        component: `c/${id}`,
        area: '区',
        count: Math.min(n, limit),
      }));
    },
  } as unknown as Queryable;
  return { db, asked };
}

describe('the landing page’s record counts (server/features/statistics/queries.ts tableAreas)', () => {
  it('counts exactly up to the bound in one statement, and asks the planner only for the tables past it', async () => {
    const cap = LIST_LIMITS.exactCountUpTo;
    const { db, asked } = tables({ 1: 320, 2: cap, 3: 1_000_000 });
    const areas = await tableAreas(db, 1, [1, 2, 3]);
    expect(areas.map((a) => [a.component, a.count, a.countEstimated])).toEqual([
      ['c/1', 320, undefined],
      ['c/2', cap, undefined],
      ['c/3', 1_010_000, true],
    ]);
    expect(asked).toEqual(['areas', 'plan 3']);
    expect(areas[0]).not.toHaveProperty('tableId');
  });

  it('an estimate is never below what was counted', async () => {
    // the planner, behind on a table that grew, says 50 rows; the count stopped one past the bound
    const { db } = tables({ 7: 1_000_000 }, () => 50);
    const [area] = await tableAreas(db, 1, [7]);
    expect(area).toMatchObject({ count: LIST_LIMITS.exactCountUpTo + 1, countEstimated: true });
  });
});
