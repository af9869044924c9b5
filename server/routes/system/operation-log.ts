import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ok } from '../../infra/http/http.ts';
import { takes } from '../../infra/http/validate.ts';
import { operationLogList, operationSave } from '../../../src/api/schema/system/log.ts';
import { departmentScope } from '../../access/permissions.ts';
import { countMatches } from '../../infra/db/count.ts';
import { owns } from '../../access/access.ts';

const FIELDS = [
  ['operationTime', 'operation_time'],
  ['operationName', 'operation_name'],
  ['operationCode', 'operation_code'],
  ['systemName', 'system_name'],
  ['pageCode', 'page_code'],
  ['pageName', 'page_name'],
  ['operationType', 'operation_type'],
  ['menuName', 'menu_name'],
  ['menuCode', 'menu_code'],
] as const;

/** operation log: a tracked click is stored for the caller's tenant; listed newest first. */
export function operationLogRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  app.post('/v1/userOperationLog/save', owns('shell'), takes(operationSave), async (c) => {
    const body = c.var.body;
    const values = FIELDS.map(([key]) => body[key]);
    const s = c.get('session');
    await db.query(
      `INSERT INTO operation_log (tenant_id, user_id, ${FIELDS.map((f) => f[1]).join(', ')})
       VALUES ($1, $2, ${FIELDS.map((_, i) => `$${i + 3}`).join(', ')})`,
      [s.tenantId, s.userId, ...values],
    );
    return c.json(ok());
  });

  app.post('/v1/userOperationLog/list', owns({ pages: ['manage/logs'] }), takes(operationLogList), async (c) => {
    const body = c.var.body;
    // export: the whole filtered list for the .xlsx (at most 10,000 rows, newest first), else a page
    const exporting = body.export;
    const pageNum = exporting ? 1 : body.pageNum;
    const pageSize = exporting ? 10_000 : body.pageSize;
    const s = c.get('session');
    // Within the caller's department scope: a row of a user outside it is left out (userType 0: the whole tenant).
    const where = `l.tenant_id = $1 AND ($2::int[] IS NULL OR u.depart_ids && $2::int[])
      AND ($3 = '' OR strpos(lower(u.user_name || ' ' || u.nickname), lower($3)) > 0)
      AND ($4 = '' OR strpos(lower(l.page_name || ' ' || l.menu_name || ' ' || l.operation_name), lower($4)) > 0)
      AND ($5::timestamptz IS NULL OR l.created_at >= $5) AND ($6::timestamptz IS NULL OR l.created_at < $6)`;
    const params = [s.tenantId, await departmentScope(db, s), body.user, body.page, body.from, body.to];
    const rows = await db.query(
      `SELECT l.id, u.user_name AS "userName", u.nickname, ${FIELDS.map(([k, col]) => `l.${col} AS "${k}"`).join(', ')},
              to_json(l.created_at) #>> '{}' AS "createdAt"
         FROM operation_log l JOIN app_user u ON u.id = l.user_id
        WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT $7 OFFSET $8`,
      [...params, pageSize, (pageNum - 1) * pageSize],
    );
    const counted = await countMatches(db, `FROM operation_log l JOIN app_user u ON u.id = l.user_id WHERE ${where}`, params);
    return c.json({ result: 'ok', values: rows, ...counted, ...(exporting ? { truncated: counted.count > rows.length } : {}) });
  });

  return app;
}
