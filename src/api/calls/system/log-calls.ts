import type { ApiClient } from '../../client.ts';
import type { Answer, ErrorLogRow, ExportStatus, LoginLogRow, SessionLogRow, SmsLogRow } from '../../contract.ts';

export interface LogQuery {
  pageNum: number;
  pageSize: number;
  from?: string;
  to?: string;
  [filter: string]: unknown;
}

export interface LoginInfoRow {
  userId: number;
  userName: string;
  nickname: string;
  lastLoginAt: string | null;
  lastLoginIp: string;
  logins30d: number;
  failures30d: number;
  online: boolean;
}

export interface OperationLogRow {
  id: number;
  userName: string;
  nickname: string;
  operationTime: string;
  operationName: string;
  operationCode: string;
  pageName: string;
  menuName: string;
  createdAt: string;
}

const page = async <T>(api: ApiClient, path: string, q: object) => {
  const a = await api.call<Answer<T[]> & { count?: number; truncated?: boolean; countEstimated?: boolean; next?: string }>(path, q);
  return {
    rows: a.values ?? [],
    count: a.count ?? 0,
    truncated: a.truncated === true,
    estimated: a.countEstimated === true,
    // where the next page starts (the operation log's): sent back as `after`
    ...(typeof a.next === 'string' ? { next: a.next } : {}),
  };
};

/** The log calls at their exact paths (misspellings kept). */
export const logCalls = (api: ApiClient) => ({
  logins: (q: LogQuery) => page<LoginLogRow>(api, '/v1/userLoginLog/list', q),
  login: async (id: number) =>
    (
      await api.call<
        Answer<{ log: LoginLogRow; events: SessionLogRow[]; session: { live: boolean; expiresAt: string; lastSeenAt: string } | null }>
      >('/v1/userLoginLog/detail', { id })
    ).values!,
  loginInfo: (q: LogQuery) => page<LoginInfoRow>(api, '/v1/loginInfo/selUserLoginInfoList', q),
  operations: (q: LogQuery) => page<OperationLogRow>(api, '/v1/userOperationLog/list', q),
  /** The operation log written by the server as a job, beyond what the browser writes at once. Quiet: the dialog says a refusal. */
  operationsExportJob: {
    start: async (query: object) =>
      (await api.call<Answer<ExportStatus>>('/v1/userOperationLog/exportJob', query, { quiet: true })).values!,
    status: async (jobId: number) =>
      (await api.call<Answer<ExportStatus>>('/v1/userOperationLog/exportJob', { jobId }, { quiet: true })).values!,
    cancel: (jobId: number) => api.call('/v1/userOperationLog/exportJob', { jobId, cancel: true }, { quiet: true }),
  },
  errors: (q: LogQuery) => page<ErrorLogRow>(api, '/v1/errLogger/controller/list', q),
  sms: (q: LogQuery) => page<SmsLogRow>(api, '/v1/msg/getSmsRecoedList', q),
});
