import { PER_CALL, type Db } from './db.ts';
import { LIST_LIMITS } from '../../../src/api/contract.ts';
import { RULE_MESSAGES } from '../../../src/api/schema/messages.ts';
import { ApiError } from '../http/http.ts';

/**
 * The number of rows `fromWhere` (`FROM … WHERE …`) matches: exact up to LIST_LIMITS.exactCountUpTo (a scan that
 * stops one row past it), else the planner's estimate, never below what was counted, marked as one (a count of
 * exactly the limit plus one says only "more than the limit": the planner guessed lower). Counting ten
 * million log rows exactly took seconds on PostgreSQL; this stays at the cost of the bounded scan and a plan.
 */
export async function countMatches(db: Db, fromWhere: string, params: unknown[]): Promise<{ count: number; countEstimated?: true }> {
  const cap = LIST_LIMITS.exactCountUpTo;
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) x`,
    params,
    PER_CALL,
  );
  if (n <= cap) return { count: n };
  const [row] = await db.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params, PER_CALL);
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return { count: Math.max(n, Math.round(plan[0].Plan['Plan Rows'])), countEstimated: true };
}

/** Where a page of a long list ended: its last row's sort key (as text; null for a row without one) and id. */
export interface PageCursor {
  k: string | null;
  id: number;
}

/**
 * The cursor a list's answer gives as `next` (base64url JSON), which the next page's call sends back as `after`:
 * that page is then read from there by its keyset (index order) instead of by OFFSET, which reads and drops every
 * row before it (page 5,000 of ten million log rows).
 */
export const pageCursor = (k: string | null, id: number): string => Buffer.from(JSON.stringify([k, id])).toString('base64url');

/**
 * An `after` cursor read back; undefined when none was sent. One that is not a cursor of ours, or whose key `fits`
 * says is no key of the list's order, is refused.
 */
export function readPageCursor(after: string | undefined, fits: (cursor: PageCursor) => boolean): PageCursor | undefined {
  if (after === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && (v[0] === null || typeof v[0] === 'string') && Number.isSafeInteger(v[1]) && v[1] > 0) {
      const cursor = { k: v[0] as string | null, id: v[1] as number };
      if (fits(cursor)) return cursor;
    }
  } catch {
    /* refused below */
  }
  throw new ApiError(RULE_MESSAGES.pageAfter);
}
