import type { Db } from '../infra/db/db.ts';
import { newToken, sha256 } from '../infra/crypto.ts';
import { callAllowed } from './menu.ts';

/** What a request knows about its caller once its UserToken checked out. */
export interface SessionInfo {
  /** the public id of the session (online users, force logout) */
  id: string;
  tokenHash: string;
  userId: number;
  tenantId: number;
  userType: number;
  expiresAt: Date;
  /** the last call or event-stream ping (server/access/presence.ts) */
  lastSeenAt: Date;
  /**
   * menu ids granted by initUserPermission, as PostgreSQL's array text ('{3,5,8}'); null until then. Kept as text:
   * every call reads its session, few need the ids, and those pass the text back to SQL (`$n::int[]`) or read it with
   * `storedMenuIds`; parsing the array on every call cost a user-info call more than it used it.
   */
  permissions: string | null;
  /** when those were computed (a generation of the session's menu); null without them */
  permissionsAt?: string | null;
  /** the tenant is enabled and not expired */
  tenantActive: boolean;
  /** the account's password was chosen or seen by someone else: only the shell's calls and the change, until changed */
  mustChangePassword: boolean;
  /** the account's departments as they are now (its department scope unless userType 0: permissions.ts) */
  departIds: number[];
  /** the tenant's privacy switch as it is now (phones masked unless a role unmasks them: privacy.ts) */
  privacyOn: boolean;
}

export type AppEnv = {
  Variables: {
    session: SessionInfo;
    db: Db;
    ip: string;
    requestId: string;
    /** declared calls check their answers against the call table (development and tests: AppOptions.checkAnswers) */
    checkAnswers?: boolean;
  };
};

/** A new session; it ends at `expiresAt` when given (a userToken link's session ends with its source), else after ttl. */
export async function createSession(
  db: Db,
  userId: number,
  tenantId: number,
  ttlSeconds: number,
  ip: string,
  expiresAt?: Date,
): Promise<{ token: string; id: string }> {
  const token = newToken();
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO user_session (token_hash, user_id, tenant_id, expires_at, login_ip)
     VALUES ($1, $2, $3, COALESCE($6::timestamptz, now() + make_interval(secs => $4)), $5)
     RETURNING id::text AS id`,
    [sha256(token), userId, tenantId, ttlSeconds, ip, expiresAt ?? null],
  );
  return { token, id: row.id };
}

/**
 * The tenant's privacy switch (scrm_overall_params.isPrivacy) as SQL, for the tenant `tenant` (an SQL expression):
 * read with the session (sessionLookup), so a list that shows phones asks no statement of its own (privacy.ts).
 */
export const PRIVACY_ON = (tenant: string) =>
  `COALESCE((SELECT (ss.params::jsonb ->> 'isPrivacy')::boolean FROM system_setting ss
              WHERE ss.tenant_id = ${tenant} AND ss.type = 'scrm_overall_params'), false)`;

/** An active tenant: enabled and not past its expiry (SQL over a `tenant` row aliased t). */
export const TENANT_ACTIVE = `(t.status = 1 AND (t.expires_at IS NULL OR t.expires_at > now()))`;

/** A session a token names, and, when the lookup was given the call, whether its roles may make it now. */
export interface FoundSession {
  session: SessionInfo;
  /** menu.ts: callAllowed, read in the same statement as the session (undefined when no call was given) */
  mayCall?: boolean;
}

/** The session lookup's SQL; with the call's permission ($2 method, $3 path) beside it, or without. */
const sessionLookup = (withCall: boolean) =>
  `SELECT s.id::text AS id, s.token_hash AS "tokenHash", s.user_id AS "userId", s.tenant_id AS "tenantId", u.user_type AS "userType",
          s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt", s.permissions::text AS permissions,
          CASE WHEN s.permissions IS NOT NULL THEN s.permissions_at::text END AS "permissionsAt", ${TENANT_ACTIVE} AS "tenantActive",
          u.must_change_password AS "mustChangePassword", u.depart_ids AS "departIds", ${PRIVACY_ON('s.tenant_id')} AS "privacyOn"${withCall ? `, ${callAllowed('s.user_id', 's.tenant_id', '$2', '$3', 's.permissions')} AS "mayCall"` : ''}
     FROM user_session s
     JOIN app_user u ON u.id = s.user_id AND u.tenant_id = s.tenant_id
     JOIN tenant t ON t.id = s.tenant_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 1`;

/** Two texts, each kept prepared with one plan (a shell call's lookup has no permission to read), written once. */
const FIND_SESSION = sessionLookup(false);
const FIND_SESSION_FOR_CALL = sessionLookup(true);

/**
 * The live session a token names, or null when unknown, expired, revoked or its user disabled. With `call` (a page
 * or button call), the same statement also answers whether the session may make it: one round trip where a page
 * call made two. The access chain still applies the checks in their order (session, tenant, then this).
 */
export async function findSession(db: Db, token: string, call?: { method: string; path: string }): Promise<FoundSession | null> {
  const [row] = call
    ? await db.query<SessionInfo & { mayCall: boolean }>(FIND_SESSION_FOR_CALL, [sha256(token), call.method, call.path])
    : await db.query<SessionInfo>(FIND_SESSION, [sha256(token)]);
  if (!row) return null;
  const { mayCall, ...session } = row as SessionInfo & { mayCall?: boolean };
  return mayCall === undefined ? { session } : { session, mayCall };
}

/** Why a session that is no longer live was ended, when it says ('forced': an administrator forced it off), else null. */
export async function whyEnded(db: Db, token: string): Promise<SessionEndReason | null> {
  const [row] = await db.query<{ why: string | null }>(
    'SELECT revoked_why AS why FROM user_session WHERE token_hash = $1 AND revoked_at IS NOT NULL',
    [sha256(token)],
  );
  return row?.why === 'forced' ? 'forced' : null;
}

/** A reason the 401 of an ended session carries (`reason`), for the console to say what happened. */
export type SessionEndReason = 'forced';

/** Fetching a new access token and logging out need none (the client sends its old one along). */
export const ACCESS_TOKEN_FREE = /\/anon\/vue\/(token|logout)$/;

export async function accessTokenValid(db: Db, session: SessionInfo, token: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM access_token WHERE token_hash = $1 AND session_hash = $2 AND deadline > now()', [
    sha256(token),
    session.tokenHash,
  ]);
  return rows.length > 0;
}
