import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SessionInfo } from './auth.ts';
import type { Db } from './db.ts';

/**
 * Whether the caller's roles grant a button code right now (live, not the login-time snapshot, so a revoked
 * permission takes effect on the next call). Menu rows are the tenant's own or shared (tenant_id null).
 */
export async function hasButton(db: Db, s: SessionInfo, code: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM menu m
       JOIN role_perm rp ON rp.menu_id = m.id
       JOIN user_role ur ON ur.role_id = rp.role_id
       JOIN role r ON r.id = ur.role_id AND r.tenant_id = $3
      WHERE ur.user_id = $1 AND m.code = $2 AND m.uri_type = 2 AND (m.tenant_id IS NULL OR m.tenant_id = $3)
      LIMIT 1`,
    [s.userId, code, s.tenantId],
  );
  return rows.length > 0;
}

/** SPEC 8 result 403 for a call whose button the caller's roles do not grant (the UI hiding it is not enough). */
export function requireButton(db: Db, code: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await hasButton(db, c.get('session'), code))) return c.json({ result: 403, errmsg: '您没有当前操作的权限' });
    await next();
  };
}

/**
 * Department data scope: userType 0 sees every department of its tenant; others only their own. Returns the
 * departments of `rowDeparts` outside the caller's scope (empty: allowed).
 */
export async function departsOutsideScope(db: Db, s: SessionInfo, rowDeparts: number[]): Promise<number[]> {
  if (s.userType === 0) return [];
  const [me] = await db.query<{ depart_ids: number[] }>('SELECT depart_ids FROM app_user WHERE id = $1 AND tenant_id = $2', [
    s.userId,
    s.tenantId,
  ]);
  const mine = new Set(me?.depart_ids ?? []);
  return rowDeparts.some((d) => mine.has(d)) ? [] : rowDeparts;
}
