import { PER_CALL, type Db } from '../../infra/db/db.ts';
import type { SessionInfo } from '../../access/auth.ts';
import { departmentScope } from '../../access/permissions.ts';
import { countAndFind, inlineParams, plannedRows, sqlLiteral, type CountWalk, type Counted } from '../../infra/db/count.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';
import { contains, containsText } from '../../infra/db/like.ts';
import type { OperationOutcome } from '@/api/schema/system/log.ts';

/*
 * The operation log's SQL (issue 44 part 4): a tracked click stored for the caller's tenant and what it led to, the
 * list newest first within the reader's department scope, and its export's walk. The routes
 * (server/features/operation-log/routes.ts) page and answer; the statements are here.
 */

/** A tracked click's fields: the call's names and the log's columns. */
export const OPERATION_FIELDS = [
  ['operationTime', 'operation_time'],
  ['operationName', 'operation_name'],
  ['operationCode', 'operation_code'],
  ['systemName', 'system_name'],
  ['pageCode', 'page_code'],
  ['pageName', 'page_name'],
  ['operationType', 'operation_type'],
  ['menuName', 'menu_name'],
  ['menuCode', 'menu_code'],
] as const;

/** What the log's page filter searches: the text of its indexes (migrations 038, 048), lower-cased there. */
const LOG_TEXT = `(l.page_name || ' ' || l.menu_name || ' ' || l.operation_name)`;

/**
 * The log's rows, before its WHERE: what the filters, counts and pages read. Every row has its user (the foreign key
 * of migration 045; users are never deleted, only marked), so a list does not join them: the join cost as much as
 * the walk itself (a page 5,000 deep, 30 ms of 42).
 */
const FROM_ROWS = 'FROM operation_log l WHERE';

/** The log's rows with their users, for what a row shows (its account and nickname), before its WHERE. */
const FROM_LOG = 'FROM operation_log l JOIN app_user u ON u.id = l.user_id WHERE';

/** The condition of the rows after one in the log's order (newest first: by time, then id), its values pushed to `p`. */
const pastRow = (p: unknown[], at: string, id: number) => ` AND (l.created_at, l.id) < ($${p.push(at)}::timestamptz, $${p.push(id)})`;

/** The log's filters as SQL over `l`, with their values. */
export interface LogFilter {
  where: string;
  params: unknown[];
  /** how the count scans (countMatches): by the texts' btree, by the GIN index of users and text, or as planned */
  walk: CountWalk;
  /** a fragment matched in the rows: `where` as the tenant's time span and what is kept of it (countOperations) */
  window?: { span: string; kept: string };
}

/**
 * A page filter is matched among the tenant's texts first (migration 048), and its rows found by their texts, when
 * at most `atMost` texts hold the fragment and the (tenant, text, user) btree is descended at most `descentsAtMost`
 * times (a text by a user of the scope: about a millisecond a thousand). Else the log's GIN index finds them.
 */
export const LOG_TEXTS = { atMost: 256, descentsAtMost: 4_096 } as const;

/** The operation log's filters within the caller's department scope (userType 0: the whole tenant). */
export async function logFilter(
  db: Db,
  s: SessionInfo,
  f: { user: string; page: string; outcome: string; from?: string | null; to?: string | null },
): Promise<LogFilter> {
  // The scope and the account filter are read as the ids of the users they leave (a row of a user outside the scope
  // is left out), which the log's (tenant, time, id) index carries: a page skips rows in the index alone, as the
  // whole tenant's does. None left: no row, and no scan to find that out.
  const scope = departmentScope(s);
  const byUsers = scope !== null || f.user !== '';
  // The page filter is a contains on the row's page, menu and operation names. The tenant's texts that hold it are
  // read with the users, in the same statement (up to one past LOG_TEXTS.atMost: more keep the GIN index).
  const page = f.page.trim();
  const p: unknown[] = [s.tenantId];
  const at = (v: unknown) => `$${p.push(v)}`;
  const usersOf = (departs: string, account: string) =>
    `ARRAY(SELECT id FROM app_user WHERE tenant_id = $1 AND (${departs}::int[] IS NULL OR depart_ids && ${departs}::int[])
                AND (${account} = '' OR strpos(lower(user_name || ' ' || nickname), lower(${account})) > 0))`;
  const [{ users, texts }] =
    !byUsers && !page
      ? [{ users: null, texts: null }]
      : await db.query<{ users: number[] | null; texts: string[] | null }>(
          `SELECT ${byUsers ? usersOf(at(scope), at(f.user)) : 'NULL::int[]'} AS users,
              ${
                page
                  ? `ARRAY(SELECT d.text FROM operation_log_texts d WHERE d.tenant_id = $1
                        AND ${containsText('d.text', page, at, 'lower')} LIMIT ${LOG_TEXTS.atMost + 1})`
                  : 'NULL::text[]'
              } AS texts`,
          p,
          // planned for this fragment: a common one reads the texts in order and stops, a rare one asks their index
          page ? PER_CALL : undefined,
        );
  const byTexts = texts !== null && texts.length <= LOG_TEXTS.atMost && texts.length * (users?.length ?? 1) <= LOG_TEXTS.descentsAtMost;
  const params: unknown[] = [s.tenantId, users, f.from ?? null, f.to ?? null, f.outcome];
  // A fragment of many texts is matched in the row itself, which the log's index of users, trigrams and characters
  // answers (migration 038; one or two characters have no trigram): a fragment no row has was a scan of every row
  // in the scope (6.6 s of ten million).
  const text = !page
    ? ''
    : byTexts
      ? ` AND lower(${LOG_TEXT}) = ANY($${params.push(texts)}::text[])`
      : ` AND ${containsText(LOG_TEXT, page, (v) => `$${params.push(v)}`, 'lower')}`;
  const none = users?.length === 0 || (byTexts && texts.length === 0);
  // the rows of the tenant's time span (the (tenant, time, id) index), and what is kept of them
  const span = `l.tenant_id = $1 AND ($3::timestamptz IS NULL OR l.created_at >= $3) AND ($4::timestamptz IS NULL OR l.created_at < $4)`;
  const kept = `${none ? 'false AND ' : ''}($2::int[] IS NULL OR l.user_id = ANY($2::int[])) AND ($5 = '' OR l.outcome = $5)`;
  const where = `${span} AND ${kept}${text}`;
  if (byTexts || !page || none) return { where, params, walk: byTexts ? 'first' : 'plan' };
  // The window matches the fragment in each of its rows alone (no index: the characters' array, made for one, cost
  // four times the match itself, 30 of 38 ms for 8,000 rows).
  const window = { span, kept: `${kept} AND lower(${LOG_TEXT}) LIKE lower(${sqlLiteral(contains(page))})` };
  return { where, params, walk: users !== null ? 'bitmap' : 'plan', window };
}

/**
 * The newest rows of the tenant's span that a fragment of many texts is first counted among (countOperations), how
 * far a second window may reach, and the share of them it must hold for a page to walk the span for its matches (a
 * page of 20 then reads about 1,300 rows).
 */
export const LOG_WINDOW = { rows: 8_000, atMost: 64_000, walkFrom: 1 / 64 } as const;

/**
 * How many rows match: exactly up to countMatches' bound, else estimated; and their ids when they are few
 * (countAndFind). A fragment of many texts (新增 or 会员, in a log of records writes naming their records) is first
 * counted among the span's newest LOG_WINDOW rows (and, short of the bound there, once more among as many as its
 * share says hold it, up to LOG_WINDOW.atMost): past alwaysExactUpTo, the count is their share of the span's rows (as
 * planned), an estimate, or exact where the window held the whole span. The GIN index read every match of
 * such a fragment into a bitmap before its count stopped (725 ms for tenantadmin's five million rows of ten million),
 * and the planner, sizing a fragment of one or two characters blind, counted it exactly up to 10,000. `dense`: the
 * window holds enough of them that a page walks the span for its matches (operationPage).
 */
export async function countOperations(db: Db, f: LogFilter): Promise<{ counted: Counted; ids: number[] | null; dense?: true }> {
  const { alwaysExactUpTo } = LIST_LIMITS;
  let dense = false;
  if (f.window) {
    let w = await windowCount(db, f.window, f.params, LOG_WINDOW.rows);
    // Short of the bound: once more, as far as its share says the bound is (half again), if that is not far.
    if (w.hits > 0 && w.hits <= alwaysExactUpTo && w.walked === LOG_WINDOW.rows) {
      const further = Math.ceil((1.5 * (alwaysExactUpTo + 1) * w.walked) / w.hits);
      if (further <= LOG_WINDOW.atMost) w = await windowCount(db, f.window, f.params, further);
    }
    dense = w.hits > 0 && w.hits >= w.walked * LOG_WINDOW.walkFrom;
    if (w.hits > alwaysExactUpTo) {
      // the window held the whole span: exact
      if (w.walked < w.rows) return { counted: { count: w.hits }, ids: null, dense: true };
      const whole = await plannedRows(db, inlineParams(`${FROM_ROWS} ${f.window.span}`, f.params), []);
      return {
        counted: { count: Math.max(w.hits, Math.round((w.hits / w.walked) * whole)), countEstimated: true },
        ids: null,
        dense: true,
      };
    }
  }
  const found = await countAndFind(db, `${FROM_ROWS} ${f.where}`, f.params, { walk: f.walk, id: 'l.id' });
  return dense ? { ...found, dense: true } : found;
}

/** How many of the span's newest `rows` rows a filter's window keeps, and how many it walked. */
async function windowCount(
  db: Db,
  window: NonNullable<LogFilter['window']>,
  params: unknown[],
  rows: number,
): Promise<{ hits: number; walked: number; rows: number }> {
  // (its values in its text: it reads some of the filters' only)
  const [w] = await db.query<{ hits: number; walked: number }>(
    inlineParams(
      `SELECT count(*) FILTER (WHERE ${window.kept})::int AS hits, count(*)::int AS walked
         FROM (SELECT l.* ${FROM_ROWS} ${window.span} ORDER BY l.created_at DESC, l.id DESC LIMIT ${rows}) l`,
      params,
    ),
    [],
    PER_CALL,
  );
  return { ...w, rows };
}

/** How many rows match, exactly (an export's total). */
export async function operationCount(db: Db, f: LogFilter): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM_ROWS} ${f.where}`, f.params);
  return n;
}

/**
 * A page of the log, newest first: after a row the caller read (by the (time, id) index, no OFFSET), else by number.
 * `found`: the ids of few matches, which the count found all of (countOperations), read by their ids and then sorted:
 * walking the time index for them passes over nearly every row. Else the page's ids come from the (time, id) index,
 * planned for this call's filters (an unused filter folds away, so a page jumped to by number skips its rows in the
 * index alone).
 */
export async function operationPage(
  db: Db,
  f: LogFilter,
  page: {
    found: readonly number[] | null;
    /** the count found the matches dense among the newest rows (countOperations): walk the span's rows in order */
    dense?: boolean;
    after: { at: string; id: number } | null;
    pageNum: number;
    pageSize: number;
  },
) {
  const p = [...f.params];
  const past = page.after ? pastRow(p, page.after.at, page.after.id) : '';
  const few = page.found !== null;
  // Dense: the span's rows newest first, and the matches kept as they come (a fence, OFFSET 0, so that the planner,
  // sizing a fragment of one or two characters blind, does not read all of its matches through the GIN index and sort
  // them: 会员 in a log of a million records writes, 400-700 ms).
  const walk = !few && page.dense && f.window;
  const matches = few
    ? `(SELECT l.* ${FROM_ROWS} l.tenant_id = $1 AND l.id = ANY($${p.push(page.found)}::bigint[])${past} OFFSET 0) l`
    : walk
      ? `(SELECT l.* ${FROM_ROWS} ${walk.span}${past} ORDER BY l.created_at DESC, l.id DESC OFFSET 0) l`
      : `operation_log l`;
  const sql = `SELECT l.id, u.user_name AS "userName", u.nickname, ${OPERATION_FIELDS.map(([k, col]) => `l.${col} AS "${k}"`).join(', ')},
            l.outcome, l.refusal, to_json(l.created_at) #>> '{}' AS "createdAt"
       ${FROM_LOG} l.tenant_id = $1 AND l.id = ANY(ARRAY(
         SELECT l.id FROM ${matches} WHERE ${few ? 'true' : walk ? walk.kept : `${f.where}${past}`}
          ORDER BY l.created_at DESC, l.id DESC LIMIT ${page.pageSize} OFFSET ${page.after ? 0 : (page.pageNum - 1) * page.pageSize}))
      ORDER BY l.created_at DESC, l.id DESC`;
  // Few or walked: the values are written into the text (inlineParams), since some of the filters' own are no longer
  // used, and a value a statement does not use has no type.
  return few || walk
    ? db.query<{ id: number | string; createdAt: string }>(inlineParams(sql, p), [], PER_CALL)
    : db.query<{ id: number | string; createdAt: string }>(sql, p, PER_CALL);
}

/** The next slice of an export's walk after a row (newest first, by (time, id)), times shown in the tenant's zone. */
export function operationSlice(db: Db, f: LogFilter, zone: string, after: { at: string; id: number } | null, limit: number) {
  const p = [...f.params];
  const past = after ? pastRow(p, after.at, after.id) : '';
  const local = `$${p.push(zone)}`;
  return db.query<{
    id: number;
    at: string;
    shown: string;
    userName: string;
    nickname: string;
    op: string;
    page: string;
    code: string;
    outcome: OperationOutcome | null;
    refusal: string;
  }>(
    `SELECT l.id::int AS id, l.created_at::text AS at, to_char(l.created_at AT TIME ZONE ${local}, 'YYYY-MM-DD HH24:MI:SS') AS shown,
            u.user_name AS "userName", u.nickname, l.operation_name AS op,
            COALESCE(NULLIF(l.page_name, ''), l.menu_name) AS page, l.operation_code AS code,
            l.outcome, l.refusal
       ${FROM_LOG} ${f.where}${past} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}`,
    p,
  );
}

/** A tracked click stored for the user; its id. */
export async function insertOperation(db: Db, tenantId: number, userId: number, values: unknown[]): Promise<{ id: number }> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO operation_log (tenant_id, user_id, ${OPERATION_FIELDS.map((f) => f[1]).join(', ')})
     VALUES ($1, $2, ${OPERATION_FIELDS.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id::int AS id`,
    [tenantId, userId, ...values],
  );
  return row;
}

/**
 * What the user's own click led to, in one statement (two tabs, two answers: the first that may wins). A success or a
 * cancel is final; a failure may still be followed by a success, and a cancel after a failure keeps the failure.
 */
export async function recordOutcome(
  db: Db,
  tenantId: number,
  userId: number,
  o: { id: number; outcome: OperationOutcome; refusal: string },
): Promise<void> {
  await db.query(
    `UPDATE operation_log SET outcome = $4, refusal = CASE WHEN $4 = 'failure' THEN $5 ELSE '' END
      WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND operation_type <> 'write'
        AND (outcome IS NULL OR (outcome = 'failure' AND $4 <> 'cancelled'))`,
    [o.id, tenantId, userId, o.outcome, o.refusal],
  );
}
