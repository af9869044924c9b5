import * as v from 'valibot';
import { body, rowId, text } from './kit.ts';
import { say } from './messages.ts';

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
