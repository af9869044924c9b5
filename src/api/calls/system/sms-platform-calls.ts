import type { ApiClient } from '../../client.ts';
import type { Answer, SmsPlatformInput } from '../../contract.ts';

export type { SmsPlatformInput };

/** A platform as answered: its secret only masked (******1234). */
export interface SmsPlatform {
  id: number;
  type: 'http';
  name: string;
  endpoint: string;
  accessKey: string;
  secret: string;
  hasSecret: boolean;
  signName: string;
  templates: Record<string, string>;
  active: boolean;
  updatedAt: string;
}

/** The SMS platform calls at their exact paths, plus the test SMS docs/api.md adds. */
export const smsPlatformCalls = (api: ApiClient) => ({
  list: async () => (await api.call<Answer<SmsPlatform[]>>('/v1/smsPlatform/list')).values ?? [],
  detail: async (id: number) => (await api.call<Answer<SmsPlatform>>('/v1/smsPlatform/detail', { id })).values!,
  save: async (p: SmsPlatformInput) => (await api.call<Answer<{ id: number }>>('/v1/smsPlatform/save', p, { fieldErrors: true })).values!,
  remove: (id: number) => api.call('/v1/smsPlatform/delete', { id }),
  test: (id: number, phone: string) => api.call('/v1/smsPlatform/test', { id, phone }, { fieldErrors: true }),
});
