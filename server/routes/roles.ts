import { Hono } from 'hono';
import type { AppEnv } from '../auth.ts';
import type { Db } from '../db.ts';
import { ok, readBody } from '../http.ts';

/** System administration › roles (SPEC 7 "Role and permission"). */
export function roleRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  // The tenant's roles with how many users hold each (the users page's role filter and form use it too).
  app.post('/v1/role/list', async (c) => {
    await readBody(c);
    const rows = await db.query(
      `SELECT r.id, r.name, r.parent_id AS "parentId",
              (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id AND u.deleted_at IS NULL
                WHERE ur.role_id = r.id) AS "userCount"
         FROM role r WHERE r.tenant_id = $1 ORDER BY r.id`,
      [c.get('session').tenantId],
    );
    return c.json(ok(rows));
  });

  return app;
}
