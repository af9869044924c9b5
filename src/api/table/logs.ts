import * as v from 'valibot';
import { answers, defineCall, id, instant, query, byPage } from './define.ts';
import {
  errorLogList,
  errorReport,
  loginInfoList,
  loginLogId,
  loginLogList,
  operationLogExportJob,
  operationLogList,
  operationOutcome,
  operationSave,
  OPERATION_OUTCOMES,
  smsLogList,
} from '../schema/system/log.ts';
import { onlineList, sessionId } from '../schema/session/session.ts';
import { exportStatus } from '../schema/jobs.ts';
import { LOGIN_FAILURES, type LoginFailure } from '../contract/session.ts';

/** A sign-in attempt (登录日志). */
export const loginLogRow = v.object({
  id: id(),
  account: v.string(),
  nickname: v.string(),
  success: v.boolean(),
  reason: v.union([v.picklist(Object.keys(LOGIN_FAILURES) as LoginFailure[]), v.literal('')]),
  method: v.picklist(['password', 'ticket', 'link']),
  ip: v.string(),
  userAgent: v.string(),
  sessionId: v.nullable(v.string()),
  createdAt: instant(),
});
export type LoginLogRow = v.InferOutput<typeof loginLogRow>;

/** What happened to a login's session after it: token renewals, logout, force logout, its end. */
export const sessionLogRow = v.object({
  kind: v.picklist(['login', 'token', 'logout', 'force_logout', 'ended']),
  byUserName: v.string(),
  note: v.string(),
  createdAt: instant(),
});
export type SessionLogRow = v.InferOutput<typeof sessionLogRow>;

/** A user's sign-ins at a glance (登录信息). */
export const loginInfoRow = v.object({
  userId: id(),
  userName: v.string(),
  nickname: v.string(),
  lastLoginAt: v.nullable(instant()),
  lastLoginIp: v.string(),
  logins30d: v.number(),
  failures30d: v.number(),
  online: v.boolean(),
});
export type LoginInfoRow = v.InferOutput<typeof loginInfoRow>;

/** A tracked action (操作日志). */
export const operationLogRow = v.object({
  id: id(),
  userName: v.string(),
  nickname: v.string(),
  operationTime: instant(),
  operationName: v.string(),
  operationCode: v.string(),
  pageName: v.string(),
  menuName: v.string(),
  /** what the click led to; null: it only moved or read, or its outcome never came */
  outcome: v.nullable(v.picklist(OPERATION_OUTCOMES)),
  /** a failure's refusal, in the words the user saw */
  refusal: v.string(),
  createdAt: instant(),
});
export type OperationLogRow = v.InferOutput<typeof operationLogRow>;

/** A server fault or a console error (错误日志). */
export const errorLogRow = v.object({
  id: id(),
  source: v.picklist(['server', 'client']),
  requestId: v.string(),
  method: v.string(),
  path: v.string(),
  message: v.string(),
  kind: v.string(),
  route: v.string(),
  release: v.string(),
  userName: v.string(),
  createdAt: instant(),
});
export type ErrorLogRow = v.InferOutput<typeof errorLogRow>;

/** An SMS sent (短信日志), the phone as the caller may see it. */
export const smsLogRow = v.object({
  id: id(),
  phone: v.string(),
  template: v.string(),
  platform: v.string(),
  success: v.boolean(),
  error: v.string(),
  createdAt: instant(),
});
export type SmsLogRow = v.InferOutput<typeof smsLogRow>;

/** A live session of the tenant (当前登录用户). */
export const onlineRow = v.object({
  id: v.string(),
  loginTime: instant(),
  logoutTime: v.string(),
  lastSeenTime: v.optional(instant()),
  loginSystemName: v.string(),
  loginIpAddress: v.string(),
  userAccount: v.string(),
  userNickname: v.string(),
  userMobile: v.string(),
  staffName: v.string(),
  staffCode: v.string(),
  /** the caller's own session (marked 本机; it cannot be forced out) */
  current: v.optional(v.boolean()),
});
export type OnlineRecord = v.InferOutput<typeof onlineRow>;

const logsPage = byPage('manage/logs');

/** 系统管理 › 日志管理: sign-ins, operations, errors and SMS (misspellings kept). */
export const logApi = {
  logins: defineCall({ path: '/v1/userLoginLog/list', owner: logsPage, input: loginLogList, answer: answers.page(loginLogRow) }),
  /** one sign-in with what became of its session */
  login: defineCall({
    path: '/v1/userLoginLog/detail',
    owner: logsPage,
    input: loginLogId,
    answer: answers.values(
      v.object({
        log: loginLogRow,
        events: v.array(sessionLogRow),
        session: v.nullable(v.object({ live: v.boolean(), expiresAt: instant(), lastSeenAt: instant() })),
      }),
    ),
  }),
  loginInfo: defineCall({
    path: '/v1/loginInfo/selUserLoginInfoList',
    owner: logsPage,
    input: loginInfoList,
    answer: answers.page(loginInfoRow),
  }),
  operations: defineCall({
    path: '/v1/userOperationLog/list',
    owner: logsPage,
    input: operationLogList,
    answer: answers.page(operationLogRow),
  }),
  /** the operation log written by the server as a job; `jobId` reads or cancels it */
  operationsExportJob: defineCall({
    path: '/v1/userOperationLog/exportJob',
    owner: logsPage,
    input: operationLogExportJob,
    answer: answers.values(exportStatus),
  }),
  /** a tracked click or page view, posted by the shell (bookkeeping: no list changes) */
  recordOperation: defineCall({
    path: '/v1/userOperationLog/save',
    owner: 'shell',
    input: operationSave,
    // SPEC answers `{ result: 'ok' }`; the reference server adds the row's id, by which its outcome is told
    answer: v.object({ result: v.literal('ok'), values: v.optional(v.object({ id: id() })) }),
  }),
  /** what the caller's own tracked click led to (once done or cancelled it stays; a failure may still be followed by success) */
  recordOutcome: defineCall({ path: '/v1/userOperationLog/outcome', owner: 'shell', input: operationOutcome, answer: answers.done() }),
  errors: defineCall({ path: '/v1/errLogger/controller/list', owner: logsPage, input: errorLogList, answer: answers.page(errorLogRow) }),
  /** the console's own uncaught errors and chunk failures (at most 30 a minute per user are kept) */
  reportError: defineCall({
    path: '/v1/errLogger/controller/report',
    owner: 'shell',
    input: errorReport,
    answer: answers.values(v.object({ kept: v.boolean() })),
  }),
  sms: defineCall({
    path: '/v1/msg/getSmsRecoedList',
    owner: byPage('manage/logs', 'manage/sms-platform'),
    input: smsLogList,
    answer: answers.page(smsLogRow),
  }),
};

/** The online users (the shell's drawer; userType 0 and 2, checked by the handler) and the session's event stream. */
export const onlineApi = {
  list: defineCall({ path: '/v1/user/listOnlineUser', owner: 'shell', input: onlineList, answer: answers.page(onlineRow) }),
  /** ends another session of the tenant at once */
  forceLogout: defineCall({
    path: '/v1/user/forceLogout',
    owner: 'shell',
    input: sessionId,
    answer: answers.done(),
    clicks: ['online:force-logout'],
  }),
  /** text/event-stream: ready, ping, revoked, closing (docs/api.md) */
  events: defineCall({ method: 'GET', path: '/v1/session/events', owner: 'session', input: query({}), answer: answers.notJson() }),
};
