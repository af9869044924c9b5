import type { ApiClient } from '@/api/client.ts';
import type { Sent } from '@/api/table/define.ts';
import { roleApi } from '@/api/table/roles.ts';
import { listed } from '@/kit/list/use-list.ts';

/** The role calls in a test's words: each the declared call (src/api/table/roles.ts) through the console's client. */
export function rolesOf(api: ApiClient) {
  return {
    list: async () => (await api.send(roleApi.list, {})).values,
    tree: async () => (await api.send(roleApi.tree, {})).values,
    save: async (role: Sent<typeof roleApi.save>) => (await api.send(roleApi.save, role, { fieldErrors: true })).values,
    remove: (id: number) => api.send(roleApi.remove, { id }),
    permissions: async (roleId: number) => (await api.send(roleApi.permissions, { roleId })).values,
    permissionTree: async (roleId: number) => (await api.send(roleApi.permissionTree, { roleId })).values,
    savePermissions: async (roleId: number, menuIds: number[]) => (await api.send(roleApi.savePermissions, { roleId, menuIds })).values,
    copy: async (fromRoleId: number, toRoleId: number) => (await api.send(roleApi.copy, { fromRoleId, toRoleId })).values,
    users: (roleId: number, pageNum = 1, pageSize = 50) => api.send(roleApi.users, { roleId, pageNum, pageSize }).then(listed),
    /** a multipart form with uid and rids, as SPEC has it */
    assign: async (uid: number, rids: number[]) => {
      const form = new FormData();
      form.append('uid', String(uid));
      for (const r of rids) form.append('rids', String(r));
      return (await api.send(roleApi.assign, form)).values;
    },
    userRoles: async (uid?: number) => (await api.send(roleApi.userRoles, { uid })).values,
  };
}
