import * as v from 'valibot';
import { answers, defineCall, id, instant, byPage } from './define.ts';
import {
  TENANT_FIELDS,
  paramsQuery,
  paramsUpdate,
  tenantList,
  tenantPagesQuery,
  tenantPagesSave,
  tenantSave,
} from '../schema/system/tenant.ts';
import { declaredRow } from '../schema/resource.ts';
import {
  interfaceList,
  menuDelete,
  menuEntrySave,
  menuList,
  menuMove,
  menuTree,
  relationDelete,
  relationQuery,
  relationSave,
} from '../schema/system/menu.ts';
import { interfaceId, interfaceSave } from '../schema/system/interface.ts';
import { SETTINGS_KEYS } from '../contract/settings.ts';

/** A tenant as the platform's list shows it. */
export const tenantRow = declaredRow(TENANT_FIELDS, {
  expiresAt: v.nullable(instant()),
  createdAt: instant(),
  /** the platform operator's own tenant (cannot be disabled) */
  platform: v.boolean(),
});
export type TenantRow = v.InferOutput<typeof tenantRow>;

/** The menu editor's entry (/vue/menu/list rows). `icon` is SPEC's JSON string. */
export const menuEntry = v.object({
  id: id(),
  parentId: v.nullable(id()),
  name: v.string(),
  /** shown when the console is in English; '' shows the name */
  nameEn: v.string(),
  path: v.string(),
  icon: v.string(),
  /** 1: page or directory, 2: button */
  uriType: v.picklist([1, 2]),
  needButtonPermission: v.boolean(),
  component: v.string(),
  code: v.string(),
  sort: v.number(),
  /** set for a tenant's own entry; null: shared */
  tenantId: v.nullable(id()),
  wrapper: v.boolean(),
});
export type MenuEntry = v.InferOutput<typeof menuEntry>;

/** A node of the whole menu catalogue (/v1/menu/tree): every entry, shared or a tenant's own, with what hangs on it. */
export type CatalogueNode = MenuEntry & {
  /** roles (of any tenant) granted this entry */
  roleCount: number;
  /** interfaces this page or button may call */
  interfaceCount: number;
  children: CatalogueNode[];
};
const catalogueNode: v.GenericSchema<CatalogueNode> = v.object({
  ...menuEntry.entries,
  roleCount: v.number(),
  interfaceCount: v.number(),
  children: v.array(v.lazy(() => catalogueNode)),
});

/** An interface (a call) and the menu entries related to it. */
export const interfaceRow = v.object({
  id: id(),
  method: v.string(),
  path: v.string(),
  name: v.string(),
  /** the name, else (a server call nobody named) what it is: the owning page and what it does there */
  label: v.optional(v.string()),
  source: v.picklist(['server', 'external']),
  /** anonymous and shell calls need no relation; 'relation' calls need one; 'platform' ones also the platform tenant */
  access: v.picklist(['anonymous', 'shell', 'relation', 'platform']),
  menuIds: v.array(id()),
});
export type InterfaceRow = v.InferOutput<typeof interfaceRow>;

/** A tenant's settings by type, their params parsed. */
export const tenantSettings = v.object({
  tenantId: id(),
  settings: v.array(v.object({ type: v.picklist(SETTINGS_KEYS), params: v.record(v.string(), v.unknown()) })),
});
export type TenantSettings = v.InferOutput<typeof tenantSettings>;

const platform = (...pages: string[]) => ({ pages, platform: true as const });
const saved = answers.saved();
const changed = answers.values(v.object({ added: v.array(id()), removed: v.array(id()) }));

/** 平台管理: tenants, the pages each may have, and their parameters (SPEC 7 Tenant). */
export const tenantApi = {
  list: defineCall({
    path: '/v1/tenant/list',
    owner: platform('tenant-manage/tenant-list', 'manage/tenant-pages'),
    input: tenantList,
    answer: answers.page(tenantRow),
  }),
  /** a new tenant answers its first admin's account and initial password, shown once */
  save: defineCall({
    path: '/v1/tenant/save',
    owner: platform('tenant-manage/tenant-list'),
    input: tenantSave,
    answer: answers.values(v.object({ id: id(), adminUserName: v.optional(v.string()), initialPassword: v.optional(v.string()) })),
  }),
  /** the menu ids a tenant may have */
  pages: defineCall({
    path: '/v1/tenantPagesRelation/selRelationList',
    owner: platform('manage/tenant-pages', 'tenant-manage/tenant-list'),
    input: tenantPagesQuery,
    answer: answers.rows(id()),
  }),
  setPages: defineCall({
    path: '/v1/tenantPagesRelation/addRelation',
    owner: platform('manage/tenant-pages', 'tenant-manage/tenant-list'),
    input: tenantPagesSave,
    answer: changed,
  }),
  /** a tenant's parameters (the caller's own, or any tenant's for the platform) */
  settings: defineCall({
    path: '/v1/tenantOverallParams/query',
    owner: byPage('manage/parameters', 'tenant-manage/tenant-list'),
    input: paramsQuery,
    answer: answers.values(tenantSettings),
  }),
  saveSettings: defineCall({
    path: '/v1/tenantOverallParams/update',
    owner: byPage('manage/parameters', 'tenant-manage/tenant-list'),
    input: paramsUpdate,
    answer: answers.done(),
  }),
};

/** 平台管理: the shared menu, the interfaces and their relations (SPEC 7 Menu and interface). */
export const menuApi = {
  catalogue: defineCall({
    path: '/v1/menu/tree',
    owner: platform('manage/menu-list', 'manage/interface-list', 'manage/tenant-pages', 'tenant-manage/tenant-list'),
    input: menuTree,
    answer: answers.rows(catalogueNode),
  }),
  list: defineCall({
    path: '/vue/menu/list',
    owner: platform('manage/menu-list', 'manage/interface-list'),
    input: menuList,
    answer: answers.rows(menuEntry),
  }),
  save: defineCall({ path: '/vue/perm/save', owner: platform('manage/menu-list'), input: menuEntrySave, answer: saved }),
  move: defineCall({
    path: '/vue/menu/move',
    owner: platform('manage/menu-list'),
    input: menuMove,
    answer: answers.values(v.object({ id: id(), parentId: v.nullable(id()), index: v.number() })),
  }),
  /** an entry with children or grants is refused unless `confirm` says the user was told what goes with it */
  remove: defineCall({
    path: '/vue/menu/del',
    owner: platform('manage/menu-list'),
    input: menuDelete,
    answer: answers.values(v.object({ deleted: v.array(id()) })),
  }),
  interfaces: defineCall({
    path: '/vue/interface/list',
    owner: platform('manage/interface-list', 'manage/menu-list'),
    input: interfaceList,
    answer: answers.page(interfaceRow),
  }),
  saveInterface: defineCall({ path: '/vue/interface/save', owner: platform('manage/interface-list'), input: interfaceSave, answer: saved }),
  removeInterface: defineCall({
    path: '/vue/interface/del',
    owner: platform('manage/interface-list'),
    input: interfaceId,
    answer: answers.done(),
  }),
  /** the interfaces of a menu entry (menuId), or the entries of an interface (interfaceId) */
  relations: defineCall({
    path: '/permission/getPageFuncRelation',
    owner: platform('manage/interface-list', 'manage/menu-list'),
    input: relationQuery,
    answer: answers.rows(id()),
  }),
  setRelations: defineCall({
    path: '/permission/setPageFuncRelation',
    owner: platform('manage/interface-list', 'manage/menu-list'),
    input: relationSave,
    answer: answers.values(
      v.union([v.object({ menuId: id(), interfaceIds: v.array(id()) }), v.object({ interfaceId: id(), menuIds: v.array(id()) })]),
    ),
  }),
  removeRelation: defineCall({
    path: '/v1/permission/delPageFuncRelation',
    owner: platform('manage/interface-list', 'manage/menu-list'),
    input: relationDelete,
    answer: answers.done(),
  }),
};
