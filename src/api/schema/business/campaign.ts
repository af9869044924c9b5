import * as v from 'valibot';
import { CAMPAIGN_STEPS, CAMPAIGN_TYPES, type CampaignStep, type CampaignType } from '../../rules/campaign-rules.ts';
import { body, given, keyword, optionalRowId, page, rowId, text, wholeNumber } from '../kit.ts';
import { say } from '../messages.ts';

/** /v1/campaignAudit/list: submitted campaigns, all of them or those of one status. */
export const campaignAuditList = body({
  status: v.optional(v.picklist(['', 'pending', 'rejected', 'scheduled'], say('campaignStatus')), ''),
});

/** /v1/campaign/withdraw and /v1/campaign/del: one campaign of the caller's tenant. */
export const campaignId = body({ id: rowId('campaignId') });

/** /v1/campaignAudit/approve: one pending campaign. */
export const campaignApprove = body({ id: rowId('campaignId') });

/** /v1/campaignAudit/reject: one pending campaign, and why it goes back to its author. */
export const campaignReject = body({
  id: rowId('campaignId'),
  reason: text({ required: 'rejectReason', max: [200, 'rejectReasonMax'] }),
});

const campaignTypes = Object.keys(CAMPAIGN_TYPES) as [CampaignType, ...CampaignType[]];
const stepKeys = CAMPAIGN_STEPS.map(([s]) => s) as [CampaignStep, ...CampaignStep[]];

/** /v1/campaign/list: a page of the tenant's campaigns, by type and a word in the name. */
export const campaignList = body({
  ...page(),
  type: v.optional(v.picklist([...campaignTypes, ''], say('campaignType')), ''),
  keyword: keyword(50),
});

/** /v1/campaign/detail: one campaign. */
export const campaignDetail = body({ id: rowId('campaignId') });

/**
 * /v1/campaign/saveStep: `{ type, step, data }` starts a draft; `{ id, version, step, data }` saves a step of one.
 * The step's data is checked by the wizard's own rules (stepProblems), which the answer carries back.
 */
export const campaignStepSave = body({
  id: optionalRowId('campaignId'),
  type: v.optional(v.picklist(campaignTypes, say('campaignType'))),
  version: v.optional(wholeNumber(0, 2 ** 31 - 1, say('recordVersion'))),
  step: given(v.picklist(stepKeys, say('campaignStep')), '' as never),
  data: given(
    v.pipe(
      v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), say('campaignData')),
      v.check((x) => JSON.stringify(x).length <= 64 * 1024, say('campaignDataMax')),
    ),
    '' as never,
  ),
  currentStep: v.optional(v.picklist(stepKeys, say('campaignStep'))),
});

/** /v1/campaign/submit: a draft sent for review, with the version it was last saved as (0: whatever it is). */
export const campaignSubmit = body({ id: rowId('campaignId'), version: v.optional(wholeNumber(0, 2 ** 31 - 1, say('recordVersion')), 0) });
