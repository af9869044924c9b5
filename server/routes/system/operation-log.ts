import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import { PER_CALL, type Db } from '../../infra/db/db.ts';
import { ok } from '../../infra/http/http.ts';
import type { ExportJobs } from '../../services/export-jobs.ts';
import type { SessionInfo } from '../../access/auth.ts';
import { tenantZone, todayIn } from '../../services/tenant-time.ts';
import { departmentScope } from '../../access/permissions.ts';
import { countMatches, fewMatches, pageCursor, readPageCursor } from '../../infra/db/count.ts';
import { logApi } from '@/api/table/logs.ts';
import { mount } from '../../infra/http/mount.ts';
import type { OperationOutcome } from '@/api/schema/system/log.ts';
import { containsText } from '../../infra/db/like.ts';

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

/** The operation log's filters within the caller's department scope (userType 0: the whole tenant). */
async function logWhere(
  db: Db,
  s: SessionInfo,
  f: { user: string; page: string; outcome: string; from?: string | null; to?: string | null },
) {
  // The scope and the account filter are read as the ids of the users they leave (a row of a user outside the scope
  // is left out), which the log's (tenant, time, id) index carries: a page skips rows in the index alone, as the
  // whole tenant's does. None left: no row, and no scan to find that out.
  const scope = await departmentScope(db, s);
  const users =
    scope === null && !f.user
      ? null
      : (
          await db.query<{ id: number }>(
            `SELECT id FROM app_user WHERE tenant_id = $1 AND ($2::int[] IS NULL OR depart_ids && $2::int[])
                AND ($3 = '' OR strpos(lower(user_name || ' ' || nickname), lower($3)) > 0)`,
            [s.tenantId, scope, f.user],
          )
        ).map((u) => u.id);
  // The page filter is a contains on the row's page, menu and operation names, which the log's index of users,
  // trigrams and characters answers (migration 038; one or two characters have no trigram): a fragment no row has
  // was a scan of every row in the scope (6.6 s of ten million).
  const page = f.page.trim();
  const params: unknown[] = [s.tenantId, users, f.from ?? null, f.to ?? null, f.outcome];
  const where = `l.tenant_id = $1 AND ${users?.length === 0 ? 'false AND ' : ''}($2::int[] IS NULL OR l.user_id = ANY($2::int[]))
      AND ($3::timestamptz IS NULL OR l.created_at >= $3) AND ($4::timestamptz IS NULL OR l.created_at < $4)
      AND ($5 = '' OR l.outcome = $5)${page ? ` AND ${containsText(LOG_TEXT, page, (v) => `$${params.push(v)}`, 'lower')}` : ''}`;
  // Users and page text together are counted through their index (countMatches' byIndex).
  return { where, params, countByIndex: users !== null && page !== '' };
}

/** What the log's page filter searches: the text of its index (migration 038), lower-cased there. */
const LOG_TEXT = `(l.page_name || ' ' || l.menu_name || ' ' || l.operation_name)`;

/** The log's rows with their users (a row of a deleted user is not listed), before its WHERE. */
const FROM_LOG = 'FROM operation_log l JOIN app_user u ON u.id = l.user_id WHERE';

/** The condition of the rows after one in the log's order (newest first: by time, then id), its values pushed to `p`. */
const pastRow = (p: unknown[], at: string, id: number) => ` AND (l.created_at, l.id) < ($${p.push(at)}::timestamptz, $${p.push(id)})`;

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
    const { where, params } = await logWhere(db, s, body);
    const from = `${FROM_LOG} ${where}`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
    const zone = await tenantZone(db, s.tenantId);
    const next = async (after: { at: string; id: number } | null, limit: number) => {
      const p = [...params];
      const past = after ? pastRow(p, after.at, after.id) : '';
      const local = `$${p.push(zone)}`;
      const rows = await db.query<{
        id: number;
        at: string;
        shown: string;
        userName: string;
        nickname: string;
        op: string;
        page: string;
        code: string;
        outcome: OperationOutcome | null;
        refusal: string;
      }>(
        `SELECT l.id::int AS id, l.created_at::text AS at, to_char(l.created_at AT TIME ZONE ${local}, 'YYYY-MM-DD HH24:MI:SS') AS shown,
                u.user_name AS "userName", u.nickname, l.operation_name AS op,
                COALESCE(NULLIF(l.page_name, ''), l.menu_name) AS page, l.operation_code AS code,
                l.outcome, l.refusal
           ${from}${past} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit}`,
        p,
      );
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
    const values = FIELDS.map(([key]) => body[key]);
    const s = c.get('session');
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO operation_log (tenant_id, user_id, ${FIELDS.map((f) => f[1]).join(', ')})
       VALUES ($1, $2, ${FIELDS.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id::int AS id`,
      [s.tenantId, s.userId, ...values],
    );
    // SPEC's answer, and the row's id by which the console tells what the click led to
    return ok(row);
  });

  /**
   * What the caller's own click led to, in one statement (two tabs, two answers: the first that may wins). A success
   * or a cancel is final; a failure may still be followed by a success (the user corrected the form), and a cancel
   * after a failure keeps the failure. Another user's row, or another tenant's, is not found.
   */
  mount(app, logApi.recordOutcome, async (c) => {
    const { id, outcome, refusal } = c.var.body;
    const s = c.get('session');
    await db.query(
      `UPDATE operation_log SET outcome = $4, refusal = CASE WHEN $4 = 'failure' THEN $5 ELSE '' END
        WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND operation_type <> 'write'
          AND (outcome IS NULL OR (outcome = 'failure' AND $4 <> 'cancelled'))`,
      [id, s.tenantId, s.userId, outcome, refusal],
    );
    return ok();
  });

  mount(app, logApi.operations, async (c) => {
    const body = c.var.body;
    // export: the whole filtered list for the .xlsx (at most 10,000 rows, newest first), else a page
    const exporting = body.export;
    const pageNum = exporting ? 1 : body.pageNum;
    const pageSize = exporting ? 10_000 : body.pageSize;
    const s = c.get('session');
    const { where, params, countByIndex } = await logWhere(db, s, body);
    // The next page after one the caller read: from where it ended, by the (time, id) index, with no OFFSET.
    // A log cursor's key is an instant.
    const after = exporting ? undefined : readPageCursor(body.after, ({ k }) => k !== null && !Number.isNaN(Date.parse(k)));
    const p = [...params];
    const past = after ? pastRow(p, after.k!, after.id) : '';
    const counted = await countMatches(db, `${FROM_LOG} ${where}`, params, { byIndex: countByIndex });
    // Few matches (counted exactly, at most alwaysExactUpTo) are read first and then sorted: walking the time index
    // for them passes over nearly every row. Else the page's ids come from the (time, id) index, planned for this
    // call's filters (an unused filter folds away, so a page jumped to by number skips its rows in the index alone).
    const few = fewMatches(counted);
    const matches = few ? `(SELECT l.* ${FROM_LOG} ${where}${past} OFFSET 0) l` : `operation_log l`;
    // Counted none: there is no page to read.
    const none = few && counted.count === 0;
    const rows = none
      ? []
      : await db.query<{ id: number | string; createdAt: string }>(
          `SELECT l.id, u.user_name AS "userName", u.nickname, ${FIELDS.map(([k, col]) => `l.${col} AS "${k}"`).join(', ')},
              l.outcome, l.refusal, to_json(l.created_at) #>> '{}' AS "createdAt"
         ${FROM_LOG} l.tenant_id = $1 AND l.id = ANY(ARRAY(
           SELECT l.id FROM ${matches} JOIN app_user u ON u.id = l.user_id WHERE ${few ? 'true' : `${where}${past}`}
            ORDER BY l.created_at DESC, l.id DESC LIMIT ${pageSize} OFFSET ${after ? 0 : (pageNum - 1) * pageSize}))
        ORDER BY l.created_at DESC, l.id DESC`,
          p,
          PER_CALL,
        );
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
