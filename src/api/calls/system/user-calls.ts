import type { ApiClient } from '../../client.ts';
import type { Answer, ExportStatus, ImportStatus, UserInput } from '../../contract.ts';
import type { SheetContent } from '../../../lib/xlsx.ts';
import { encryptedWithKey } from '../session/session-calls.ts';

/** A user as /v1/user/list and /vue/user/detail answer it. `createdAt` is an instant (ISO 8601). */
export interface UserRow {
  id: number;
  userName: string;
  nickname: string;
  phone: string;
  userType: 0 | 1 | 2;
  status: 0 | 1;
  storeId: number | null;
  departIds: number[];
  roleIds: number[];
  roleNames: string;
  createdAt: string;
}

export interface UserListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  status?: 0 | 1;
  userType?: 0 | 1 | 2;
  roleId?: number;
  departId?: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

/** The users and roles calls at their exact paths. */
export const userCalls = (api: ApiClient) => ({
  list: async (q: UserListQuery) => {
    const a = await api.call<Answer<UserRow[]> & { count?: number }>('/v1/user/list', q);
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  detail: async (id: number) => (await api.call<Answer<UserRow>>('/vue/user/detail', { id })).values!,
  /**
   * a new user carries an initial password, encrypted under a fresh single-use key like a login; `mustChange` asks
   * that the user change it at the first sign-in
   */
  save: async (user: UserInput, password?: string, mustChange = false) => {
    const body =
      password === undefined
        ? user
        : { ...user, ...(await encryptedWithKey(api, password)), ...(mustChange ? { mustChangePassword: true } : {}) };
    return (await api.call<Answer<{ id: number }>>('/v1/user/save', body, { fieldErrors: true })).values!;
  },
  modifyStatus: (id: number, status: 0 | 1) => api.call('/v1/user/modifyStatus', { id, status }),
  remove: (id: number) => api.call('/vue/user/del', { id }),
  /** availability of an account name while typing; quiet: the form shows the answer */
  checkUsername: async (userName: string, signal?: AbortSignal) =>
    (await api.call<Answer<{ available: boolean }>>('/anon/user/checkUsername', { userName }, { quiet: true, signal })).values!.available,
  /** the staff record bound to an account, or null */
  staffOf: async (userId: number) =>
    (
      await api.call<Answer<{ id: number; staffName: string; staffCode: string } | null>>('/v1/staffInfo/selectStaffInfoByUserId', {
        userId,
      })
    ).values ?? null,
});

/** The users import and the sheets (/v1/user/importExcel, /v1/common/excel/getExcelUrl). */
export const userImportCalls = (api: ApiClient) => ({
  /** Uploads a sheet with the initial password of its users (encrypted under a single-use key); the job starts. */
  start: async (file: File, password: string, opts: { signal?: AbortSignal; mustChange?: boolean } = {}) => {
    const form = new FormData();
    form.append('file', file);
    if (opts.mustChange) form.append('mustChangePassword', 'true');
    const { password: sealed, keyId } = await encryptedWithKey(api, password);
    form.append('password', sealed);
    form.append('keyId', keyId);
    return (await api.call<Answer<ImportStatus>>('/v1/user/importExcel', form, { signal: opts.signal })).values!;
  },
  status: async (jobId: number) => (await api.call<Answer<ImportStatus>>('/v1/user/importExcel', { jobId }, { quiet: true })).values!,
  cancel: async (jobId: number) => (await api.call<Answer<ImportStatus>>('/v1/user/importExcel', { jobId, cancel: true })).values!,
  /**
   * The list written by the server as a job (beyond what the browser writes at once): started with the list's query,
   * then its progress and link by `jobId`. Quiet: the export dialog says a refusal itself.
   */
  exportJob: {
    start: async (query: object) => (await api.call<Answer<ExportStatus>>('/v1/user/exportJob', query, { quiet: true })).values!,
    status: async (jobId: number) => (await api.call<Answer<ExportStatus>>('/v1/user/exportJob', { jobId }, { quiet: true })).values!,
    cancel: (jobId: number) => api.call('/v1/user/exportJob', { jobId, cancel: true }, { quiet: true }),
  },
  sheet: async (body: Record<string, unknown> & { type: 'userTemplate' | 'userExport' | 'userImportErrors' }) =>
    (await api.call<Answer<SheetContent & { truncated?: boolean }>>('/v1/common/excel/getExcelUrl', body)).values!,
});
