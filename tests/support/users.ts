import type { ApiClient } from '@/api/client.ts';
import type { Sent } from '@/api/table/define.ts';
import { saveUser, startUserImport } from '@/api/calls/system/user-calls.ts';
import { listed } from '@/kit/list/use-list.ts';
import { userApi } from '@/api/table/users.ts';

/**
 * The users calls in a test's words: each one is the declared call (src/api/calls/system/user-calls.ts) through the
 * console's client, its answer's values returned, so the tests read as the user's actions.
 */
export function usersOf(api: ApiClient) {
  return {
    list: (q: Sent<typeof userApi.list>) => api.send(userApi.list, q).then(listed),
    detail: async (id: number) => (await api.send(userApi.detail, { id })).values,
    save: (user: Sent<typeof userApi.save>, password?: string, mustChange?: boolean) => saveUser(api, user, password, mustChange),
    modifyStatus: (id: number, status: 0 | 1) => api.send(userApi.modifyStatus, { id, status }),
    remove: (id: number) => api.send(userApi.remove, { id }),
    checkUsername: async (userName: string) => (await api.send(userApi.checkUsername, { userName })).values.available,
  };
}

/** The users import and sheets in a test's words (as usersOf). */
export function userImportsOf(api: ApiClient) {
  return {
    start: (file: File, password: string) => startUserImport(api, file, password),
    status: async (jobId: number) => (await api.send(userApi.importExcel, { jobId }, { quiet: true })).values,
    cancel: async (jobId: number) => (await api.send(userApi.importExcel, { jobId, cancel: true })).values,
    sheet: async (body: Sent<typeof userApi.sheet>) => (await api.send(userApi.sheet, body)).values,
  };
}
