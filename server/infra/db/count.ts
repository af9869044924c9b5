import type { Db } from './db.ts';
import { LIST_LIMITS } from '../../../src/api/contract.ts';

/**
 * The number of rows `fromWhere` (`FROM … WHERE …`) matches: exact up to LIST_LIMITS.exactCountUpTo (a scan that
 * stops one row past it), else the planner's estimate, never below what was counted, marked as one (a count of
 * exactly the limit plus one says only "more than the limit": the planner guessed lower). Counting ten
 * million log rows exactly took seconds on PostgreSQL; this stays at the cost of the bounded scan and a plan.
 */
export async function countMatches(db: Db, fromWhere: string, params: unknown[]): Promise<{ count: number; countEstimated?: true }> {
  const cap = LIST_LIMITS.exactCountUpTo;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) x`, params);
  if (n <= cap) return { count: n };
  const [row] = await db.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params);
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return { count: Math.max(n, Math.round(plan[0].Plan['Plan Rows'])), countEstimated: true };
}
