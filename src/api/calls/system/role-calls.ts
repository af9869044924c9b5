import type { ApiClient } from '../../client.ts';
import type { Answer } from '../../contract.ts';

export interface RoleRow {
  id: number;
  name: string;
  /** shown when the console is in English; '' shows the name */
  nameEn?: string;
  parentId: number | null;
  userCount: number;
}

export interface RoleNode extends RoleRow {
  /** the caller may change it (a role below their own; userType 0: every role) */
  editable?: boolean;
  children: RoleNode[];
}

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

export interface RoleUser {
  id: number;
  userName: string;
  nickname: string;
  userType: number;
  status: number;
}

/** The role and permission calls at their exact paths (misspellings kept). */
export const roleCalls = (api: ApiClient) => ({
  list: async () => (await api.call<Answer<RoleRow[]>>('/v1/role/list')).values ?? [],
  tree: async () => (await api.call<Answer<RoleNode[]>>('/v1/role/tree')).values ?? [],
  save: async (role: { id?: number; name: string; nameEn?: string; parentId?: number | null }) =>
    (await api.call<Answer<{ id: number }>>('/v1/role/save', role, { fieldErrors: true })).values!,
  remove: (id: number) => api.call('/v1/role/del', { id }),
  permissions: async (roleId: number) => (await api.call<Answer<number[]>>('/v1/rolePerm/list', { roleId })).values ?? [],
  permissionTree: async (roleId: number) =>
    (await api.call<Answer<PermissionNode[]>>('/v1/role/queryRolePemission', { roleId })).values ?? [],
  savePermissions: async (roleId: number, menuIds: number[]) =>
    (await api.call<Answer<{ added: number[]; removed: number[] }>>('/v1/rolePerm/save', { roleId, menuIds })).values!,
  copy: async (fromRoleId: number, toRoleId: number) =>
    (await api.call<Answer<{ added: number[]; removed: number[] }>>('/v1/permission/copyRolePermission', { fromRoleId, toRoleId })).values!,
  users: async (roleId: number, pageNum = 1, pageSize = 50) => {
    const a = await api.call<Answer<RoleUser[]> & { count?: number }>('/v1/userRole/list', { roleId, pageNum, pageSize });
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  /** a multipart form with uid and rids */
  assign: async (uid: number, rids: number[]) => {
    const form = new FormData();
    form.append('uid', String(uid));
    for (const r of rids) form.append('rids', String(r));
    return (await api.call<Answer<{ uid: number; rids: number[] }>>('/v1/userRole/save', form)).values!;
  },
  userRoles: async (uid?: number) =>
    (
      await api.call<Answer<Array<{ userId: number; userName: string; roleIds: number[]; roleNames: string }>>>(
        '/v1/renant/selectUserRoleList',
        { uid },
      )
    ).values ?? [],
});
