import type { Db } from '../../infra/db/db.ts';
import { isOnline } from '../../access/presence.ts';
import type { ErrorLogRow, LoginInfoRow, LoginLogRow, SessionLogRow, SmsLogRow } from '@/api/table/logs.ts';

/*
 * The logs' SQL (issue 44 part 4): sign-in attempts and each session's life, who signed in lately, errors and SMS.
 * The route (server/features/logs/routes.ts) says who reads (`LogReader`); every statement here keeps a reader to
 * their tenant's rows (the platform operator also to rows of no tenant) and, where rows have a user, to their
 * department scope.
 */

/** Who reads the logs: their tenant, their department scope (null: the whole tenant), and whether they are the platform. */
export interface LogReader {
  tenantId: number;
  scope: number[] | null;
  platform: boolean;
}

/** A page of a list: how many rows, from where. */
export interface Slice {
  pageSize: number;
  offset: number;
}

/** The tenant condition on alias `l` ($1 is the reader's tenant): its own rows, and no-tenant rows for the platform. */
const tenantRows = (r: LogReader, l: string) => (r.platform ? `(${l}.tenant_id = $1 OR ${l}.tenant_id IS NULL)` : `${l}.tenant_id = $1`);
/** The department scope on a row's user (alias `u`, $2 the scope or null for the whole tenant). */
const scoped = (u = 'u') => `($2::int[] IS NULL OR (${u}.id IS NOT NULL AND ${u}.depart_ids && $2::int[]))`;

const LOGIN_COLUMNS = `l.id, l.account, COALESCE(u.nickname, '') AS nickname, l.success, l.reason, l.method, l.ip, l.user_agent AS "userAgent",
  l.session_id::text AS "sessionId", to_json(l.created_at) #>> '{}' AS "createdAt"`;

/** Sign-in attempts, newest first: by account fragment, outcome (null: both) and period. */
export async function loginPage(
  db: Db,
  r: LogReader,
  f: { account: string; success: boolean | null; from: string | null; to: string | null },
  page: Slice,
) {
  const where = `${tenantRows(r, 'l')} AND ${scoped()}
    AND ($3 = '' OR strpos(lower(l.account), lower($3)) > 0) AND ($4::boolean IS NULL OR l.success = $4)
    AND ($5::timestamptz IS NULL OR l.created_at >= $5) AND ($6::timestamptz IS NULL OR l.created_at < $6)`;
  const params = [r.tenantId, r.scope, f.account, f.success, f.from, f.to];
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_log l LEFT JOIN app_user u ON u.id = l.user_id WHERE ${where}`,
    params,
  );
  const rows = await db.query<LoginLogRow>(
    `SELECT ${LOGIN_COLUMNS} FROM login_log l LEFT JOIN app_user u ON u.id = l.user_id
      WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT $7 OFFSET $8`,
    [...params, page.pageSize, page.offset],
  );
  return { rows, count: n };
}

/** One sign-in attempt the reader may see, with its tenant (whose session log it names), or undefined. */
export async function loginOf(db: Db, r: LogReader, id: number) {
  const [log] = await db.query<LoginLogRow & { tenantId: number | null }>(
    `SELECT ${LOGIN_COLUMNS}, l.tenant_id AS "tenantId" FROM login_log l LEFT JOIN app_user u ON u.id = l.user_id
      WHERE l.id = $3 AND ${tenantRows(r, 'l')} AND ${scoped()}`,
    [r.tenantId, r.scope, id],
  );
  return log;
}

/** What happened to a session after its sign-in (refreshes, logout, force logout and by whom, an end by the server). */
export const sessionEvents = (db: Db, sessionId: string, tenantId: number | null) =>
  db.query<SessionLogRow>(
    `SELECT e.kind, COALESCE(b.user_name, '') AS "byUserName", e.note, to_json(e.created_at) #>> '{}' AS "createdAt"
       FROM session_log e LEFT JOIN app_user b ON b.id = e.by_user_id
      WHERE e.session_id = $1::bigint AND e.tenant_id = $2 ORDER BY e.id`,
    [sessionId, tenantId],
  );

/** Whether a session is still live, until when, and when it was last seen; undefined when it is gone. */
export async function sessionState(db: Db, sessionId: string) {
  const [session] = await db.query<{ live: boolean; expiresAt: string; lastSeenAt: string }>(
    `SELECT (revoked_at IS NULL AND expires_at > now()) AS live, to_json(expires_at) #>> '{}' AS "expiresAt",
            to_json(last_seen_at) #>> '{}' AS "lastSeenAt"
       FROM user_session WHERE id = $1::bigint`,
    [sessionId],
  );
  return session;
}

/** The reader's users with their last sign-in, 30 days' sign-ins and failures, and whether they are online. */
export async function loginInfoPage(db: Db, r: LogReader, keyword: string, page: Slice) {
  const where = `u.tenant_id = $1 AND u.deleted_at IS NULL AND ${scoped()}
    AND ($3 = '' OR strpos(lower(u.user_name || ' ' || u.nickname), lower($3)) > 0)`;
  const params = [r.tenantId, r.scope, keyword];
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_user u WHERE ${where}`, params);
  const rows = await db.query<LoginInfoRow>(
    `SELECT u.id AS "userId", u.user_name AS "userName", u.nickname,
            to_json(last.created_at) #>> '{}' AS "lastLoginAt", COALESCE(last.ip, '') AS "lastLoginIp",
            (SELECT count(*)::int FROM login_log l WHERE l.user_id = u.id AND l.success AND l.created_at > now() - interval '30 days') AS "logins30d",
            (SELECT count(*)::int FROM login_log l WHERE l.user_id = u.id AND NOT l.success AND l.created_at > now() - interval '30 days') AS "failures30d",
            EXISTS (SELECT 1 FROM user_session us WHERE us.user_id = u.id AND ${isOnline('us')}) AS online
       FROM app_user u
       LEFT JOIN LATERAL (SELECT l.created_at, l.ip FROM login_log l WHERE l.user_id = u.id AND l.success ORDER BY l.created_at DESC LIMIT 1) last ON true
      WHERE ${where} ORDER BY last.created_at DESC NULLS LAST, u.id LIMIT $4 OFFSET $5`,
    [...params, page.pageSize, page.offset],
  );
  return { rows, count: n };
}

/** Server and client errors, newest first: by source (null: both), text fragment and period. */
export async function errorPage(
  db: Db,
  r: LogReader,
  f: { source: string | null; keyword: string; from: string | null; to: string | null },
  page: Slice,
) {
  const where = `${tenantRows(r, 'e')} AND ($2::text IS NULL OR e.source = $2)
    AND ($3 = '' OR strpos(lower(e.message || ' ' || e.path || ' ' || e.route || ' ' || e.request_id), lower($3)) > 0)
    AND ($4::timestamptz IS NULL OR e.created_at >= $4) AND ($5::timestamptz IS NULL OR e.created_at < $5)`;
  const params = [r.tenantId, f.source, f.keyword, f.from, f.to];
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_log e WHERE ${where}`, params);
  const rows = await db.query<ErrorLogRow>(
    `SELECT e.id, e.source, e.request_id AS "requestId", e.method, e.path, e.message, e.kind, e.route, e.release,
            COALESCE(u.user_name, '') AS "userName", to_json(e.created_at) #>> '{}' AS "createdAt"
       FROM error_log e LEFT JOIN app_user u ON u.id = e.user_id
      WHERE ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT $6 OFFSET $7`,
    [...params, page.pageSize, page.offset],
  );
  return { rows, count: n };
}

/** How many errors a user's console reported in the last minute (it may keep 30). */
export async function recentClientErrors(db: Db, userId: number): Promise<number> {
  const [{ recent }] = await db.query<{ recent: number }>(
    `SELECT count(*)::int AS recent FROM error_log WHERE user_id = $1 AND source = 'client' AND created_at > now() - interval '1 minute'`,
    [userId],
  );
  return recent;
}

/** SMS sent, newest first: by phone fragment, outcome (null: both) and period. */
export async function smsPage(
  db: Db,
  r: LogReader,
  f: { phone: string; success: boolean | null; from: string | null; to: string | null },
  page: Slice,
) {
  const where = `${tenantRows(r, 'm')} AND ($2 = '' OR strpos(m.phone, $2) > 0) AND ($3::boolean IS NULL OR m.success = $3)
    AND ($4::timestamptz IS NULL OR m.created_at >= $4) AND ($5::timestamptz IS NULL OR m.created_at < $5)`;
  const params = [r.tenantId, f.phone, f.success, f.from, f.to];
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_log m WHERE ${where}`, params);
  const rows = await db.query<SmsLogRow>(
    `SELECT m.id, m.phone, m.template, m.platform, m.success, m.error, to_json(m.created_at) #>> '{}' AS "createdAt"
       FROM sms_log m WHERE ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $6 OFFSET $7`,
    [...params, page.pageSize, page.offset],
  );
  return { rows, count: n };
}
