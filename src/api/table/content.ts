import * as v from 'valibot';
import { answers, defineCall, id, instant, byPage } from './define.ts';
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

const builder = byPage('template/custom-page');
const versioned = answers.saved({ version: v.number() });

/** 模板管理 › 自定义页面 (SPEC 7 Pages). */
export const pageApi = {
  /** one page by id (values holds it, or nothing), else a page of the list */
  query: defineCall({ path: '/v1/pageInfo/queryPageInfo', owner: builder, input: pageQuery, answer: answers.page(v.nullable(pageRow)) }),
  insert: defineCall({ path: '/v1/pageInfo/insertPageInfo', owner: builder, input: pageAdd, answer: versioned }),
  /** with the version it was edited on; a stale one is refused with the current version */
  update: defineCall({ path: '/v1/pageInfo/updatePageInfo', owner: builder, input: pageUpdate, answer: versioned }),
  remove: defineCall({ path: '/v1/pageInfo/deletePageInfo', owner: builder, input: pageId, answer: answers.done() }),
  palette: defineCall({ path: '/v1/componentMiniprogramInfo/queryList', owner: builder, input: noBody, answer: answers.rows(paletteItem) }),
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

const writers = byPage(...CAMPAIGN_PAGES);
const readers = byPage(...CAMPAIGN_PAGES, 'campaign-audit/list');
const audit = byPage('campaign-audit/list');

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
  auditList: defineCall({ path: '/v1/campaignAudit/list', owner: audit, input: campaignAuditList, answer: answers.rows(campaignRow) }),
  approve: defineCall({ path: '/v1/campaignAudit/approve', owner: audit, input: campaignApprove, answer: answers.done() }),
  /** refusals name the reason field */
  reject: defineCall({ path: '/v1/campaignAudit/reject', owner: audit, input: campaignReject, answer: answers.done() }),
};
