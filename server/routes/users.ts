import { Hono } from 'hono';
import type { AppEnv } from '../auth.ts';
import type { Db } from '../db.ts';
import { ApiError, int, ok, readBody } from '../http.ts';
import { departmentScope, outsideScope } from '../permissions.ts';
import type { SessionEvents } from '../session-events.ts';

/**
 * System administration › users (SPEC 7 "User"): list, detail and delete, each within the caller's department
 * scope (userType 0: the whole tenant). Who may call them is CALL_OWNERS' business (server/access.ts).
 */
export function userRoutes(db: Db, events: SessionEvents) {
  const app = new Hono<AppEnv>();

  app.post('/v1/user/list', async (c) => {
    const body = await readBody(c);
    const pageNum = int(body, 'pageNum', '页码', 1, 100000);
    const pageSize = int(body, 'pageSize', '每页条数', 10, 200);
    const keyword = typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 50) : '';
    const s = c.get('session');
    const scope = await departmentScope(db, s);
    // An account or nickname containing the keyword (LIKE wildcards in the keyword match themselves); outside
    // the whole-tenant scope, only users sharing one of the caller's departments.
    const like = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const where = `tenant_id = $1 AND status = 1 AND ($2 = '' OR user_name ILIKE $3 OR nickname ILIKE $3)
                   AND ($4::int[] IS NULL OR depart_ids && $4::int[])`;
    const rows = await db.query(
      `SELECT id, user_name AS "userName", nickname, phone, user_type AS "userType", status
         FROM app_user WHERE ${where} ORDER BY id LIMIT $5 OFFSET $6`,
      [s.tenantId, keyword, like, scope, pageSize, (pageNum - 1) * pageSize],
    );
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_user WHERE ${where}`, [
      s.tenantId,
      keyword,
      like,
      scope,
    ]);
    return c.json({ result: 'ok', values: rows, count: n });
  });

  /** A user of the caller's tenant with their departments, or the refusal for one outside the caller's scope. */
  const inTenant = async (id: number, tenantId: number) => {
    const [row] = await db.query<{ depart_ids: number[] } & Record<string, unknown>>(
      `SELECT id, user_name AS "userName", nickname, phone, user_type AS "userType", store_id AS "storeId", depart_ids
         FROM app_user WHERE id = $1 AND tenant_id = $2 AND status = 1`,
      [id, tenantId],
    );
    // Another tenant's user is as unknown as one that does not exist.
    if (!row) throw new ApiError('用户不存在');
    return row;
  };

  app.post('/v1/user/detail', async (c) => {
    const id = int(await readBody(c), 'id', '用户 id', 0, 2 ** 31 - 1);
    const s = c.get('session');
    const row = await inTenant(id, s.tenantId);
    const refused = await outsideScope(db, s, row.depart_ids);
    if (refused) return c.json(refused);
    const { depart_ids, ...user } = row;
    return c.json(ok({ ...user, departIds: depart_ids }));
  });

  app.post('/v1/user/del', async (c) => {
    const id = int(await readBody(c), 'id', '用户 id', 0, 2 ** 31 - 1);
    const s = c.get('session');
    if (id === s.userId) throw new ApiError('不能删除当前登录的账号');
    const row = await inTenant(id, s.tenantId);
    const refused = await outsideScope(db, s, row.depart_ids);
    if (refused) return c.json(refused);
    const rows = await db.query('UPDATE app_user SET status = 0 WHERE id = $1 AND tenant_id = $2 AND status = 1 RETURNING id', [
      id,
      s.tenantId,
    ]);
    if (!rows.length) throw new ApiError('用户不存在');
    // A deleted account's sessions end with it, and its open browsers are told at once.
    await db.query('UPDATE user_session SET revoked_at = now() WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL', [
      id,
      s.tenantId,
    ]);
    await events.publish({ userId: id }, 'revoked');
    return c.json(ok());
  });

  return app;
}
