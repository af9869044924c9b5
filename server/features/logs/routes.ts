import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { departmentScope } from '../../access/permissions.ts';
import { phoneView } from '../../access/privacy.ts';
import { recordError } from '../../services/logs.ts';
import type { SessionLogRow } from '@/api/table/logs.ts';
import { logApi } from '@/api/table/logs.ts';
import { mount } from '../../infra/http/mount.ts';
import {
  errorPage,
  loginInfoPage,
  loginOf,
  loginPage,
  recentClientErrors,
  sessionEvents,
  sessionState,
  smsPage,
  type LogReader,
} from './queries.ts';

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

  /**
   * Who reads: the caller's tenant (the platform operator also reads rows of no tenant) and, for rows with a user, the
   * caller's department scope (the errors and SMS lists have none to scope by: `byScope` false).
   */
  const reader = async (s: SessionInfo, byScope = true): Promise<LogReader> => ({
    tenantId: s.tenantId,
    scope: byScope ? departmentScope(s) : null,
    platform: s.tenantId === platformTenant,
  });

  mount(app, logApi.logins, async (c) => {
    const body = c.var.body;
    const success = body.result === 'success' ? true : body.result === 'failure' ? false : null;
    const { rows, count } = await loginPage(
      db,
      await reader(c.get('session')),
      { account: body.account, success, from: body.from, to: body.to },
      paging(body),
    );
    return { ...ok(rows), count };
  });

  mount(app, logApi.login, async (c) => {
    const log = await loginOf(db, await reader(c.get('session')), c.var.body.id);
    if (!log) throw new ApiError('日志不存在');
    // The session's life: its login, then what happened to it (refreshes, logout, force logout and by whom, an end
    // by the server), then whether it is still live.
    const events: SessionLogRow[] = [{ kind: 'login', byUserName: '', note: '', createdAt: log.createdAt }];
    let session: { live: boolean; expiresAt: string; lastSeenAt: string } | undefined;
    if (log.sessionId) {
      events.push(...(await sessionEvents(db, log.sessionId, log.tenantId)));
      session = await sessionState(db, log.sessionId);
    }
    const { tenantId: _t, ...row } = log;
    return ok({ log: row, events, session: session ?? null });
  });

  mount(app, logApi.loginInfo, async (c) => {
    const body = c.var.body;
    const { rows, count } = await loginInfoPage(db, await reader(c.get('session')), body.keyword, paging(body));
    return { ...ok(rows), count };
  });

  mount(app, logApi.errors, async (c) => {
    const body = c.var.body;
    const filters = { source: body.source || null, keyword: body.keyword, from: body.from, to: body.to };
    const { rows, count } = await errorPage(db, await reader(c.get('session'), false), filters, paging(body));
    return { ...ok(rows), count };
  });

  // Not in the spec: the console posts its own uncaught errors and chunk failures here (at most 30 a minute per user).
  mount(app, logApi.reportError, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { message, kind } = body;
    if ((await recentClientErrors(db, s.userId)) >= 30) return ok({ kept: false });
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
    const { rows, count } = await smsPage(
      db,
      await reader(s, false),
      { phone: body.phone, success: body.success, from: body.from, to: body.to },
      paging(body),
    );
    const view = await phoneView(db, s);
    return c.json({ result: 'ok', values: rows.map((r) => ({ ...r, phone: view(r.phone) })), count });
  });

  return app;
}
