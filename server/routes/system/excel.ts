import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db.ts';
import { tenantZone, todayIn } from '../business/statistics.ts';
import { ApiError, ok, readBody } from '../../infra/http.ts';
import { grants } from '../../access/relations.ts';
import { phoneView } from '../../access/privacy.ts';
import { queryUsers } from './users.ts';
import { IMPORT_LIMITS, USER_SHEET_COLUMNS, USER_TYPE_NAMES } from '../../../src/api/contract.ts';
import { owns } from '../../access/access.ts';

const TYPE_NAME = Object.fromEntries(
  Object.entries(USER_TYPE_NAMES)
    .filter(([k]) => k.length > 1)
    .map(([name, v]) => [v, name]),
);

/**
 * /v1/common/excel/getExcelUrl: what a sheet holds, for the browser to write as .xlsx (sheetjs-style, lazily
 * loaded): `{ type: 'userTemplate' }` the import template with an example row; `{ type: 'userExport', ...the list's
 * filters }` the users of the current filtered list, up to IMPORT_LIMITS.maxRows, in the template's columns (so an
 * export can be edited and imported back).
 */
export function excelRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  // the import template (user:import, checked in the handler) or the export of the list the page shows
  app.post('/v1/common/excel/getExcelUrl', owns({ pages: ['manage/users'] }), async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const columns = [...USER_SHEET_COLUMNS];
    if (body.type === 'userTemplate') {
      if (!(await grants(db, s, { buttons: ['user:import'] }))) return c.json({ result: 403, errmsg: '您没有当前操作的权限' });
      const [depart] = await db.query<{ depart_name: string }>('SELECT depart_name FROM depart WHERE tenant_id = $1 ORDER BY id LIMIT 1', [
        s.tenantId,
      ]);
      const [role] = await db.query<{ name: string }>('SELECT name FROM role WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1', [s.tenantId]);
      return c.json(
        ok({
          fileName: '用户导入模板.xlsx',
          columns,
          rows: [['zhangsan', '张三', '13800138000', '门店/普通员工', depart?.depart_name ?? '', role?.name ?? '']],
        }),
      );
    }
    if (body.type === 'userExport') {
      const { rows, count } = await queryUsers(db, s, body, 1, IMPORT_LIMITS.maxRows);
      const view = await phoneView(db, s);
      const departs = new Map(
        (await db.query<{ id: number; depart_name: string }>('SELECT id, depart_name FROM depart WHERE tenant_id = $1', [s.tenantId])).map(
          (d) => [d.id, d.depart_name],
        ),
      );
      return c.json(
        ok({
          fileName: `用户列表-${todayIn(await tenantZone(db, s.tenantId))}.xlsx`,
          columns,
          rows: rows.map((u) => [
            u.userName,
            u.nickname,
            view(u.phone as string),
            TYPE_NAME[u.userType] ?? String(u.userType),
            u.departIds
              .map((d) => departs.get(d) ?? '')
              .filter(Boolean)
              .join('、'),
            (u.roleNames as string) ?? '',
          ]),
          truncated: count > rows.length,
        }),
      );
    }
    throw new ApiError('type 必须是 userTemplate 或 userExport');
  });

  return app;
}
