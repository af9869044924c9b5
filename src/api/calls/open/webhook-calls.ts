import type { ApiClient } from '../../client.ts';
import type { Answer } from '../../contract.ts';

export interface Webhook {
  id: number;
  name: string;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  failed: number;
  pending: number;
  createdAt: string;
}

export interface Delivery {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string;
}

/** The open platform's subscription calls (docs/api.md "Webhooks"). */
export const webhookCalls = (api: ApiClient) => ({
  list: async () =>
    (await api.call<Answer<{ webhooks: Webhook[]; events: string[] }>>('/v1/openApi/webhook/list')).values ?? { webhooks: [], events: [] },
  save: (w: { id?: number; name: string; url: string; events: string[]; secret: string; enabled: boolean }) =>
    api.call('/v1/openApi/webhook/save', w, { fieldErrors: true }),
  remove: (id: number) => api.call('/v1/openApi/webhook/delete', { id }),
  test: async (id: number) =>
    (await api.call<Answer<{ status: string; lastStatus: number | null; lastError: string }>>('/v1/openApi/webhook/test', { id })).values!,
  deliveries: async (id: number) => (await api.call<Answer<Delivery[]>>('/v1/openApi/webhook/deliveries', { id })).values ?? [],
});
