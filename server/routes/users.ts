import { Hono } from 'hono';
import type { AppEnv } from '../auth.ts';
import type { Db } from '../db.ts';
import { ApiError, int, ok, readBody } from '../http.ts';
import { departsOutsideScope, requireButton } from '../permissions.ts';

/** System administration › users (SPEC 7 "User"): list, detail in the caller's department scope, delete. */
export function userRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  app.post('/v1/user/list', async (c) => {
    const body = await readBody(c);
    const pageNum = int(body, 'pageNum', '页码', 1, 100000);
    const pageSize = int(body, 'pageSize', '每页条数', 10, 200);
    const keyword = typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 50) : '';
    const tenantId = c.get('session').tenantId;
    // An account or nickname containing the keyword (LIKE wildcards in the keyword match themselves).
    const like = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const where = `tenant_id = $1 AND status = 1 AND ($2 = '' OR user_name ILIKE $3 OR nickname ILIKE $3)`;
    const rows = await db.query(
      `SELECT id, user_name AS "userName", nickname, phone, user_type AS "userType", status
         FROM app_user WHERE ${where} ORDER BY id LIMIT $4 OFFSET $5`,
      [tenantId, keyword, like, pageSize, (pageNum - 1) * pageSize],
    );
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_user WHERE ${where}`, [tenantId, keyword, like]);
    return c.json({ result: 'ok', values: rows, count: n });
  });

  app.post('/v1/user/detail', async (c) => {
    const id = int(await readBody(c), 'id', '用户 id', 0, 2 ** 31 - 1);
    const s = c.get('session');
    const [row] = await db.query<{ depart_ids: number[] } & Record<string, unknown>>(
      `SELECT id, user_name AS "userName", nickname, phone, user_type AS "userType", store_id AS "storeId", depart_ids
         FROM app_user WHERE id = $1 AND tenant_id = $2 AND status = 1`,
      [id, s.tenantId],
    );
    if (!row) throw new ApiError('用户不存在');
    const outside = await departsOutsideScope(db, s, row.depart_ids);
    // SPEC 8 (the type name is the product's spelling).
    if (outside.length) return c.json({ result: 'error', type: 'departNoPermisson', values: outside, errmsg: '没有数据访问权限' });
    const { depart_ids, ...user } = row;
    return c.json(ok({ ...user, departIds: depart_ids }));
  });

  app.post('/v1/user/del', requireButton(db, 'user:del'), async (c) => {
    const id = int(await readBody(c), 'id', '用户 id', 0, 2 ** 31 - 1);
    const s = c.get('session');
    if (id === s.userId) throw new ApiError('不能删除当前登录的账号');
    const rows = await db.query('UPDATE app_user SET status = 0 WHERE id = $1 AND tenant_id = $2 AND status = 1 RETURNING id', [
      id,
      s.tenantId,
    ]);
    if (!rows.length) throw new ApiError('用户不存在');
    // A deleted account's sessions end with it.
    await db.query('UPDATE user_session SET revoked_at = now() WHERE user_id = $1 AND tenant_id = $2 AND revoked_at IS NULL', [
      id,
      s.tenantId,
    ]);
    return c.json(ok());
  });

  return app;
}
