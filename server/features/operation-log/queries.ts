import { PER_CALL, type Db } from '../../infra/db/db.ts';
import type { SessionInfo } from '../../access/auth.ts';
import { departmentScope } from '../../access/permissions.ts';
import { countAndFind, inlineParams } from '../../infra/db/count.ts';
import { containsText } from '../../infra/db/like.ts';
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

/** What the log's page filter searches: the text of its index (migration 038), lower-cased there. */
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
  /** users and page text together: counted through their index (countMatches' `bitmap` walk) */
  countByIndex: boolean;
}

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
  const users =
    scope === null && !f.user
      ? null
      : (
          await db.query<{ id: number }>(
            `SELECT id FROM app_user WHERE tenant_id = $1 AND ($2::int[] IS NULL OR depart_ids && $2::int[])
                AND ($3 = '' OR strpos(lower(user_name || ' ' || nickname), lower($3)) > 0)`,
            [s.tenantId, scope, f.user],
          )
        ).map((u) => u.id);
  // The page filter is a contains on the row's page, menu and operation names, which the log's index of users,
  // trigrams and characters answers (migration 038; one or two characters have no trigram): a fragment no row has
  // was a scan of every row in the scope (6.6 s of ten million).
  const page = f.page.trim();
  const params: unknown[] = [s.tenantId, users, f.from ?? null, f.to ?? null, f.outcome];
  const where = `l.tenant_id = $1 AND ${users?.length === 0 ? 'false AND ' : ''}($2::int[] IS NULL OR l.user_id = ANY($2::int[]))
      AND ($3::timestamptz IS NULL OR l.created_at >= $3) AND ($4::timestamptz IS NULL OR l.created_at < $4)
      AND ($5 = '' OR l.outcome = $5)${page ? ` AND ${containsText(LOG_TEXT, page, (v) => `$${params.push(v)}`, 'lower')}` : ''}`;
  return { where, params, countByIndex: users !== null && page !== '' };
}

/** How many rows match: exactly up to countMatches' bound, else estimated; and their ids when they are few (countAndFind). */
export const countOperations = (db: Db, f: LogFilter) =>
  countAndFind(db, `${FROM_ROWS} ${f.where}`, f.params, { walk: f.countByIndex ? 'bitmap' : 'plan', id: 'l.id' });

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
  page: { found: readonly number[] | null; after: { at: string; id: number } | null; pageNum: number; pageSize: number },
) {
  const p = [...f.params];
  const past = page.after ? pastRow(p, page.after.at, page.after.id) : '';
  const few = page.found !== null;
  const matches = few
    ? `(SELECT l.* ${FROM_ROWS} l.tenant_id = $1 AND l.id = ANY($${p.push(page.found)}::bigint[])${past} OFFSET 0) l`
    : `operation_log l`;
  const sql = `SELECT l.id, u.user_name AS "userName", u.nickname, ${OPERATION_FIELDS.map(([k, col]) => `l.${col} AS "${k}"`).join(', ')},
            l.outcome, l.refusal, to_json(l.created_at) #>> '{}' AS "createdAt"
       ${FROM_LOG} l.tenant_id = $1 AND l.id = ANY(ARRAY(
         SELECT l.id FROM ${matches} WHERE ${few ? 'true' : `${f.where}${past}`}
          ORDER BY l.created_at DESC, l.id DESC LIMIT ${page.pageSize} OFFSET ${page.after ? 0 : (page.pageNum - 1) * page.pageSize}))
      ORDER BY l.created_at DESC, l.id DESC`;
  // Few: the values are written into the text (inlineParams), since the filters' own are no longer used, and a value
  // a statement does not use has no type.
  return few
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
