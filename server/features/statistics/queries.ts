import type { Queryable } from '../../infra/db/db.ts';
import { offeredTo } from '../../access/menu.ts';
import { isOnline } from '../../access/presence.ts';
import { COUNTED_OPERATION } from '../../services/logs.ts';
import type { DashboardFigures, MallStatistics } from '@/api/table/statistics.ts';
import { plannedRows } from '../../infra/db/count.ts';
import { sqlId } from '../../services/records.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';

/*
 * The landing page's and the statistics page's SQL (issue 44 part 4). The routes
 * (server/features/statistics/routes.ts) decide which figures a caller sees; the statements are here, each kept to its
 * tenant, counting days in the tenant's time zone.
 */

/** A standard table's id and its fields' ids (as text) by name, or null when the table or a field is missing. */
export async function fieldIds(db: Queryable, tenantId: number, table: string, names: string[]) {
  const rows = await db.query<{ table_id: number; name: string; id: number }>(
    `SELECT t.id AS table_id, f.name, f.id FROM meta_table t JOIN meta_field f ON f.table_id = t.id WHERE t.tenant_id = $1 AND t.name = $2 AND f.name = ANY($3::text[])`,
    [tenantId, table, names],
  );
  if (rows.length !== names.length) return null;
  return { tableId: rows[0].table_id, ...Object.fromEntries(rows.map((r) => [r.name, String(r.id)])) } as { tableId: number } & Record<
    string,
    string
  >;
}

/** Of these entries, the pages offered to the tenant that have a path (component, path, name), in menu order. */
export const pagesAmong = (db: Queryable, tenantId: number, ids: number[]) =>
  db.query<{ component: string; path: string; name: string }>(
    `SELECT component, path, name FROM menu m WHERE id = ANY($1::int[]) AND uri_type = 1 AND path <> '' AND ${offeredTo('m', '$2')} ORDER BY sort, id`,
    [ids, tenantId],
  );

/**
 * Today's figures since the tenant's midnight: online users, sign-ins and failed ones (null unless `tenantWide`), and
 * counted operations (the tenant's, or the user's own unless `tenantWide`).
 */
export async function todayFigures(db: Queryable, tenantId: number, zone: string, tenantWide: boolean, userId: number) {
  const today = `(now() AT TIME ZONE $2)::date`;
  // The tenant's midnight as an instant: the local date as a local time, read in the tenant's zone.
  const since = `(${today}::timestamp AT TIME ZONE $2)`;
  const [figures] = await db.query<{ online: number | null; logins: number | null; failures: number | null; operations: number }>(
    `SELECT CASE WHEN $3 THEN (SELECT count(DISTINCT us.user_id)::int FROM user_session us WHERE us.tenant_id = $1 AND ${isOnline('us')}) END AS online,
            CASE WHEN $3 THEN (SELECT count(*)::int FROM login_log l WHERE l.tenant_id = $1 AND l.success AND l.created_at >= ${since}) END AS logins,
            CASE WHEN $3 THEN (SELECT count(*)::int FROM login_log l WHERE l.tenant_id = $1 AND NOT l.success AND l.created_at >= ${since}) END AS failures,
            (SELECT count(*)::int FROM operation_log o WHERE o.tenant_id = $1 AND o.created_at >= ${since} AND ($3 OR o.user_id = $4)
               AND ${COUNTED_OPERATION('o')}) AS operations`,
    [tenantId, zone, tenantWide, userId],
  );
  return figures;
}

/** A business table's record count under its menu area (the route adds the page's path). */
type Area = Omit<DashboardFigures['areas'][number], 'path'>;

/**
 * Record counts of the tenant's tables whose pages are among these entries, under their menu area: exact up to
 * LIST_LIMITS.exactCountUpTo (one statement, each count a scan that stops one row past it), beyond that the planner's
 * estimate, marked as one. Counting every row took the landing page 17 ms at 100,000 members on PostgreSQL and grows
 * with the table; the bounded scan does not.
 */
export async function tableAreas(db: Queryable, tenantId: number, menuIds: number[]): Promise<Area[]> {
  const cap = LIST_LIMITS.exactCountUpTo;
  const rows = await db.query<Area & { tableId: number }>(
    `SELECT t.id AS "tableId", t.label, t.label_en AS "labelEn", t.component, COALESCE(p.name, '') AS area,
            (SELECT count(*)::int FROM (SELECT 1 FROM meta_record r WHERE r.table_id = t.id LIMIT ${cap + 1}) c) AS count
       FROM meta_table t
       JOIN menu m ON m.component = t.component AND m.uri_type = 1 AND m.id = ANY($2::int[])
       LEFT JOIN menu p ON p.id = m.parent_id
      WHERE t.tenant_id = $1 AND t.component <> ''
      ORDER BY p.sort, m.sort`,
    [tenantId, menuIds],
  );
  return Promise.all(
    rows.map(async ({ tableId, ...area }) => {
      if (area.count <= cap) return area;
      const planned = await plannedRows(db, 'FROM meta_record r WHERE r.table_id = $1', [tableId]);
      return { ...area, count: Math.max(area.count, planned), countEstimated: true as const };
    }),
  );
}

/** The 8 latest counted operations with their outcomes, within a department scope (null: all) or of one user. */
export const recentOperations = (db: Queryable, tenantId: number, scope: number[] | null, userId: number | null) =>
  db.query<DashboardFigures['recent'][number]>(
    `SELECT to_json(o.created_at) #>> '{}' AS at, COALESCE(u.nickname, u.user_name, '') AS user, o.operation_name AS name, o.page_name AS page,
            o.outcome, o.refusal
       FROM operation_log o LEFT JOIN app_user u ON u.id = o.user_id
      WHERE o.tenant_id = $1 AND ($2::int[] IS NULL OR u.depart_ids && $2::int[]) AND ($3::int IS NULL OR o.user_id = $3)
        AND ${COUNTED_OPERATION('o')}
      ORDER BY o.id DESC LIMIT 8`,
    [tenantId, scope, userId],
  );

/** The user's most used pages of the last 30 days (their tracked clicks and writes), by name. */
export const mostUsedPages = (db: Queryable, tenantId: number, userId: number) =>
  db.query<{ name: string; n: number }>(
    `SELECT o.page_name AS name, count(*)::int AS n FROM operation_log o
      WHERE o.tenant_id = $1 AND o.user_id = $2 AND o.page_name <> '' AND o.created_at > now() - interval '30 days'
      GROUP BY o.page_name ORDER BY n DESC LIMIT 20`,
    [tenantId, userId],
  );

/** The 5 latest failed task runs of the last 7 days. */
export const failedTaskRuns = (db: Queryable) =>
  db.query<{ task: string; at: string; message: string }>(
    `SELECT t.name AS task, to_json(l.started_at) #>> '{}' AS at, l.message FROM sys_task_log l JOIN sys_task t ON t.id = l.task_id
      WHERE l.outcome IN ('failure', 'timeout') AND l.started_at > now() - interval '7 days' ORDER BY l.id DESC LIMIT 5`,
  );

/** How many campaigns wait for review by this user (not the ones they submitted), and the first three's names. */
export async function pendingReviews(db: Queryable, tenantId: number, userId: number) {
  const [pending] = await db.query<{ count: number; names: string[] }>(
    `SELECT count(*)::int AS count, COALESCE((array_agg(name ORDER BY submitted_at))[1:3], '{}') AS names
       FROM campaign WHERE tenant_id = $1 AND status = 'pending' AND submitted_by <> $2`,
    [tenantId, userId],
  );
  return pending;
}

type Fields = { tableId: number } & Record<string, string>;

/**
 * Each day of a range in the tenant's zone: sign-ins and operations (past days from the nightly rollup, today's
 * counted live), members joined and write-offs.
 */
export const dailyTrend = (
  db: Queryable,
  tenantId: number,
  range: { from: string; to: string; zone: string },
  member: Fields,
  writeOff: Fields,
) =>
  db.query<MallStatistics['trend'][number]>(
    `WITH days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d),
          today AS (SELECT (now() AT TIME ZONE $4)::date AS day)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
            CASE WHEN days.day >= today.day
                 THEN (SELECT count(*)::int FROM login_log l WHERE l.tenant_id = $1 AND l.success AND (l.created_at AT TIME ZONE $4)::date = days.day)
                 ELSE COALESCE((SELECT ds.logins FROM daily_stat ds WHERE ds.tenant_id = $1 AND ds.day = days.day), 0) END AS logins,
            CASE WHEN days.day >= today.day
                 THEN (SELECT count(*)::int FROM operation_log o WHERE o.tenant_id = $1 AND (o.created_at AT TIME ZONE $4)::date = days.day AND ${COUNTED_OPERATION('o')})
                 ELSE COALESCE((SELECT ds.operations FROM daily_stat ds WHERE ds.tenant_id = $1 AND ds.day = days.day), 0) END AS operations,
            (SELECT count(*)::int FROM meta_record r WHERE r.table_id = ${sqlId(member.tableId)} AND r.data ->> '${member.joined_at}' = to_char(days.day, 'YYYY-MM-DD')) AS "membersJoined",
            (SELECT count(*)::int FROM meta_record r WHERE r.table_id = ${sqlId(writeOff.tableId)}
                AND r.data ->> '${writeOff.written_at}' >= to_char((days.day::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
                AND r.data ->> '${writeOff.written_at}' < to_char(((days.day + 1)::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')) AS "writeOffs"
       FROM days, today ORDER BY days.day`,
    [tenantId, range.from, range.to, range.zone],
  );

/** A range's write-offs as SQL over `r` ($1 from, $2 zone, $3 to). */
const inRange = (writeOff: Fields) => {
  const fromInstant = `(($1::date)::timestamp AT TIME ZONE $2) AT TIME ZONE 'UTC'`;
  const toInstant = `((($3::date) + 1)::timestamp AT TIME ZONE $2) AT TIME ZONE 'UTC'`;
  return `r.data ->> '${writeOff.written_at}' >= to_char(${fromInstant}, 'YYYY-MM-DD"T"HH24:MI:SS')
      AND r.data ->> '${writeOff.written_at}' < to_char(${toInstant}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
};

/** The 10 stores with the most write-offs in the range, with their amounts. */
export const writeOffsByStore = (db: Queryable, range: { from: string; to: string; zone: string }, writeOff: Fields, store: Fields) =>
  db.query<MallStatistics['byStore'][number]>(
    `SELECT COALESCE(st.data ->> '${store.name}', '#' || (r.data ->> '${writeOff.store}')) AS store,
            count(*)::int AS "writeOffs", COALESCE(sum((r.data ->> '${writeOff.amount}')::numeric), 0)::float8 AS amount
       FROM meta_record r LEFT JOIN meta_record st ON st.id = (r.data ->> '${writeOff.store}')::bigint AND st.table_id = ${sqlId(store.tableId)}
      WHERE r.table_id = ${sqlId(writeOff.tableId)} AND ${inRange(writeOff)}
      GROUP BY 1 ORDER BY "writeOffs" DESC, store LIMIT 10`,
    [range.from, range.zone, range.to],
  );

/** The 10 coupons most written off in the range. */
export const topCoupons = (db: Queryable, range: { from: string; to: string; zone: string }, writeOff: Fields, coupon: Fields) =>
  db.query<MallStatistics['topCoupons'][number]>(
    `SELECT COALESCE(cp.data ->> '${coupon.name}', '#' || (r.data ->> '${writeOff.coupon}')) AS coupon, count(*)::int AS "writeOffs"
       FROM meta_record r LEFT JOIN meta_record cp ON cp.id = (r.data ->> '${writeOff.coupon}')::bigint AND cp.table_id = ${sqlId(coupon.tableId)}
      WHERE r.table_id = ${sqlId(writeOff.tableId)} AND ${inRange(writeOff)}
      GROUP BY 1 ORDER BY "writeOffs" DESC, coupon LIMIT 10`,
    [range.from, range.zone, range.to],
  );
