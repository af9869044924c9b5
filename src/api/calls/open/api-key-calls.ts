import type { ApiClient } from '../../client.ts';
import type { Answer } from '../../contract.ts';

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: number[];
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  calls24h: number;
}

export interface ApiKeyScope {
  id: number;
  method: string;
  path: string;
  name: string;
}

export interface ApiKeyCall {
  id: string;
  method: string;
  path: string;
  outcome: string;
  ip: string;
  createdAt: string;
}

/** The open platform's API key calls (docs/api.md "API keys"). */
export const apiKeyCalls = (api: ApiClient) => ({
  scopes: async () => (await api.call<Answer<ApiKeyScope[]>>('/v1/openApi/key/scopes')).values ?? [],
  list: async () => (await api.call<Answer<ApiKeyRow[]>>('/v1/openApi/key/list')).values ?? [],
  create: async (k: { name: string; scopes: number[]; expiresAt: string | null }) =>
    (await api.call<Answer<{ id: number; prefix: string; key: string }>>('/v1/openApi/key/save', k, { fieldErrors: true })).values!,
  revoke: (id: number) => api.call('/v1/openApi/key/revoke', { id }),
  logs: async (id: number) => (await api.call<Answer<ApiKeyCall[]>>('/v1/openApi/key/logs', { id })).values ?? [],
});
