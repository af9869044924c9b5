import * as v from 'valibot';
import { answers, defineCall, byPage, byButton } from './define.ts';
import {
  isNewUser,
  sheetRequest,
  userExportJob,
  userId,
  userImport,
  userList,
  userRow,
  userSave,
  userStatus,
  usernameCheck,
} from '../schema/system/user.ts';
import { exportStatus, importStatus, sheetContent } from '../schema/jobs.ts';
import { IMPORT_LIMITS } from '../contract/users.ts';

/** The users calls (系统管理 › 用户管理), each declared once for both sides at SPEC's path. */
export const userApi = {
  /** a page of the tenant's users within the caller's department scope */
  list: defineCall({ path: '/v1/user/list', owner: byPage('manage/users'), input: userList, answer: answers.page(userRow) }),
  detail: defineCall({ path: '/vue/user/detail', owner: byPage('manage/users'), input: userId, answer: answers.values(userRow) }),
  /** a new user (an account name and an initial password, encrypted under a single-use key) or an edit */
  save: defineCall({
    path: '/v1/user/save',
    owner: byButton('user:add', 'user:edit'),
    narrow: (body) => ({ buttons: [isNewUser(body) ? 'user:add' : 'user:edit'] }),
    input: userSave,
    answer: answers.saved(),
  }),
  modifyStatus: defineCall({ path: '/v1/user/modifyStatus', owner: byButton('user:edit'), input: userStatus, answer: answers.done() }),
  remove: defineCall({ path: '/vue/user/del', owner: byButton('user:del'), input: userId, answer: answers.done() }),
  /** availability of an account name while typing (`reason: 'format'` when it is malformed) */
  checkUsername: defineCall({
    path: '/anon/user/checkUsername',
    owner: byButton('user:add'),
    input: usernameCheck,
    answer: answers.values(v.object({ available: v.boolean(), reason: v.optional(v.literal('format')) })),
  }),
  /** an upload (the sheet and the users' initial password, encrypted) starts a job; `jobId` reads or cancels it */
  importExcel: defineCall({
    path: '/v1/user/importExcel',
    owner: byButton('user:import'),
    input: userImport,
    answer: answers.values(importStatus),
    form: true,
    // the file and the form fields around it
    maxBytes: IMPORT_LIMITS.maxBytes + 64 * 1024,
  }),
  /** the list written by the server as a job; `jobId` reads or cancels it */
  exportJob: defineCall({
    path: '/v1/user/exportJob',
    owner: byButton('user:export'),
    input: userExportJob,
    answer: answers.values(exportStatus),
  }),
  /** the import template, the list's export (the browser writes it) or an import's error file */
  sheet: defineCall({
    path: '/v1/common/excel/getExcelUrl',
    owner: byPage('manage/users'),
    // the template and an import's error file are the import's; the list's rows the export's
    narrow: (body) => ({ buttons: [(body as { type?: unknown } | null)?.type === 'userExport' ? 'user:export' : 'user:import'] }),
    input: sheetRequest,
    answer: answers.values(v.object({ ...sheetContent.entries, truncated: v.optional(v.boolean()) })),
  }),
};
