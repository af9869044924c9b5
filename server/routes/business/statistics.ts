import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { grants } from '../../access/relations.ts';
import { offeredTo, permittedMenuIds } from '../../access/menu.ts';
import { isOnline } from '../../access/presence.ts';
import { departmentScope } from '../../access/permissions.ts';
import type { DashboardFigures, MallStatistics } from '@/api/table/content.ts';
import { statisticsApi } from '@/api/table/content.ts';
import { COUNTED_OPERATION } from '../../services/logs.ts';
import { wordsFor } from '../../infra/http/language.ts';
import { mount } from '../../infra/http/mount.ts';
import { tenantZone } from '../../services/tenant-time.ts';

/** A standard table's field id by table and field name (the statistics read the standard dictionary's tables). */
async function fieldIds(db: Db, tenantId: number, table: string, names: string[]) {
  const rows = await db.query<{ table_id: number; name: string; id: number }>(
    `SELECT t.id AS table_id, f.name, f.id FROM meta_table t JOIN meta_field f ON f.table_id = t.id WHERE t.tenant_id = $1 AND t.name = $2 AND f.name = ANY($3::text[])`,
    [tenantId, table, names],
  );
  if (rows.length !== names.length) return null;
  return { tableId: rows[0].table_id, ...Object.fromEntries(rows.map((r) => [r.name, String(r.id)])) } as { tableId: number } & Record<
    string,
    string
  >;
}

/**
 * The landing page (工作台) and the statistics page (数据中心 › 商城统计). Every figure is read from the
 * database for the caller's tenant; each names the page it links to, which the client shows only when the user
 * holds that page.
 */
export function statisticsRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  /** The paths of the pages the caller holds, by component. */
  const pagesOf = async (s: SessionInfo) => {
    const ids = await permittedMenuIds(db, s.userId, s.tenantId);
    const rows = await db.query<{ component: string; path: string; name: string }>(
      `SELECT component, path, name FROM menu m WHERE id = ANY($1::int[]) AND uri_type = 1 AND path <> '' AND ${offeredTo('m', '$2')} ORDER BY sort, id`,
      [ids, s.tenantId],
    );
    return rows;
  };

  mount(app, statisticsApi.dashboard, async (c) => {
    const s = c.get('session');
    const zone = await tenantZone(db, s.tenantId);
    const pages = await pagesOf(s);
    const pathOf = (component: string) => pages.find((p) => p.component === component)?.path ?? null;
    const today = `(now() AT TIME ZONE $2)::date`;
    // The tenant's midnight as an instant: the local date as a local time, read in the tenant's zone.
    const since = `(${today}::timestamp AT TIME ZONE $2)`;
    // The tenant's sign-ins are for those who may see the online users (userType 0 and 2, SPEC 2); staff see their own
    // operations only (issue 45: staff's 工作台 showed the tenant's online users and failed sign-ins).
    const tenantWide = s.userType !== 1;
    const [figures] = await db.query<{ online: number | null; logins: number | null; failures: number | null; operations: number }>(
      `SELECT CASE WHEN $3 THEN (SELECT count(DISTINCT us.user_id)::int FROM user_session us WHERE us.tenant_id = $1 AND ${isOnline('us')}) END AS online,
              CASE WHEN $3 THEN (SELECT count(*)::int FROM login_log l WHERE l.tenant_id = $1 AND l.success AND l.created_at >= ${since}) END AS logins,
              CASE WHEN $3 THEN (SELECT count(*)::int FROM login_log l WHERE l.tenant_id = $1 AND NOT l.success AND l.created_at >= ${since}) END AS failures,
              (SELECT count(*)::int FROM operation_log o WHERE o.tenant_id = $1 AND o.created_at >= ${since} AND ($3 OR o.user_id = $4)
                 AND ${COUNTED_OPERATION('o')}) AS operations`,
      [s.tenantId, zone, tenantWide, s.userId],
    );
    // Record counts of the tables whose pages the caller holds, under their menu area.
    const areas = await db.query<{ label: string; labelEn: string; component: string; area: string; count: number }>(
      `SELECT t.label, t.label_en AS "labelEn", t.component, COALESCE(p.name, '') AS area,
              (SELECT count(*)::int FROM meta_record r WHERE r.table_id = t.id) AS count
         FROM meta_table t
         JOIN menu m ON m.component = t.component AND m.uri_type = 1 AND m.id = ANY($2::int[])
         LEFT JOIN menu p ON p.id = m.parent_id
        WHERE t.tenant_id = $1 AND t.component <> ''
        ORDER BY p.sort, m.sort`,
      [s.tenantId, await permittedMenuIds(db, s.userId, s.tenantId)],
    );
    // Recent operations. Others' work only for who holds the operation log
    // (the whole tenant's for userType 0, else that of the caller's departments); everyone else sees their own.
    const seesOthers = pathOf('manage/logs') !== null;
    const scope = seesOthers ? await departmentScope(db, s) : null;
    // Operations with their outcomes, as 今日操作 counts them (not every click).
    const recent = await db.query<DashboardFigures['recent'][number]>(
      `SELECT to_json(o.created_at) #>> '{}' AS at, COALESCE(u.nickname, u.user_name, '') AS user, o.operation_name AS name, o.page_name AS page,
              o.outcome, o.refusal
         FROM operation_log o LEFT JOIN app_user u ON u.id = o.user_id
        WHERE o.tenant_id = $1 AND ($2::int[] IS NULL OR u.depart_ids && $2::int[]) AND ($3::int IS NULL OR o.user_id = $3)
          AND ${COUNTED_OPERATION('o')}
        ORDER BY o.id DESC LIMIT 8`,
      [s.tenantId, scope, seesOthers ? null : s.userId],
    );
    // The caller's most used pages of the last 30 days (their tracked clicks and writes), else their first pages.
    const used = await db.query<{ name: string; n: number }>(
      `SELECT o.page_name AS name, count(*)::int AS n FROM operation_log o
        WHERE o.tenant_id = $1 AND o.user_id = $2 AND o.page_name <> '' AND o.created_at > now() - interval '30 days'
        GROUP BY o.page_name ORDER BY n DESC LIMIT 20`,
      [s.tenantId, s.userId],
    );
    const quick = [
      ...used.flatMap((u) => pages.filter((p) => p.name === u.name && p.component !== 'data-statistics/dashboard').slice(0, 1)),
      ...pages.filter((p) => p.component !== 'data-statistics/dashboard' && !p.path.includes(':')),
    ]
      .filter((p, i, all) => all.findIndex((q) => q.path === p.path) === i)
      .slice(0, 6)
      .map((p) => ({ name: p.name, path: p.path }));
    // Failed task runs of the last 7 days, for those who may see the tasks page (the platform's operator).
    const tasksPath = pathOf('manage/tasks');
    const failedTasks =
      tasksPath && (await grants(db, s, { pages: ['manage/tasks'] }))
        ? await db.query<{ task: string; at: string; message: string }>(
            `SELECT t.name AS task, to_json(l.started_at) #>> '{}' AS at, l.message FROM sys_task_log l JOIN sys_task t ON t.id = l.task_id
              WHERE l.outcome IN ('failure', 'timeout') AND l.started_at > now() - interval '7 days' ORDER BY l.id DESC LIMIT 5`,
          )
        : null;
    // Campaigns waiting for review, for those who may review them (not the ones they submitted themselves).
    const auditPath = pathOf('campaign-audit/list');
    const [pending] = auditPath
      ? await db.query<{ count: number; names: string[] }>(
          `SELECT count(*)::int AS count, COALESCE((array_agg(name ORDER BY submitted_at))[1:3], '{}') AS names
             FROM campaign WHERE tenant_id = $1 AND status = 'pending' AND submitted_by <> $2`,
          [s.tenantId, s.userId],
        )
      : [];
    const words = wordsFor(c);
    const answer: DashboardFigures = {
      timeZone: zone,
      online: figures.online,
      loginsToday: figures.logins,
      failedLoginsToday: figures.failures,
      operationsToday: figures.operations,
      links: { logs: pathOf('manage/logs'), tasks: tasksPath, statistics: pathOf('data-statistics/mall-statistics') },
      areas: areas.map((a) => ({ ...a, path: pathOf(a.component) })),
      recent,
      quick,
      failedTasks: failedTasks && failedTasks.map((f) => ({ ...f, message: words(f.message) })),
      pendingAudits: auditPath && pending ? { count: pending.count, names: pending.names, path: auditPath } : null,
    };
    return ok(answer);
  });

  mount(app, statisticsApi.mall, async (c) => {
    const { from, to } = c.var.body;
    const s = c.get('session');
    const zone = await tenantZone(db, s.tenantId);
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) throw refuse('to', '结束日期不能早于开始日期');
    if (days > 365) throw refuse('to', '日期范围不能超过 366 天');

    const member = await fieldIds(db, s.tenantId, 'member', ['joined_at', 'store']);
    const writeOff = await fieldIds(db, s.tenantId, 'write_off', ['written_at', 'store', 'coupon', 'amount']);
    const store = await fieldIds(db, s.tenantId, 'store', ['name', 'code']);
    const coupon = await fieldIds(db, s.tenantId, 'coupon', ['name']);
    if (!member || !writeOff || !store || !coupon) {
      throw new ApiError('统计需要标准数据字典中的会员、核销记录、门店和优惠券表（及其字段）；请在数据字典中恢复它们');
    }
    // Days in the tenant's zone. Past days' sign-ins and operations come from the nightly rollup (daily_stat);
    // today's, which the rollup has not seen yet, are counted live.
    const trend = await db.query<MallStatistics['trend'][number]>(
      `WITH days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d),
            today AS (SELECT (now() AT TIME ZONE $4)::date AS day)
       SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
              CASE WHEN days.day >= today.day
                   THEN (SELECT count(*)::int FROM login_log l WHERE l.tenant_id = $1 AND l.success AND (l.created_at AT TIME ZONE $4)::date = days.day)
                   ELSE COALESCE((SELECT ds.logins FROM daily_stat ds WHERE ds.tenant_id = $1 AND ds.day = days.day), 0) END AS logins,
              CASE WHEN days.day >= today.day
                   THEN (SELECT count(*)::int FROM operation_log o WHERE o.tenant_id = $1 AND (o.created_at AT TIME ZONE $4)::date = days.day AND ${COUNTED_OPERATION('o')})
                   ELSE COALESCE((SELECT ds.operations FROM daily_stat ds WHERE ds.tenant_id = $1 AND ds.day = days.day), 0) END AS operations,
              (SELECT count(*)::int FROM meta_record r WHERE r.table_id = $5 AND r.data ->> '${member.joined_at}' = to_char(days.day, 'YYYY-MM-DD')) AS "membersJoined",
              (SELECT count(*)::int FROM meta_record r WHERE r.table_id = $6
                  AND r.data ->> '${writeOff.written_at}' >= to_char((days.day::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
                  AND r.data ->> '${writeOff.written_at}' < to_char(((days.day + 1)::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')) AS "writeOffs"
         FROM days, today ORDER BY days.day`,
      [s.tenantId, from, to, zone, member.tableId, writeOff.tableId],
    );
    const fromInstant = `(($2::date)::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC'`;
    const toInstant = `((($4::date) + 1)::timestamp AT TIME ZONE $3) AT TIME ZONE 'UTC'`;
    const inRange = `r.data ->> '${writeOff.written_at}' >= to_char(${fromInstant}, 'YYYY-MM-DD"T"HH24:MI:SS')
                 AND r.data ->> '${writeOff.written_at}' < to_char(${toInstant}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
    const byStore = await db.query<MallStatistics['byStore'][number]>(
      `SELECT COALESCE(st.data ->> '${store.name}', '#' || (r.data ->> '${writeOff.store}')) AS store,
              count(*)::int AS "writeOffs", COALESCE(sum((r.data ->> '${writeOff.amount}')::numeric), 0)::float8 AS amount
         FROM meta_record r LEFT JOIN meta_record st ON st.id = (r.data ->> '${writeOff.store}')::bigint AND st.table_id = $5
        WHERE r.table_id = $1 AND ${inRange}
        GROUP BY 1 ORDER BY "writeOffs" DESC, store LIMIT 10`,
      [writeOff.tableId, from, zone, to, store.tableId],
    );
    const topCoupons = await db.query<MallStatistics['topCoupons'][number]>(
      `SELECT COALESCE(cp.data ->> '${coupon.name}', '#' || (r.data ->> '${writeOff.coupon}')) AS coupon, count(*)::int AS "writeOffs"
         FROM meta_record r LEFT JOIN meta_record cp ON cp.id = (r.data ->> '${writeOff.coupon}')::bigint AND cp.table_id = $5
        WHERE r.table_id = $1 AND ${inRange}
        GROUP BY 1 ORDER BY "writeOffs" DESC, coupon LIMIT 10`,
      [writeOff.tableId, from, zone, to, coupon.tableId],
    );
    const answer: MallStatistics = {
      timeZone: zone,
      from,
      to,
      trend,
      byStore,
      topCoupons,
      totals: {
        logins: trend.reduce((n, d) => n + d.logins, 0),
        operations: trend.reduce((n, d) => n + d.operations, 0),
        membersJoined: trend.reduce((n, d) => n + d.membersJoined, 0),
        writeOffs: trend.reduce((n, d) => n + d.writeOffs, 0),
      },
    };
    return ok(answer);
  });

  return app;
}
