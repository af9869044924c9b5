import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { departmentScope } from '../../access/permissions.ts';
import { phoneView } from '../../access/privacy.ts';
import { isOnline } from '../../access/presence.ts';
import { recordError } from '../../services/logs.ts';
import type { ErrorLogRow, LoginInfoRow, LoginLogRow, SessionLogRow, SmsLogRow } from '@/api/table/logs.ts';
import { logApi } from '@/api/table/logs.ts';
import { mount } from '../../infra/http/mount.ts';

const paging = ({ pageNum, pageSize }: { pageNum: number; pageSize: number }) => ({ pageSize, offset: (pageNum - 1) * pageSize });

export interface LogRoutesOptions {
  db: Db;
  platformTenant: number;
}

/**
 * Logs (System; docs/api.md "Logs"): sign-in attempts and each session's life, who signed in lately, server
 * and client errors, SMS sent, and the operation log's filtered list and export. A tenant sees its own rows within
 * the caller's department scope; rows of no tenant (an unknown account, a dead link, a fault before sign-in) are the
 * platform operator's.
 */
export function logRoutes({ db, platformTenant }: LogRoutesOptions) {
  const app = new Hono<AppEnv>();

  /** The tenant condition on alias `l` ($1 is the caller's tenant): its own rows, and no-tenant rows for the platform. */
  const tenantRows = (s: SessionInfo, l = 'l') =>
    s.tenantId === platformTenant ? `(${l}.tenant_id = $1 OR ${l}.tenant_id IS NULL)` : `${l}.tenant_id = $1`;
  /** The department scope on a row's user (alias `u`, $2 the scope or null for the whole tenant). */
  const scoped = (u = 'u') => `($2::int[] IS NULL OR (${u}.id IS NOT NULL AND ${u}.depart_ids && $2::int[]))`;

  mount(app, logApi.logins, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { pageSize, offset } = paging(body);
    const result = body.result === 'success' ? true : body.result === 'failure' ? false : null;
    const where = `${tenantRows(s)} AND ${scoped()}
      AND ($3 = '' OR strpos(lower(l.account), lower($3)) > 0) AND ($4::boolean IS NULL OR l.success = $4)
      AND ($5::timestamptz IS NULL OR l.created_at >= $5) AND ($6::timestamptz IS NULL OR l.created_at < $6)`;
    const params = [s.tenantId, await departmentScope(db, s), body.account, result, body.from, body.to];
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_log l LEFT JOIN app_user u ON u.id = l.user_id WHERE ${where}`,
      params,
    );
    const rows = await db.query<LoginLogRow>(
      `SELECT l.id, l.account, COALESCE(u.nickname, '') AS nickname, l.success, l.reason, l.method, l.ip, l.user_agent AS "userAgent",
              l.session_id::text AS "sessionId", to_json(l.created_at) #>> '{}' AS "createdAt"
         FROM login_log l LEFT JOIN app_user u ON u.id = l.user_id
        WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT $7 OFFSET $8`,
      [...params, pageSize, offset],
    );
    return { ...ok(rows), count: n };
  });

  mount(app, logApi.login, async (c) => {
    const s = c.get('session');
    const { id } = c.var.body;
    const [log] = await db.query<LoginLogRow & { tenantId: number | null }>(
      `SELECT l.id, l.account, COALESCE(u.nickname, '') AS nickname, l.success, l.reason, l.method, l.ip, l.user_agent AS "userAgent",
              l.session_id::text AS "sessionId", to_json(l.created_at) #>> '{}' AS "createdAt", l.tenant_id AS "tenantId"
         FROM login_log l LEFT JOIN app_user u ON u.id = l.user_id
        WHERE l.id = $3 AND ${tenantRows(s)} AND ${scoped()}`,
      [s.tenantId, await departmentScope(db, s), id],
    );
    if (!log) throw new ApiError('日志不存在');
    // The session's life: its login, then what happened to it (refreshes, logout, force logout and by whom, an end
    // by the server), then whether it is still live.
    const events: SessionLogRow[] = [{ kind: 'login', byUserName: '', note: '', createdAt: log.createdAt }];
    let session: { live: boolean; expiresAt: string; lastSeenAt: string } | null = null;
    if (log.sessionId) {
      events.push(
        ...(await db.query<SessionLogRow>(
          `SELECT e.kind, COALESCE(b.user_name, '') AS "byUserName", e.note, to_json(e.created_at) #>> '{}' AS "createdAt"
             FROM session_log e LEFT JOIN app_user b ON b.id = e.by_user_id
            WHERE e.session_id = $1::bigint AND e.tenant_id = $2 ORDER BY e.id`,
          [log.sessionId, log.tenantId],
        )),
      );
      [session] = await db.query<{ live: boolean; expiresAt: string; lastSeenAt: string }>(
        `SELECT (revoked_at IS NULL AND expires_at > now()) AS live, to_json(expires_at) #>> '{}' AS "expiresAt",
                to_json(last_seen_at) #>> '{}' AS "lastSeenAt"
           FROM user_session WHERE id = $1::bigint`,
        [log.sessionId],
      );
    }
    const { tenantId: _t, ...row } = log;
    return ok({ log: row, events, session: session ?? null });
  });

  mount(app, logApi.loginInfo, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { pageSize, offset } = paging(body);
    const { keyword } = body;
    const where = `u.tenant_id = $1 AND u.deleted_at IS NULL AND ${scoped()}
      AND ($3 = '' OR strpos(lower(u.user_name || ' ' || u.nickname), lower($3)) > 0)`;
    const params = [s.tenantId, await departmentScope(db, s), keyword];
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
      [...params, pageSize, offset],
    );
    return { ...ok(rows), count: n };
  });

  mount(app, logApi.errors, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { pageSize, offset } = paging(body);
    const source = body.source || null;
    const where = `${tenantRows(s, 'e')} AND ($2::text IS NULL OR e.source = $2)
      AND ($3 = '' OR strpos(lower(e.message || ' ' || e.path || ' ' || e.route || ' ' || e.request_id), lower($3)) > 0)
      AND ($4::timestamptz IS NULL OR e.created_at >= $4) AND ($5::timestamptz IS NULL OR e.created_at < $5)`;
    const params = [s.tenantId, source, body.keyword, body.from, body.to];
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_log e WHERE ${where}`, params);
    const rows = await db.query<ErrorLogRow>(
      `SELECT e.id, e.source, e.request_id AS "requestId", e.method, e.path, e.message, e.kind, e.route, e.release,
              COALESCE(u.user_name, '') AS "userName", to_json(e.created_at) #>> '{}' AS "createdAt"
         FROM error_log e LEFT JOIN app_user u ON u.id = e.user_id
        WHERE ${where} ORDER BY e.created_at DESC, e.id DESC LIMIT $6 OFFSET $7`,
      [...params, pageSize, offset],
    );
    return { ...ok(rows), count: n };
  });

  // Not in the spec: the console posts its own uncaught errors and chunk failures here (at most 30 a minute per user).
  // the console reports its own uncaught errors and chunk failures
  mount(app, logApi.reportError, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { message, kind } = body;
    const [{ recent }] = await db.query<{ recent: number }>(
      `SELECT count(*)::int AS recent FROM error_log WHERE user_id = $1 AND source = 'client' AND created_at > now() - interval '1 minute'`,
      [s.userId],
    );
    if (recent >= 30) return ok({ kept: false });
    await recordError(db, {
      tenantId: s.tenantId,
      userId: s.userId,
      source: 'client',
      message,
      kind,
      route: body.route,
      release: body.release,
      userAgent: c.req.header('User-Agent') ?? '',
    });
    return ok({ kept: true });
  });

  mount(app, logApi.sms, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { pageSize, offset } = paging(body);
    const { success, phone } = body;
    const where = `${tenantRows(s, 'm')} AND ($2 = '' OR strpos(m.phone, $2) > 0) AND ($3::boolean IS NULL OR m.success = $3)
      AND ($4::timestamptz IS NULL OR m.created_at >= $4) AND ($5::timestamptz IS NULL OR m.created_at < $5)`;
    const params = [s.tenantId, phone, success, body.from, body.to];
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_log m WHERE ${where}`, params);
    const rows = await db.query<SmsLogRow>(
      `SELECT m.id, m.phone, m.template, m.platform, m.success, m.error, to_json(m.created_at) #>> '{}' AS "createdAt"
         FROM sms_log m WHERE ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $6 OFFSET $7`,
      [...params, pageSize, offset],
    );
    const view = await phoneView(db, s);
    return c.json({ result: 'ok', values: rows.map((r) => ({ ...r, phone: view(r.phone) })), count: n });
  });

  return app;
}
