import type { ApiClient } from '../../client.ts';
import type { Answer } from '../../contract.ts';
import type { PageRect, PageState } from '../../rules/page-rules.ts';

export interface PageRow extends PageState {
  id: number;
  name: string;
  status: 0 | 1;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface PaletteItem {
  id: number;
  code: string;
  name: string;
  category: string;
  defaultRect: Partial<PageRect>;
}

/** "Pages" at their exact paths; the page query's values drop empty entries. */
export const pageCalls = (api: ApiClient) => ({
  list: async (q: { pageNum: number; pageSize: number; keyword?: string }) => {
    const a = await api.call<Answer<Array<PageRow | null>> & { count?: number }>('/v1/pageInfo/queryPageInfo', q);
    return { rows: (a.values ?? []).filter((p): p is PageRow => Boolean(p)), count: a.count ?? 0 };
  },
  get: async (id: number) => {
    const a = await api.call<Answer<Array<PageRow | null>>>('/v1/pageInfo/queryPageInfo', { id });
    const page = (a.values ?? []).filter((p): p is PageRow => Boolean(p))[0];
    if (!page) throw new Error('页面不存在或已被删除');
    return page;
  },
  insert: async (p: { name: string } & PageState) =>
    (await api.call<Answer<{ id: number; version: number }>>('/v1/pageInfo/insertPageInfo', p, { fieldErrors: true })).values!,
  update: async (p: { id: number; version: number; name: string } & PageState) =>
    (await api.call<Answer<{ id: number; version: number }>>('/v1/pageInfo/updatePageInfo', p, { fieldErrors: true })).values!,
  remove: (id: number) => api.call('/v1/pageInfo/deletePageInfo', { id }),
  palette: async () => (await api.call<Answer<PaletteItem[]>>('/v1/componentMiniprogramInfo/queryList', {})).values ?? [],
});
