import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { grants } from '../../access/relations.ts';
import { departmentScope, heldMenuIds } from '../../access/permissions.ts';
import type { DashboardFigures, MallStatistics } from '@/api/table/statistics.ts';
import { statisticsApi } from '@/api/table/statistics.ts';
import { wordsFor } from '../../infra/http/language.ts';
import { mount } from '../../infra/http/mount.ts';
import { tenantZone } from '../../services/tenant-time.ts';
import * as q from './queries.ts';

/**
 * The landing page (工作台) and the statistics page (数据中心 › 商城统计). Every figure is read from the
 * database for the caller's tenant; each names the page it links to, which the client shows only when the user
 * holds that page.
 */
export function statisticsRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  /** The paths of the pages the caller holds, by component. */
  const pagesOf = async (s: SessionInfo) => {
    const ids = await heldMenuIds(db, s);
    return q.pagesAmong(db, s.tenantId, ids);
  };

  mount(app, statisticsApi.dashboard, async (c) => {
    const s = c.get('session');
    const zone = await tenantZone(db, s.tenantId);
    const pages = await pagesOf(s);
    const pathOf = (component: string) => pages.find((p) => p.component === component)?.path ?? null;
    // The tenant's sign-ins are for those who may see the online users (userType 0 and 2, SPEC 2); staff see their own
    // operations only (issue 45: staff's 工作台 showed the tenant's online users and failed sign-ins).
    const tenantWide = s.userType !== 1;
    const figures = await q.todayFigures(db, s.tenantId, zone, tenantWide, s.userId);
    // Record counts of the tables whose pages the caller holds, under their menu area.
    const areas = await q.tableAreas(db, s.tenantId, await heldMenuIds(db, s));
    // Recent operations. Others' work only for who holds the operation log
    // (the whole tenant's for userType 0, else that of the caller's departments); everyone else sees their own.
    const seesOthers = pathOf('manage/logs') !== null;
    const scope = seesOthers ? departmentScope(s) : null;
    // Operations with their outcomes, as 今日操作 counts them (not every click).
    const recent = await q.recentOperations(db, s.tenantId, scope, seesOthers ? null : s.userId);
    // The caller's most used pages of the last 30 days (their tracked clicks and writes), else their first pages.
    const used = await q.mostUsedPages(db, s.tenantId, s.userId);
    const quick = [
      ...used.flatMap((u) => pages.filter((p) => p.name === u.name && p.component !== 'data-statistics/dashboard').slice(0, 1)),
      ...pages.filter((p) => p.component !== 'data-statistics/dashboard' && !p.path.includes(':')),
    ]
      .filter((p, i, all) => all.findIndex((q) => q.path === p.path) === i)
      .slice(0, 6)
      .map((p) => ({ name: p.name, path: p.path }));
    // Failed task runs of the last 7 days, for those who may see the tasks page (the platform's operator).
    const tasksPath = pathOf('manage/tasks');
    const failedTasks = tasksPath && (await grants(db, s, { pages: ['manage/tasks'] })) ? await q.failedTaskRuns(db) : null;
    // Campaigns waiting for review, for those who may review them (not the ones they submitted themselves).
    const auditPath = pathOf('campaign-audit/list');
    const pending = auditPath ? await q.pendingReviews(db, s.tenantId, s.userId) : undefined;
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

    const member = await q.fieldIds(db, s.tenantId, 'member', ['joined_at', 'store']);
    const writeOff = await q.fieldIds(db, s.tenantId, 'write_off', ['written_at', 'store', 'coupon', 'amount']);
    const store = await q.fieldIds(db, s.tenantId, 'store', ['name', 'code']);
    const coupon = await q.fieldIds(db, s.tenantId, 'coupon', ['name']);
    if (!member || !writeOff || !store || !coupon) {
      throw new ApiError('统计需要标准数据字典中的会员、核销记录、门店和优惠券表（及其字段）；请在数据字典中恢复它们');
    }
    // Days in the tenant's zone. Past days' sign-ins and operations come from the nightly rollup (daily_stat);
    // today's, which the rollup has not seen yet, are counted live.
    const range = { from, to, zone };
    const trend = await q.dailyTrend(db, s.tenantId, range, member, writeOff);
    const byStore = await q.writeOffsByStore(db, range, writeOff, store);
    const topCoupons = await q.topCoupons(db, range, writeOff, coupon);
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
