import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, hasNul, NUL_MESSAGE, ok } from '../../infra/http/http.ts';
import { hashPassword } from '../../infra/crypto.ts';
import { readUploadedSheet } from '../../infra/sheets/sheets.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { newPassword } from '../../infra/passwords.ts';
import { departmentScope, inScope, rolesBeyondCaller } from '../../access/permissions.ts';
import { type ImportProblem, type ImportStatus } from '@/api/contract/jobs.ts';
import { IMPORT_LIMITS, USER_TYPE_NAMES, USER_TYPE_RANK } from '@/api/contract/users.ts';
import { log } from '../../infra/logger.ts';
import {
  cancelImportJob,
  failImportJob,
  finishImportJob,
  importCancelRequested,
  importJobOf,
  insertImportJob,
  insertUsers,
  noteImportProgress,
  requestImportCancel,
  takenAccounts,
  tenantPhones,
  tenantRoles,
} from './queries.ts';
import { tenantDeparts } from '../departs/queries.ts';
import { mount } from '../../infra/http/mount.ts';
import type { Lifecycle } from '../../infra/operations.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { importedUser, userHeading, USER_FIELDS, USER_SHEET, USER_SHEET_COLUMNS, type UserInput } from '@/api/schema/system/user.ts';
import { storedEntries } from '@/api/schema/resource.ts';
import { userApi } from '@/api/table/users.ts';

/** Rows saved per statement: each chunk is all or nothing; a chunk that meets a duplicate is retried row by row. */
const CHUNK = 250;

interface ValidRow {
  row: number;
  /** the row as the sheet had it, for the error file should saving it fail */
  cells: string[];
  input: Required<Pick<UserInput, 'userName' | 'nickname' | 'phone' | 'userType' | 'departIds' | 'roleIds'>> & Record<string, unknown>;
}

/** The users' declared fields (USER_FIELDS), by name, in declaration order. */
const DECLARED = storedEntries(USER_FIELDS);

const text = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v)).trim();
const names = (v: string) =>
  v
    .split(/[、,，;；]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Reads and checks a users sheet: the header must be the template's, every row is checked by the same rules as
 * the form (userFieldProblems), against the tenant's departments and roles, the caller's scope and powers, and
 * against accounts and phones that exist or come earlier in the sheet. Returns the rows to save and the problems.
 */
async function checkSheet(
  db: Db,
  s: SessionInfo,
  buffer: Buffer,
): Promise<{ valid: ValidRow[]; report: ImportProblem[]; failed: Record<number, string[]>; total: number }> {
  const [header = [], ...rows] = await readUploadedSheet(buffer);
  if (USER_SHEET_COLUMNS.some((title, i) => text(header[i]) !== title))
    throw new ApiError(`表头须为：${USER_SHEET.join('、')}（请下载模板后填写）`);
  // The template's own columns come first and in order; a declared field's column may follow (an older template
  // without it still imports). Each row's cells are read into the full sheet's order, '' where the file has none.
  const at = USER_SHEET.map((title, c) => (c < USER_SHEET_COLUMNS.length ? c : header.findIndex((h) => text(h) === title)));
  const data = rows.map((r, i) => ({ row: i + 2, cells: at.map((c) => (c < 0 ? '' : text(r[c]))) })).filter((r) => r.cells.some(Boolean));
  if (data.length === 0) throw new ApiError('文件中没有要导入的行');
  if (data.length > IMPORT_LIMITS.maxRows) throw new ApiError(`一次最多导入 ${IMPORT_LIMITS.maxRows} 行，这个文件有 ${data.length} 行`);
  if (data.some((r) => hasNul(r.cells))) throw new ApiError(NUL_MESSAGE);

  const departs = await tenantDeparts(db, s.tenantId);
  const roles = await tenantRoles(db, s.tenantId);
  const scope = departmentScope(s);
  const beyond = await rolesBeyondCaller(db, s);
  const accounts = data.map((r) => r.cells[0].toLowerCase());
  const taken = await takenAccounts(db, accounts);
  const phones = await tenantPhones(db, s.tenantId);

  const report: ImportProblem[] = [];
  const failed: Record<number, string[]> = {};
  const valid: ValidRow[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of data) {
    const [userName, nickname, phone, typeName, departNames, roleNames, ...declared] = cells;
    const problems: ImportProblem[] = [];
    const add = (field: string, reason: string) => problems.push({ row, field, reason });
    const userType = Object.hasOwn(USER_TYPE_NAMES, typeName) ? USER_TYPE_NAMES[typeName] : undefined;
    const departIds = names(departNames).map((n) => departs.find((d) => d.depart_name === n)?.id ?? -1);
    const roleIds = names(roleNames).map((n) => roles.find((r) => r.name === n)?.id ?? -1);
    const input = {
      userName,
      nickname,
      phone,
      userType: userType ?? (-1 as 0),
      departIds: departIds.filter((d) => d > 0),
      roleIds: roleIds.filter((r) => r > 0),
      ...Object.fromEntries(DECLARED.map(([name], i) => [name, declared[i]])),
    };
    const rules = fieldProblems(importedUser, input);
    if (rules.userName) add(userHeading('userName'), rules.userName);
    else if (taken.has(userName.toLowerCase()) || seen.has(userName.toLowerCase())) add(userHeading('userName'), '该账号已被使用');
    if (rules.nickname) add(userHeading('nickname'), rules.nickname);
    for (const [name, f] of DECLARED) if (rules[name]) add(f.sheet, rules[name]);
    if (rules.phone) add(userHeading('phone'), rules.phone);
    else if (phone && phones.has(phone)) add(userHeading('phone'), '该手机号已被本租户的其他账号使用');
    if (userType === undefined)
      add(
        userHeading('userType'),
        `用户类型须为 ${Object.keys(USER_TYPE_NAMES)
          .filter((k) => !/^\d$/.test(k))
          .join('、')} 之一`,
      );
    else if (USER_TYPE_RANK[userType] > USER_TYPE_RANK[s.userType]) add(userHeading('userType'), '不能设置高于自己的用户类型');
    const unknownDepart = names(departNames).filter((_, i) => departIds[i] < 0);
    if (!departNames) add(userHeading('departIds'), '请至少填写一个部门');
    else if (unknownDepart.length) add(userHeading('departIds'), `部门不存在：${unknownDepart.join('、')}`);
    else if (!input.departIds.every((d) => inScope(scope, [d]))) add(userHeading('departIds'), '不能分配自己数据权限范围之外的部门');
    const unknownRole = names(roleNames).filter((_, i) => roleIds[i] < 0);
    if (unknownRole.length) add(userHeading('roleIds'), `角色不存在：${unknownRole.join('、')}`);
    else if (input.roleIds.some((r) => beyond.has(r))) add(userHeading('roleIds'), '不能分配超出自己权限的角色');
    if (problems.length) {
      report.push(...problems);
      failed[row] = cells;
    } else {
      seen.add(userName.toLowerCase());
      if (phone) phones.add(phone);
      valid.push({
        row,
        cells,
        input: { ...input, userType: userType!, departIds: [...new Set(input.departIds)], roleIds: [...new Set(input.roleIds)] },
      });
    }
  }
  return { valid, report, failed, total: data.length };
}

/**
 * Users import (/v1/user/importExcel). A multipart upload (file, and the initial password encrypted under a
 * single-use key) starts a job and answers { jobId, total } as soon as the sheet is checked; the same path with a
 * JSON body { jobId } reads its progress and report, and { jobId, cancel: true } stops it between chunks.
 */
/** What an import cut short by a server stop says (the rows before it are saved). */
export const IMPORT_INTERRUPTED = '服务器停止，导入已中断：已处理的行已保存，请重新导入其余的行';

export function userImportRoutes(db: Db, lifecycle: Lifecycle) {
  const app = new Hono<AppEnv>();

  /** A job as its author sees it: its progress and report hold rows of people outside other users' scope. */
  const status = async (s: SessionInfo, jobId: number): Promise<ImportStatus> => {
    const job = await importJobOf(db, s, jobId);
    if (!job) throw new ApiError('导入任务不存在');
    return { ...job, jobId: Number(job.jobId) } as ImportStatus;
  };

  /** Saves the checked rows chunk by chunk, noting progress; a cancel is seen between chunks. */
  const run = async (jobId: number, tenantId: number, hash: string, valid: ValidRow[], checked: number, mustChange: boolean) => {
    let processed = checked;
    for (let i = 0; i < valid.length; i += CHUNK) {
      // Other requests go first between chunks (PGlite runs one query at a time): an import never stalls the
      // console, and a cancel lands at the next chunk.
      await new Promise((r) => setTimeout(r, 0));
      // The server is stopping and its grace ran out: the rows saved so far stay, the job says it was cut short.
      if (lifecycle.interrupted) {
        await failImportJob(db, jobId, IMPORT_INTERRUPTED);
        return;
      }
      if (await importCancelRequested(db, jobId)) {
        await cancelImportJob(db, jobId);
        return;
      }
      const chunk = valid.slice(i, i + CHUNK);
      const late: ImportProblem[] = [];
      const lateRows: Record<number, string[]> = {};
      // Someone took an account meanwhile: row by row, so every other row of the chunk is still saved.
      const oneByOne = async () => {
        let n = 0;
        for (const row of chunk) {
          const saved = await onDuplicate(insertUsers(db, tenantId, hash, [row], mustChange), async () => {
            late.push({ row: row.row, field: userHeading('userName'), reason: '该账号已被使用' });
            lateRows[row.row] = row.cells;
            return [];
          });
          n += saved[0]?.n ?? 0;
        }
        return [{ n }];
      };
      const created = (await onDuplicate(insertUsers(db, tenantId, hash, chunk, mustChange), oneByOne))[0]?.n ?? 0;
      processed += chunk.length;
      await noteImportProgress(db, jobId, processed, created, late, lateRows);
    }
    await finishImportJob(db, jobId);
  };

  // multipart: start an import; JSON { jobId }: its progress and report (and cancel)
  mount(app, userApi.importExcel, async (c) => {
    const s = c.get('session');
    const body = c.var.body;
    if ('jobId' in body) {
      const { jobId } = body;
      if (body.cancel) await requestImportCancel(db, s, jobId);
      return ok(await status(s, jobId));
    }
    const { file } = body;
    if (file.size > IMPORT_LIMITS.maxBytes) throw new ApiError(`文件不能超过 ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`);
    const buffer = Buffer.from(await file.arrayBuffer());
    // An .xlsx is a zip: anything else is refused before any parsing.
    if (!/\.xlsx$/i.test(file.name) || buffer.subarray(0, 2).toString('latin1') !== 'PK')
      throw new ApiError('请上传 .xlsx 文件（Excel 2007 及以上）');
    const password = await newPassword(db, body);
    const { valid, report, failed, total } = await checkSheet(db, s, buffer);
    // One hash for the batch: every imported user starts with the password the administrator chose for it.
    const hash = await hashPassword(password);
    const jobId = await insertImportJob(db, s, total, total - valid.length, report, failed);
    // A stop waits for the run (main.ts); past its grace the run ends at the next chunk.
    void lifecycle
      .track(run(jobId, s.tenantId, hash, valid, total - valid.length, body.mustChangePassword === 'true'))
      .catch(async (err: unknown) => {
        log.error({ err, jobId }, 'import failed');
        // When the database itself is away this fails too: a job without progress is marked by a later tick.
        await failImportJob(db, jobId, '服务器内部错误，请稍后重试').catch((e: unknown) =>
          log.error({ err: e, jobId }, 'import not marked failed'),
        );
      });
    return ok(await status(s, jobId));
  });

  return app;
}
