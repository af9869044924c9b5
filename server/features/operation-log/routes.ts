import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ok } from '../../infra/http/http.ts';
import type { ExportJobs } from '../../services/export-jobs.ts';
import { tenantZone, todayIn } from '../../services/tenant-time.ts';
import { pageCursor, readPageCursor } from '../../infra/db/count.ts';
import { logApi } from '@/api/table/logs.ts';
import { mount } from '../../infra/http/mount.ts';
import type { OperationOutcome } from '@/api/schema/system/log.ts';
import * as q from './queries.ts';

/** What an export of the log holds: its columns, and a row of them. */
const EXPORT_COLUMNS = ['操作时间', '账号', '昵称', '操作名称', '操作页面', '操作代码', '结果', '拒绝原因'];

/** An outcome as the log's export writes it (the console's own words for the list: src/i18n). */
const OUTCOME_WORDS: Record<OperationOutcome, string> = { success: '成功', failure: '失败', cancelled: '已取消' };

/** operation log: a tracked click is stored for the caller's tenant; listed newest first. */
export function operationLogRoutes(db: Db, exports: ExportJobs) {
  const app = new Hono<AppEnv>();

  /**
   * The log under its filters as a server job, beyond what the browser writes at once: walked newest first by
   * (time, id) with no OFFSET, times in the tenant's zone. With `jobId`, the caller's job's progress and link; with
   * `cancel`, a request to stop it.
   */
  mount(app, logApi.operationsExportJob, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    if (body.jobId !== undefined) return ok(await (body.cancel ? exports.cancel(s, body.jobId) : exports.status(s, body.jobId)));
    const filter = await q.logFilter(db, s, body);
    const n = await q.operationCount(db, filter);
    const zone = await tenantZone(db, s.tenantId);
    const next = async (after: { at: string; id: number } | null, limit: number) => {
      const rows = await q.operationSlice(db, filter, zone, after, limit);
      const last = rows.at(-1);
      return {
        rows: rows.map((r) => [
          r.shown,
          r.userName,
          r.nickname,
          r.op,
          r.page,
          r.code,
          r.outcome ? OUTCOME_WORDS[r.outcome] : '',
          r.refusal,
        ]),
        cursor: last && rows.length === limit ? { at: last.at, id: last.id } : null,
      };
    };
    const name = `操作日志-${todayIn(zone)}.xlsx`;
    return ok(await exports.start(s, 'operation-log', name, n, { columns: EXPORT_COLUMNS, next }));
  });

  mount(app, logApi.recordOperation, async (c) => {
    const body = c.var.body;
    const values = q.OPERATION_FIELDS.map(([key]) => body[key]);
    const s = c.get('session');
    // SPEC's answer, and the row's id by which the console tells what the click led to
    return ok(await q.insertOperation(db, s.tenantId, s.userId, values));
  });

  /**
   * What the caller's own click led to, in one statement (two tabs, two answers: the first that may wins). A success
   * or a cancel is final; a failure may still be followed by a success (the user corrected the form), and a cancel
   * after a failure keeps the failure. Another user's row, or another tenant's, is not found.
   */
  mount(app, logApi.recordOutcome, async (c) => {
    const { id, outcome, refusal } = c.var.body;
    const s = c.get('session');
    await q.recordOutcome(db, s.tenantId, s.userId, { id, outcome, refusal });
    return ok();
  });

  mount(app, logApi.operations, async (c) => {
    const body = c.var.body;
    // export: the whole filtered list for the .xlsx (at most 10,000 rows, newest first), else a page
    const exporting = body.export;
    const pageNum = exporting ? 1 : body.pageNum;
    const pageSize = exporting ? 10_000 : body.pageSize;
    const s = c.get('session');
    const filter = await q.logFilter(db, s, body);
    // The next page after one the caller read: from where it ended, by the (time, id) index, with no OFFSET.
    // A log cursor's key is an instant.
    const after = exporting ? undefined : readPageCursor(body.after, ({ k }) => k !== null && !Number.isNaN(Date.parse(k)));
    const { counted, ids: found, dense } = await q.countOperations(db, filter);
    // Counted none: there is no page to read.
    const rows =
      found?.length === 0
        ? []
        : await q.operationPage(db, filter, { found, dense, after: after ? { at: after.k!, id: after.id } : null, pageNum, pageSize });
    const last = rows.at(-1);
    return c.json({
      result: 'ok',
      values: rows,
      ...counted,
      ...(exporting ? { truncated: counted.count > rows.length } : {}),
      ...(!exporting && last && rows.length === pageSize ? { next: pageCursor(last.createdAt, Number(last.id)) } : {}),
    });
  });

  return app;
}
