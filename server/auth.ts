import type { MiddlewareHandler } from 'hono';
import type { Db } from './db.ts';
import { newToken, sha256 } from './crypto.ts';

/** What a request knows about its caller once its UserToken checked out. */
export interface SessionInfo {
  /** the public id of the session (online users, force logout) */
  id: string;
  tokenHash: string;
  userId: number;
  tenantId: number;
  userType: number;
  expiresAt: Date;
  /** menu ids granted by initUserPermission; null until then */
  permissions: number[] | null;
}

export type AppEnv = { Variables: { session: SessionInfo; db: Db } };

export async function createSession(db: Db, userId: number, tenantId: number, ttlSeconds: number, ip: string): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO user_session (token_hash, user_id, tenant_id, expires_at, login_ip)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [sha256(token), userId, tenantId, ttlSeconds, ip],
  );
  return token;
}

/** The live session a token names, or null when unknown, expired, revoked or its user disabled. */
export async function findSession(db: Db, token: string): Promise<SessionInfo | null> {
  const [row] = await db.query<SessionInfo>(
    `SELECT s.id::text AS id, s.token_hash AS "tokenHash", s.user_id AS "userId", s.tenant_id AS "tenantId", u.user_type AS "userType",
            s.expires_at AS "expiresAt", s.permissions
       FROM user_session s JOIN app_user u ON u.id = s.user_id AND u.tenant_id = s.tenant_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = 1`,
    [sha256(token)],
  );
  return row ?? null;
}

/**
 * Requires a live session (SPEC 8): no UserToken header answers result 'error' with values 'userToken缺失';
 * an unknown, expired or revoked one answers result 401.
 */
export function requireSession(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header('UserToken');
    if (!token) return c.json({ result: 'error', values: 'userToken缺失', errmsg: '登录失效，请重新登录' });
    const session = await findSession(db, token);
    if (!session) return c.json({ result: 401, errmsg: 'userToken失效' });
    // An AccessToken header must be one this session holds and still valid; fetching a new one and logging out
    // need none (the client sends its old one along).
    const accessToken = c.req.header('AccessToken');
    if (accessToken && !ACCESS_TOKEN_FREE.test(c.req.path) && !(await accessTokenValid(db, session, accessToken))) {
      return c.json({ result: 'error', values: 'accessToken失效', errmsg: 'accessToken失效' });
    }
    c.set('session', session);
    await next();
  };
}

const ACCESS_TOKEN_FREE = /\/anon\/vue\/(token|logout)$/;

async function accessTokenValid(db: Db, session: SessionInfo, token: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM access_token WHERE token_hash = $1 AND session_hash = $2 AND deadline > now()', [
    sha256(token),
    session.tokenHash,
  ]);
  return rows.length > 0;
}
