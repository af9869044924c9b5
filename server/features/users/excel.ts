import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { tenantZone, todayIn } from '../../services/tenant-time.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { mount } from '../../infra/http/mount.ts';
import { userApi } from '@/api/table/users.ts';
import { say } from '@/api/schema/messages.ts';
import { phoneView } from '../../access/privacy.ts';
import { importErrorsOf, queryUsers, tenantRoles, walkUsers, type UserCursor } from './queries.ts';
import { tenantDeparts } from '../departs/queries.ts';
import type { ExportJobs } from '../../services/export-jobs.ts';
import type { SessionInfo } from '../../access/auth.ts';
import { EXPORT_LIMITS } from '@/api/contract/jobs.ts';
import { IMPORT_ERROR_COLUMN, USER_TYPE_NAMES } from '@/api/contract/users.ts';
import { USER_FIELDS, USER_SHEET } from '@/api/schema/system/user.ts';
import { declaredCells } from '@/api/schema/resource.ts';

const TYPE_NAME = Object.fromEntries(
  Object.entries(USER_TYPE_NAMES)
    .filter(([k]) => k.length > 1)
    .map(([name, v]) => [v, name]),
);

/**
 * /v1/common/excel/getExcelUrl: what a sheet holds, for the browser to write as .xlsx (sheetjs-style, lazily
 * loaded): `{ type: 'userTemplate' }` the import template with an example row; `{ type: 'userExport', ...the list's
 * filters }` the users of the current filtered list, up to EXPORT_LIMITS.browserMaxRows, in the template's columns (so an
 * export can be edited and imported back); `{ type: 'userImportErrors', jobId }` the rows an import of the caller's
 * refused, as the sheet had them, with their reasons in a last column (fixed in place, the file imports as it is).
 */
export function excelRoutes(db: Db, exports: ExportJobs) {
  const app = new Hono<AppEnv>();

  /**
   * The users list as a server job, beyond what the browser writes at once: counted under the list's filters, then
   * written slice by slice in its order (walkUsers), in the template's columns. With `jobId`, the caller's job's
   * progress and, once done, its download link; with `cancel`, a request to stop it.
   */
  mount(app, userApi.exportJob, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    if (body.jobId !== undefined) return ok(await (body.cancel ? exports.cancel(s, body.jobId) : exports.status(s, body.jobId)));
    const { count, next } = await walkUsers(db, s, body);
    const row = await userSheetRow(db, s);
    const source = {
      columns: [...USER_SHEET],
      next: async (after: UserCursor | null, limit: number) => {
        const slice = await next(after, limit);
        return { rows: slice.rows.map(row), cursor: slice.cursor };
      },
    };
    return ok(await exports.start(s, 'users', await userSheetName(db, s), count, source));
  });

  // the import template and error file (user:import) or the list's export (user:export): the call's narrowed owner
  mount(app, userApi.sheet, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const columns = [...USER_SHEET];
    if (body.type === 'userTemplate') {
      // the example row names the tenant's first department and its newest role
      const depart = (await tenantDeparts(db, s.tenantId))[0];
      const role = (await tenantRoles(db, s.tenantId)).at(-1);
      return ok({
        fileName: '用户导入模板.xlsx',
        columns,
        rows: [
          ['zhangsan', '张三', '13800138000', '门店/普通员工', depart?.depart_name ?? '', role?.name ?? '', ...declaredCells(USER_FIELDS)],
        ],
      });
    }
    if (body.type === 'userExport') {
      const { rows, count } = await queryUsers(db, s, body, 1, EXPORT_LIMITS.browserMaxRows);
      const row = await userSheetRow(db, s);
      return ok({ fileName: await userSheetName(db, s), columns, rows: rows.map(row), truncated: count > rows.length });
    }
    if (body.type === 'userImportErrors') {
      const jobId = body.jobId;
      if (jobId === undefined) throw refuse('jobId', say('importJob'));
      // Only the import's own author gets its rows back: they may hold people outside another admin's scope.
      const job = await importErrorsOf(db, s, jobId);
      if (!job) throw new ApiError('导入任务不存在');
      const reasons = new Map<number, string[]>();
      for (const p of job.report) reasons.set(p.row, [...(reasons.get(p.row) ?? []), `${p.field}：${p.reason}`]);
      return ok({
        fileName: `用户导入错误-${todayIn(await tenantZone(db, s.tenantId))}.xlsx`,
        columns: [...columns, IMPORT_ERROR_COLUMN],
        rows: Object.entries(job.failed_rows)
          .map(([row, cells]) => [Number(row), cells] as const)
          .sort(([a], [b]) => a - b)
          .map(([row, cells]) => [...cells, (reasons.get(row) ?? []).join('；')]),
      });
    }
    throw new ApiError(say('sheetType'));
  });

  return app;
}

/** The export's file name: the list and the tenant's day. */
const userSheetName = async (db: Db, s: SessionInfo) => `用户列表-${todayIn(await tenantZone(db, s.tenantId))}.xlsx`;

/** A user as a row of the template's columns (an export can be edited and imported back), phones as the caller may see them. */
async function userSheetRow(db: Db, s: SessionInfo) {
  const view = await phoneView(db, s);
  const departs = new Map((await tenantDeparts(db, s.tenantId)).map((d) => [d.id, d.depart_name]));
  return (u: { userType: number; departIds: number[]; [k: string]: unknown }) => [
    u.userName as string,
    u.nickname as string,
    view(u.phone as string),
    TYPE_NAME[u.userType] ?? String(u.userType),
    u.departIds
      .map((d) => departs.get(d) ?? '')
      .filter(Boolean)
      .join('、'),
    (u.roleNames as string) ?? '',
    ...declaredCells(USER_FIELDS, u),
  ];
}
