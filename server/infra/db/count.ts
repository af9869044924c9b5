import pg from 'pg';
import { PER_CALL, type Queryable } from './db.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';
import { RULE_MESSAGES } from '@/api/schema/messages.ts';
import { ApiError, NUL_MESSAGE } from '../http/http.ts';

/** A list's count: exact, or the planner's estimate marked as one. */
export interface Counted {
  count: number;
  countEstimated?: true;
}

/** Where a list's counts may be kept between calls, by tag and statement (KeptCounts, server/infra/db/kept-counts.ts). */
export interface CountKeeper {
  get(tag: string, key: string): Counted | undefined;
  keep(tag: string, key: string, counted: Counted): void;
}

/**
 * Whether the count found every match and they are few (at most LIST_LIMITS.alwaysExactUpTo): a page is then read by
 * taking them all and sorting them, where a walk of the list's order would pass over nearly every row to find them.
 */
export const fewMatches = (counted: Counted): boolean => !counted.countEstimated && counted.count <= LIST_LIMITS.alwaysExactUpTo;

/**
 * Whether an estimated count says at least `atLeast` matches: the planner sized them so, or the scan went past its
 * bound (a count of exactCountUpTo + 1 was counted that far, where the planner sized the match smaller).
 */
export const manyMatches = (counted: Counted, atLeast: number): boolean =>
  counted.countEstimated === true && (counted.count >= atLeast || counted.count === LIST_LIMITS.exactCountUpTo + 1);

/**
 * How countMatches scans: `plan` as the planner chooses; `first` walks an index, which stops at the bound, when the
 * match was sized large (for conditions that btree indexes answer, no contains: a bitmap reads all of a match before
 * the count stops, 25,000 members of one level, 4.7 ms against 0.7); `bitmap` through index bitmaps alone, for a
 * condition whose parts the planner takes for independent but are not: the operation log's users and its page text
 * (an index holds both). Sized by their product, a fragment that the tenant's rows hold but none of the scope's
 * users' rows had the count walk every row of the scope to find that none did (2.2 s of ten million); the index
 * says so at once.
 */
export type CountWalk = 'plan' | 'first' | 'bitmap';

/**
 * A match taken from rows an index walks in order, for a count to try first (migration 044): `from` is
 * `FROM … WHERE … ORDER BY …` (those rows, without the filters), `where` the filters over alias `r`. Sized past the
 * cap and a quarter or more of those rows, the match is counted among the first of them (enough to hold twice the
 * bound at its planned share, at most 8,000): a contains that a GIN index answers is otherwise read as a bitmap of
 * every match before the count stops (one digit of a million nicknames: 468,000 entries, 66 ms). The answer is the
 * same; a window that falls short counts as before.
 */
export interface DenseWalk {
  from: string;
  where: string;
}

/**
 * The number of rows `fromWhere` (`FROM … WHERE …`) matches, exact where that is cheap and marked as an estimate
 * where it is not (LIST_LIMITS), in one statement (migration 043's count_matches holds the rule, 044 its dense walk,
 * 046 the ids it found: countAndFind):
 * - the planner sizes the match first (a plan, no rows read);
 * - sized at most `exactCountUpTo`: counted exactly up to there (a scan that stops one row past it);
 * - sized larger: counted exactly up to `alwaysExactUpTo` (a planner that guessed high still gets a small match right);
 * - a scan that reached its bound answers the planner's estimate, never below what was counted, marked as one.
 * Counting ten million log rows exactly took seconds on PostgreSQL; a filter matching a hundred thousand members
 * cost 50 ms to count to 10,000 on a million (bench/scale.bench.ts). A match of 1,001 to 10,000 rows was counted
 * twice before (to 1,001, then again to 10,001): 210 ms p95 for a tenant of 9,000 members.
 * - `dense`: a match making up a quarter or more of the rows it is taken from is first counted among their first
 *   rows (DenseWalk).
 * The values are written into the statement's text (inlineParams), since the function plans it there.
 */
export async function countMatches(
  db: Queryable,
  fromWhere: string,
  params: readonly unknown[],
  walk: CountWalk = 'plan',
  dense?: DenseWalk,
): Promise<Counted> {
  return (await countAndFind(db, fromWhere, params, { walk, dense })).counted;
}

/**
 * countMatches, and the ids of the matches when it found them all and they are few (fewMatches; else null), in the
 * same statement (migration 046): `id` is the id of fromWhere's rows (`r.id`). A page of few matches then sorts those
 * rows by their ids, where finding them again was a second scan as costly as the count (a rare nickname fragment:
 * 8 of 25 ms at a million members). `foundUpTo` (migration 047) answers them up to that many instead, for a caller
 * that uses more of them (a records page of up to exactCountUpTo matches: pageRows). `keep`: a count without ids is
 * kept a few seconds under `tag` and answered again for the same statement (KeptCounts).
 */
export async function countAndFind(
  db: Queryable,
  fromWhere: string,
  params: readonly unknown[],
  how: { walk?: CountWalk; dense?: DenseWalk; id?: string; foundUpTo?: number; keep?: { counts: CountKeeper; tag: string } },
): Promise<{ counted: Counted; ids: number[] | null }> {
  const { alwaysExactUpTo, exactCountUpTo } = LIST_LIMITS;
  const { walk = 'plan', dense, id, foundUpTo, keep } = how;
  const args = [
    inlineParams(fromWhere, params),
    exactCountUpTo,
    alwaysExactUpTo,
    walk,
    dense ? inlineParams(dense.from, params) : null,
    dense ? inlineParams(dense.where, params) : null,
    id ?? null,
    foundUpTo ?? null,
  ];
  // a count kept from the same statement a moment ago (KeptCounts: its table unchanged since)
  const key = keep ? JSON.stringify(args) : '';
  const kept = keep?.counts.get(keep.tag, key);
  if (kept) return { counted: kept, ids: null };
  const [{ n, estimated, ids }] = await db.query<{ n: number; estimated: boolean; ids: Array<number | string> | null }>(
    'SELECT n, estimated, ids FROM count_matches($1, $2, $3, $4, $5, $6, $7, $8)',
    args,
  );
  const counted: Counted = estimated ? { count: n, countEstimated: true } : { count: n };
  // (a count that hands over its matches' ids is not kept: a page reads its rows by them)
  if (!ids) keep?.counts.keep(keep.tag, key, counted);
  return { counted, ids: ids ? ids.map(Number) : null };
}

/** The text node-postgres sends for a value (its `utils`, which @types/pg leaves out). */
const driverText = (pg as unknown as { utils: { prepareValue(v: unknown): string | Buffer | null } }).utils.prepareValue;

/**
 * `sql` with each placeholder ($1, $2 …) replaced by its value as a quoted literal, as the drivers send it: the text
 * node-postgres makes of it (arrays as array literals, dates with their offset), untyped, so the server reads it
 * where it stands exactly as it reads a parameter. A value holding a NUL character is refused as PostgreSQL refuses
 * it in a parameter (a statement's text ends at one).
 */
export function inlineParams(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)(?!\d)/g, (_, at: string) => {
    const i = Number(at) - 1;
    if (i < 0 || i >= params.length) throw new Error(`inlineParams: no value for $${at}`);
    return sqlLiteral(params[i]);
  });
}

/** A value as the quoted, untyped literal inlineParams writes for it (NULL for none; a NUL character refused). */
export function sqlLiteral(value: unknown): string {
  const text = driverText(value);
  if (text === null) return 'NULL';
  if (typeof text !== 'string') throw new Error('sqlLiteral: a binary value');
  if (text.includes('\0')) throw new ApiError(NUL_MESSAGE);
  return pg.escapeLiteral(text);
}

/** How many rows the planner expects `fromWhere` (`FROM … WHERE …`) to match: a plan, no rows read. */
export async function plannedRows(db: Queryable, fromWhere: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params, PER_CALL);
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0].Plan['Plan Rows']);
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
