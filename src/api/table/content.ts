import * as v from 'valibot';
import { answers, defineCall, id, instant } from './define.ts';
import { dashboardQuery, mallQuery } from '../schema/business/statistics.ts';
import { pageAdd, pageId, pageQuery, pageUpdate } from '../schema/business/page.ts';
import {
  campaignApprove,
  campaignAuditList,
  campaignDetail,
  campaignId,
  campaignList,
  campaignReject,
  campaignStepSave,
  campaignSubmit,
} from '../schema/business/campaign.ts';
import { noBody } from '../schema/session/session.ts';
import { pageStateProblem, type PageRect, type PageState } from '../rules/page-rules.ts';
import {
  CAMPAIGN_PAGES,
  CAMPAIGN_STEPS,
  CAMPAIGN_TYPES,
  STATUS_NAMES,
  type Campaign,
  type CampaignStatus,
} from '../rules/campaign-rules.ts';

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
    owner: { pages: ['data-statistics/dashboard'] },
    input: dashboardQuery,
    answer: answers.values(dashboardFigures),
  }),
  /** days yyyy-MM-dd in the tenant's zone, at most 366; refusals name from or to */
  mall: defineCall({
    path: '/v1/dataStatistics/mallStatistics',
    owner: { pages: ['data-statistics/mall-statistics'] },
    input: mallQuery,
    answer: answers.values(mallStatistics),
  }),
};

/** A page of the builder: its name, version and state (which holds by the builder's own rule). */
export type PageRow = PageState & { id: number; name: string; status: 0 | 1; version: number; createdAt: string; updatedAt: string };
const pageRow = v.pipe(
  v.object({
    id: id(),
    name: v.string(),
    status: v.picklist([0, 1]),
    version: v.number(),
    createdAt: instant(),
    updatedAt: instant(),
    pageData: v.unknown(),
    rects: v.array(v.unknown()),
    pops: v.array(v.unknown()),
  }),
  v.check(
    (p) => pageStateProblem(p) === null,
    (issue) => `页面状态不成立：${pageStateProblem(issue.input) ?? ''}`,
  ),
) as unknown as v.GenericSchema<PageRow>;

/** A component the builder offers. */
export const paletteItem = v.object({
  id: id(),
  code: v.string(),
  name: v.string(),
  /** its name in English ('' for none: the name is shown) (ours) */
  nameEn: v.optional(v.string()),
  category: v.string(),
  defaultRect: v.record(v.string(), v.unknown()) as v.GenericSchema<Partial<PageRect>>,
});
export type PaletteItem = v.InferOutput<typeof paletteItem>;

const builder = { pages: ['template/custom-page'] };
const versioned = answers.saved({ version: v.number() });

/** 模板管理 › 自定义页面 (SPEC 7 Pages). */
export const pageApi = {
  /** one page by id (values holds it, or nothing), else a page of the list */
  query: defineCall({ path: '/v1/pageInfo/queryPageInfo', owner: builder, input: pageQuery, answer: answers.page(v.nullable(pageRow)) }),
  insert: defineCall({ path: '/v1/pageInfo/insertPageInfo', owner: builder, input: pageAdd, answer: versioned }),
  /** with the version it was edited on; a stale one is refused with the current version */
  update: defineCall({ path: '/v1/pageInfo/updatePageInfo', owner: builder, input: pageUpdate, answer: versioned }),
  remove: defineCall({ path: '/v1/pageInfo/deletePageInfo', owner: builder, input: pageId, answer: answers.done() }),
  palette: defineCall({
    path: '/v1/componentMiniprogramInfo/queryList',
    owner: builder,
    input: noBody,
    answer: answers.values(v.array(paletteItem)),
  }),
};

const steps = CAMPAIGN_STEPS.map(([step]) => step);
/** A campaign with its steps as saved (each step's data holds by the wizard's rules when it is written). */
export const campaignRow = v.object({
  id: id(),
  type: v.picklist(Object.keys(CAMPAIGN_TYPES) as Array<keyof typeof CAMPAIGN_TYPES>),
  name: v.string(),
  status: v.picklist(Object.keys(STATUS_NAMES) as CampaignStatus[]),
  steps: v.record(v.picklist(steps), v.record(v.string(), v.unknown())),
  currentStep: v.picklist(steps),
  startAt: v.nullable(instant()),
  endAt: v.nullable(instant()),
  version: v.number(),
  rejectReason: v.string(),
  missing: v.array(v.object({ step: v.picklist(steps), name: v.string(), problem: v.string() })),
}) as unknown as v.GenericSchema<Campaign>;

const writers = { pages: [...CAMPAIGN_PAGES] };
const readers = { pages: [...CAMPAIGN_PAGES, 'campaign-audit/list'] };
const audit = { pages: ['campaign-audit/list'] };

/** 内容管理's campaigns (the wizard) and 活动审核. */
export const campaignApi = {
  list: defineCall({ path: '/v1/campaign/list', owner: readers, input: campaignList, answer: answers.page(campaignRow) }),
  detail: defineCall({ path: '/v1/campaign/detail', owner: readers, input: campaignDetail, answer: answers.values(campaignRow) }),
  /** one step of the wizard; answers what the step still lacks */
  saveStep: defineCall({
    path: '/v1/campaign/saveStep',
    owner: writers,
    input: campaignStepSave,
    answer: answers.values(v.object({ id: id(), version: v.number(), problems: v.optional(v.record(v.string(), v.string())) })),
  }),
  submit: defineCall({ path: '/v1/campaign/submit', owner: writers, input: campaignSubmit, answer: versioned }),
  /** a campaign under review back to draft */
  withdraw: defineCall({
    path: '/v1/campaign/withdraw',
    owner: writers,
    input: campaignId,
    answer: answers.values(v.object({ version: v.number() })),
  }),
  remove: defineCall({ path: '/v1/campaign/del', owner: writers, input: campaignId, answer: answers.done() }),
  auditList: defineCall({
    path: '/v1/campaignAudit/list',
    owner: audit,
    input: campaignAuditList,
    answer: answers.values(v.array(campaignRow)),
  }),
  approve: defineCall({ path: '/v1/campaignAudit/approve', owner: audit, input: campaignApprove, answer: answers.done() }),
  /** refusals name the reason field */
  reject: defineCall({ path: '/v1/campaignAudit/reject', owner: audit, input: campaignReject, answer: answers.done() }),
};
