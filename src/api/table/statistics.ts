import * as v from 'valibot';
import { answers, defineCall, instant, byPage } from './define.ts';
import { dashboardQuery, mallQuery } from '../schema/business/statistics.ts';

const count = v.number();
const nullableCount = v.nullable(v.number());

/** The landing page's figures for the caller: what it may see of today, its areas and what waits for it. */
export const dashboardFigures = v.object({
  timeZone: v.string(),
  online: nullableCount,
  loginsToday: nullableCount,
  failedLoginsToday: nullableCount,
  operationsToday: count,
  links: v.object({ logs: v.nullable(v.string()), tasks: v.nullable(v.string()), statistics: v.nullable(v.string()) }),
  /** record counts of the business tables whose pages the caller holds, under their menu area (a large one estimated) */
  areas: v.array(
    v.object({
      label: v.string(),
      labelEn: v.string(),
      component: v.string(),
      area: v.string(),
      count,
      countEstimated: v.optional(v.literal(true)),
      path: v.nullable(v.string()),
    }),
  ),
  /** the latest operations with what they led to (成功 or 失败, with the refusal) */
  recent: v.array(
    v.object({
      at: instant(),
      user: v.string(),
      name: v.string(),
      page: v.string(),
      outcome: v.picklist(['success', 'failure']),
      refusal: v.string(),
    }),
  ),
  quick: v.array(v.object({ name: v.string(), path: v.string() })),
  /** failed task runs of the last 7 days; null when the caller may not see the tasks page */
  failedTasks: v.nullable(v.array(v.object({ task: v.string(), at: instant(), message: v.string() }))),
  /** campaigns waiting for review, and where to review them; null when the caller holds no audit page */
  pendingAudits: v.nullable(v.object({ count, names: v.array(v.string()), path: v.string() })),
});
export type DashboardFigures = v.InferOutput<typeof dashboardFigures>;

/** 数据中心 › 商城统计 over a range of days (yyyy-MM-dd, in the tenant's zone). */
export const mallStatistics = v.object({
  timeZone: v.string(),
  from: v.string(),
  to: v.string(),
  trend: v.array(v.object({ day: v.string(), logins: count, operations: count, membersJoined: count, writeOffs: count })),
  byStore: v.array(v.object({ store: v.string(), writeOffs: count, amount: v.number() })),
  topCoupons: v.array(v.object({ coupon: v.string(), writeOffs: count })),
  totals: v.object({ logins: count, operations: count, membersJoined: count, writeOffs: count }),
});
export type MallStatistics = v.InferOutput<typeof mallStatistics>;

/** 数据中心: the landing page and the mall statistics. */
export const statisticsApi = {
  dashboard: defineCall({
    path: '/v1/dataStatistics/dashboard',
    owner: byPage('data-statistics/dashboard'),
    input: dashboardQuery,
    answer: answers.values(dashboardFigures),
  }),
  /** days yyyy-MM-dd in the tenant's zone, at most 366; refusals name from or to */
  mall: defineCall({
    path: '/v1/dataStatistics/mallStatistics',
    owner: byPage('data-statistics/mall-statistics'),
    input: mallQuery,
    answer: answers.values(mallStatistics),
  }),
};
