import * as v from 'valibot';
import { answers, defineCall, id, byPage, byButton } from './define.ts';
import {
  ROLE_FIELDS,
  roleId,
  roleListing,
  rolePermCopy,
  rolePermQuery,
  rolePermSave,
  roleSave,
  roleTreeOfTenant,
  roleUsers,
  userRoleSave,
  userRolesQuery,
} from '../schema/system/role.ts';
import { declaredRow } from '../schema/resource.ts';

/** A role of the tenant, with how many users hold it. */
export const roleRow = declaredRow(ROLE_FIELDS, {
  parentId: v.nullable(id()),
  userCount: v.number(),
});
export type RoleRow = v.InferOutput<typeof roleRow>;

export type RoleNode = RoleRow & {
  /** the caller may change it (a role below their own; userType 0: every role) */
  editable?: boolean;
  children: RoleNode[];
};
const roleNode: v.GenericSchema<RoleNode> = v.object({
  ...roleRow.entries,
  editable: v.optional(v.boolean()),
  children: v.array(v.lazy(() => roleNode)),
});

/** A menu entry or button in a role's permission tree (/v1/role/queryRolePemission). */
export interface PermissionNode {
  id: number;
  name: string;
  code?: string;
  button: boolean;
  /** the role holds it */
  checked: boolean;
  /** the caller holds it, so may give or take it */
  grantable: boolean;
  children: PermissionNode[];
}
const permissionNode: v.GenericSchema<PermissionNode> = v.object({
  id: id(),
  name: v.string(),
  code: v.optional(v.string()),
  button: v.boolean(),
  checked: v.boolean(),
  grantable: v.boolean(),
  children: v.array(v.lazy(() => permissionNode)),
});

/** A user holding a role (/v1/userRole/list). */
export const roleUser = v.object({ id: id(), userName: v.string(), nickname: v.string(), userType: v.number(), status: v.number() });
export type RoleUser = v.InferOutput<typeof roleUser>;

/** What a permission save changed: the menu ids given and taken. */
const permissionChange = v.object({ added: v.array(id()), removed: v.array(id()) });

/** The role and permission calls (系统管理 › 角色管理), at SPEC's paths, misspellings kept. */
export const roleApi = {
  list: defineCall({
    path: '/v1/role/list',
    owner: byPage('manage/roles', 'manage/users'),
    input: roleListing,
    answer: answers.rows(roleRow),
  }),
  /** the roles as a tree, each marked editable when the caller may change it */
  tree: defineCall({ path: '/v1/role/tree', owner: byPage('manage/roles'), input: roleListing, answer: answers.rows(roleNode) }),
  /** the roles of a tenant, which can only be the caller's own */
  treeOfTenant: defineCall({
    path: '/v1/role/treeByTenantId',
    owner: byPage('manage/roles'),
    input: roleTreeOfTenant,
    answer: answers.rows(roleNode),
  }),
  save: defineCall({ path: '/v1/role/save', owner: byButton('role:save'), input: roleSave, answer: answers.saved() }),
  remove: defineCall({ path: '/v1/role/del', owner: byButton('role:delete'), input: roleId, answer: answers.done() }),
  /** the menu ids a role holds */
  permissions: defineCall({ path: '/v1/rolePerm/list', owner: byPage('manage/roles'), input: rolePermQuery, answer: answers.rows(id()) }),
  permissionTree: defineCall({
    path: '/v1/role/queryRolePemission',
    owner: byPage('manage/roles'),
    input: rolePermQuery,
    answer: answers.rows(permissionNode),
  }),
  savePermissions: defineCall({
    path: '/v1/rolePerm/save',
    owner: byButton('role:save'),
    input: rolePermSave,
    answer: answers.values(permissionChange),
  }),
  copy: defineCall({
    path: '/v1/permission/copyRolePermission',
    owner: byButton('role:copy'),
    input: rolePermCopy,
    answer: answers.values(permissionChange),
  }),
  users: defineCall({ path: '/v1/userRole/list', owner: byPage('manage/roles'), input: roleUsers, answer: answers.page(roleUser) }),
  /** one user's roles, exactly these (a multipart form with uid and rids, as SPEC has it) */
  assign: defineCall({
    path: '/v1/userRole/save',
    owner: byButton('user:edit', 'role:save'),
    input: userRoleSave,
    answer: answers.values(v.object({ uid: id(), rids: v.array(id()) })),
    form: true,
  }),
  /** the tenant's users with their roles (or one user's), within the caller's scope */
  userRoles: defineCall({
    path: '/v1/renant/selectUserRoleList',
    owner: byPage('manage/roles', 'manage/users'),
    input: userRolesQuery,
    answer: answers.values(v.array(v.object({ userId: id(), userName: v.string(), roleIds: v.array(id()), roleNames: v.string() }))),
  }),
};
