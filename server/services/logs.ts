import type { Db } from '../infra/db/db.ts';
import type { LoginFailure } from '@/api/contract/session.ts';
import { log } from '../infra/logger.ts';

/**
 * The writers of what happened (migration 012, docs/api.md "Logs"). Each is one INSERT; a log that cannot be
 * written is said in the server's log and never fails the call it describes.
 */
const quietly = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    log.error({ err }, 'log not written');
  }
};

export interface LoginAttempt {
  tenantId: number | null;
  userId: number | null;
  account: string;
  success: boolean;
  reason?: LoginFailure | '';
  method?: 'password' | 'ticket' | 'link';
  ip: string;
  userAgent: string;
  sessionId?: string | null;
}

export const recordLogin = (db: Db, a: LoginAttempt) =>
  quietly(
    db.query(
      `INSERT INTO login_log (tenant_id, user_id, account, success, reason, method, ip, user_agent, session_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint)`,
      [
        a.tenantId,
        a.userId,
        a.account.slice(0, 64),
        a.success,
        a.reason ?? '',
        a.method ?? 'password',
        a.ip,
        a.userAgent.slice(0, 300),
        a.sessionId ?? null,
      ],
    ),
  );

export type SessionLogKind = 'token' | 'logout' | 'force_logout' | 'ended';

/** One event of a session's life (by its public id); `byUserId`: who ended it, when someone else did. */
export const recordSession = (
  db: Db,
  sessionId: string,
  tenantId: number,
  kind: SessionLogKind,
  byUserId: number | null = null,
  note = '',
) =>
  quietly(
    db.query(`INSERT INTO session_log (session_id, tenant_id, kind, by_user_id, note) VALUES ($1::bigint, $2, $3, $4, $5)`, [
      sessionId,
      tenantId,
      kind,
      byUserId,
      note.slice(0, 200),
    ]),
  );

/** The same event for every live session a statement is about to end (a user's, or a tenant's). */
export const recordSessionsEnded = (db: Db, where: { userId: number } | { tenantId: number }, note: string) =>
  quietly(
    db.query(
      `INSERT INTO session_log (session_id, tenant_id, kind, note)
       SELECT id, tenant_id, 'ended', $2 FROM user_session
        WHERE revoked_at IS NULL AND expires_at > now() AND ${'userId' in where ? 'user_id' : 'tenant_id'} = $1`,
      ['userId' in where ? where.userId : where.tenantId, note],
    ),
  );

export interface ErrorEntry {
  tenantId: number | null;
  userId: number | null;
  source: 'server' | 'client';
  requestId?: string;
  method?: string;
  path?: string;
  message: string;
  kind?: string;
  route?: string;
  release?: string;
  userAgent?: string;
}

export const recordError = (db: Db, e: ErrorEntry) =>
  quietly(
    db.query(
      `INSERT INTO error_log (tenant_id, user_id, source, request_id, method, path, message, kind, route, release, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        e.tenantId,
        e.userId,
        e.source,
        e.requestId ?? '',
        e.method ?? '',
        (e.path ?? '').slice(0, 300),
        e.message.slice(0, 1000),
        (e.kind ?? '').slice(0, 64),
        (e.route ?? '').slice(0, 300),
        (e.release ?? '').slice(0, 64),
        (e.userAgent ?? '').slice(0, 300),
      ],
    ),
  );

export const recordSms = (
  db: Db,
  s: { tenantId: number | null; phone: string; template: string; platform: string; success: boolean; error?: string },
) =>
  quietly(
    db.query(`INSERT INTO sms_log (tenant_id, phone, template, platform, success, error) VALUES ($1, $2, $3, $4, $5, $6)`, [
      s.tenantId,
      s.phone,
      s.template,
      s.platform,
      s.success,
      (s.error ?? '').slice(0, 300),
    ]),
  );

/**
 * The operation log's rows that count as operations (工作台's 今日操作, the statistics trend and its nightly rollup):
 * tracked clicks that led to an outcome, done or refused (issue 45: outcomes, not clicks). A menu click, a read and a
 * dismissed dialog are in the log, not in the count; the records service's own write rows repeat a click already
 * counted. `o` is the table's alias.
 */
export const COUNTED_OPERATION = (o: string) => `${o}.operation_type <> 'write' AND ${o}.outcome IN ('success', 'failure')`;
