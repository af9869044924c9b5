import type { ApiClient } from '../../client.ts';
import type { Answer } from '../../contract.ts';
import type { Campaign, CampaignType, StepSave } from '../../rules/campaign-rules.ts';

export type { Campaign };

/** Campaigns and their audit (docs/api.md "Campaigns"). */
export const campaignCalls = (api: ApiClient) => ({
  list: async (q: { type?: CampaignType; keyword?: string; pageNum: number; pageSize: number }) => {
    const a = await api.call<Answer<Campaign[]> & { count?: number }>('/v1/campaign/list', q);
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  auditList: async () => (await api.call<Answer<Campaign[]>>('/v1/campaignAudit/list', {})).values ?? [],
  approve: (id: number) => api.call('/v1/campaignAudit/approve', { id }),
  /** a campaign under review back to draft */
  withdraw: (id: number) => api.call('/v1/campaign/withdraw', { id }),
  remove: (id: number) => api.call('/v1/campaign/del', { id }),
  reject: (id: number, reason: string) => api.call('/v1/campaignAudit/reject', { id, reason }, { fieldErrors: true }),
  detail: async (id: number) => (await api.call<Answer<Campaign>>('/v1/campaign/detail', { id })).values!,
  saveStep: async (body: StepSave) =>
    (
      await api.call<Answer<{ id: number; version: number }>>(
        '/v1/campaign/saveStep',
        body.id === null ? { type: body.type, step: body.step, data: body.data, currentStep: body.currentStep } : body,
        // the wizard says a refusal where the user is looking (its own message bar), not as a toast
        { fieldErrors: true },
      )
    ).values!,
  submit: async (id: number, version: number) =>
    (await api.call<Answer<{ version: number }>>('/v1/campaign/submit', { id, version }, { fieldErrors: true })).values!,
});
