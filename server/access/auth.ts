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
    /**
     * names people gave in both languages (a records call's table and fields, and those a refusal quotes: ApiError's
     * `names`), which an English refusal says in English: asked for only when an answer is such a refusal
     */
    englishNames?: () => ReadonlyMap<string, string>;
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

/** A session a token names, and what the lookup was given to check with it. */
export interface FoundSession {
  session: SessionInfo;
  /** menu.ts: callAllowed, read in the same statement as the session (undefined when no call was given) */
  mayCall?: boolean;
  /** whether the AccessToken given is this session's and live (accessTokenValid's rule; undefined when none was given) */
  accessTokenValid?: boolean;
}

/** accessTokenValid's rule as SQL: the token (hash `token`) is one the session `s` holds and not past its deadline. */
const ACCESS_TOKEN_HELD = (token: string) =>
  `EXISTS (SELECT 1 FROM access_token a WHERE a.token_hash = ${token} AND a.session_hash = s.token_hash AND a.deadline > now())`;

/**
 * The session lookup's SQL ($1 the token's hash); with the call's permission ($2 method, $3 path) beside it, and with
 * whether an AccessToken (its hash, the last parameter) is the session's, or without either.
 */
const sessionLookup = (withCall: boolean, withAccessToken: boolean) =>
  `SELECT s.id::text AS id, s.token_hash AS "tokenHash", s.user_id AS "userId", s.tenant_id AS "tenantId", u.user_type AS "userType",
          s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt", s.permissions::text AS permissions,
          CASE WHEN s.permissions IS NOT NULL THEN s.permissions_at::text END AS "permissionsAt", ${TENANT_ACTIVE} AS "tenantActive",
          u.must_change_password AS "mustChangePassword", u.depart_ids AS "departIds", ${PRIVACY_ON('s.tenant_id')} AS "privacyOn"${withCall ? `, ${callAllowed('s.user_id', 's.tenant_id', '$2', '$3', 's.permissions')} AS "mayCall"` : ''}${withAccessToken ? `, ${ACCESS_TOKEN_HELD(withCall ? '$4' : '$2')} AS "accessTokenValid"` : ''}
     FROM user_session s
     JOIN app_user u ON u.id = s.user_id AND u.tenant_id = s.tenant_id
     JOIN tenant t ON t.id = s.tenant_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 1`;

/** Four texts, each kept prepared with one plan (a shell call's lookup has no permission to read), written once. */
const FIND_SESSION = [sessionLookup(false, false), sessionLookup(false, true), sessionLookup(true, false), sessionLookup(true, true)];

/**
 * The live session a token names, or null when unknown, expired, revoked or its user disabled. With `call` (a page
 * or button call), the same statement also answers whether the session may make it; with `accessToken`, whether that
 * token is the session's and live: one round trip where a page call from the console (which sends its AccessToken
 * with every call) made three. The access chain still applies the checks in their order (session, access token,
 * tenant, then the call).
 */
export async function findSession(
  db: Db,
  token: string,
  call?: { method: string; path: string },
  accessToken?: string,
): Promise<FoundSession | null> {
  const params: unknown[] = [sha256(token), ...(call ? [call.method, call.path] : []), ...(accessToken ? [sha256(accessToken)] : [])];
  const [row] = await db.query<SessionInfo & { mayCall?: boolean; accessTokenValid?: boolean }>(
    FIND_SESSION[(call ? 2 : 0) + (accessToken ? 1 : 0)],
    params,
  );
  if (!row) return null;
  const { mayCall, accessTokenValid: tokenValid, ...session } = row;
  return { session, ...(mayCall === undefined ? {} : { mayCall }), ...(tokenValid === undefined ? {} : { accessTokenValid: tokenValid }) };
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

/** Whether an AccessToken is this session's and live (ACCESS_TOKEN_HELD), asked apart from the lookup. */
export async function accessTokenValid(db: Db, session: SessionInfo, token: string): Promise<boolean> {
  const [row] = await db.query<{ valid: boolean }>(`SELECT ${ACCESS_TOKEN_HELD('$1')} AS valid FROM (SELECT $2::text AS token_hash) s`, [
    sha256(token),
    session.tokenHash,
  ]);
  return row.valid;
}
