import type { ApiClient } from '../../client.ts';
import type { Answer, InterfaceRow, MenuEntry, MenuEntryInput, SettingsKey, TenantInput, TenantRow } from '../../contract.ts';

/** A node of the whole menu catalogue (/v1/menu/tree): every entry, shared or a tenant's own, with what hangs on it. */
export interface CatalogueNode extends MenuEntry {
  /** roles (of any tenant) granted this entry */
  roleCount: number;
  /** interfaces this page or button may call */
  interfaceCount: number;
  children: CatalogueNode[];
}

export interface TenantListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  status?: 0 | 1;
}

export interface InterfaceListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  source?: 'server' | 'external';
  menuId?: number;
}

export interface TenantSettings {
  tenantId: number;
  settings: Array<{ type: SettingsKey; params: Record<string, unknown> }>;
}

/** The platform calls (Tenant; Menu and interface) at their exact paths, plus the ones docs/api.md adds. */
export const platformCalls = (api: ApiClient) => ({
  tenants: async (q: TenantListQuery) => {
    const a = await api.call<Answer<TenantRow[]> & { count?: number }>('/v1/tenant/list', q);
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  saveTenant: async (t: TenantInput) =>
    (await api.call<Answer<{ id: number; adminUserName?: string; initialPassword?: string }>>('/v1/tenant/save', t, { fieldErrors: true }))
      .values!,
  tenantPages: async (tenantId: number) =>
    (await api.call<Answer<number[]>>('/v1/tenantPagesRelation/selRelationList', { tenantId })).values ?? [],
  setTenantPages: async (tenantId: number, menuIds: number[]) =>
    (await api.call<Answer<{ added: number[]; removed: number[] }>>('/v1/tenantPagesRelation/addRelation', { tenantId, menuIds })).values!,
  settings: async (tenantId?: number) =>
    (await api.call<Answer<TenantSettings>>('/v1/tenantOverallParams/query', tenantId === undefined ? {} : { tenantId })).values!,
  saveSettings: (type: SettingsKey, params: Record<string, unknown>, tenantId?: number) =>
    api.call('/v1/tenantOverallParams/update', { type, params, ...(tenantId === undefined ? {} : { tenantId }) }, { fieldErrors: true }),

  catalogue: async () => (await api.call<Answer<CatalogueNode[]>>('/v1/menu/tree')).values ?? [],
  menuList: async (q: { keyword?: string; uriType?: 1 | 2 } = {}) =>
    (await api.call<Answer<MenuEntry[]>>('/vue/menu/list', q)).values ?? [],
  saveEntry: async (e: MenuEntryInput) => (await api.call<Answer<{ id: number }>>('/vue/perm/save', e, { fieldErrors: true })).values!,
  moveEntry: (id: number, parentId: number | null, index: number) => api.call('/vue/menu/move', { id, parentId, index }),
  /** the editor has told the user what goes with it (children, grants) and they confirmed: without it, such an entry is refused */
  deleteEntry: async (id: number) => (await api.call<Answer<{ deleted: number[] }>>('/vue/menu/del', { id, confirm: true })).values!,

  interfaces: async (q: InterfaceListQuery) => {
    const a = await api.call<Answer<InterfaceRow[]> & { count?: number }>('/vue/interface/list', q);
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  saveInterface: async (i: { id?: number; method: string; path: string; name: string }) =>
    (await api.call<Answer<{ id: number }>>('/vue/interface/save', i, { fieldErrors: true })).values!,
  deleteInterface: (id: number) => api.call('/vue/interface/del', { id }),
  relationsOfMenu: async (menuId: number) => (await api.call<Answer<number[]>>('/permission/getPageFuncRelation', { menuId })).values ?? [],
  relationsOfInterface: async (interfaceId: number) =>
    (await api.call<Answer<number[]>>('/permission/getPageFuncRelation', { interfaceId })).values ?? [],
  setMenuRelations: (menuId: number, interfaceIds: number[]) => api.call('/permission/setPageFuncRelation', { menuId, interfaceIds }),
  setInterfaceRelations: (interfaceId: number, menuIds: number[]) => api.call('/permission/setPageFuncRelation', { interfaceId, menuIds }),
  deleteRelation: (menuId: number, interfaceId: number) => api.call('/v1/permission/delPageFuncRelation', { menuId, interfaceId }),
});

export type PlatformCalls = ReturnType<typeof platformCalls>;
