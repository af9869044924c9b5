import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { isWriteCall } from '@/shell/tabs/kept-visible.ts';

/** Every /manage path the client calls (src/api/calls/*-calls.ts and the client's own). */
const paths = [
  ...new Set(
    readdirSync('src/api', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(`src/api/${f}`, 'utf8').matchAll(/'(\/(?:v1|vue|anon|permission)\/[^'?]+)'/g)].map((m) => m[1])),
  ),
];

/** The calls that change nothing (reads, sign-in and session calls, exports, previews and tests). */
const READS = new Set([
  'aesKey',
  'checkUsername',
  'cronPreview',
  'dashboard',
  'detail',
  'export',
  'getByType',
  'getExcelUrl',
  'getIsPrivacy',
  'getPageFuncRelation',
  'getSmsRecoedList',
  'info',
  'initUserPermission',
  'list',
  'login',
  'loginByUserToken',
  'logout',
  'logs',
  'mallStatistics',
  'mongoTableFileList',
  'mongoTableList',
  'options',
  'pinyin',
  'query',
  'queryList',
  'queryPageInfo',
  'queryRolePemission',
  'register',
  'schema',
  'scopes',
  'selMetaFieldList',
  'selMetaTableList',
  'selRelationList',
  'selSysTaskList',
  'selSysTaskLogList',
  'selUserLoginInfoList',
  'selectStaffInfoByUserId',
  'selectUserRoleList',
  'sendSMS',
  'test',
  'token',
  'tree',
  'treeMenu4VUE',
  'userInfo',
  'verifyCode',
  'palette',
  'listOnlineUser',
  'exportJob',
  'treeByTenantId',
  'outbox',
  'report',
  'events',
  'get7niuToken',
  'exportFile',
]);

describe('which calls count as writes (a kept list reloads on return only after one)', () => {
  it('classifies every path the client calls: the reads above, everything else a write', () => {
    expect(paths.length).toBeGreaterThan(60);
    const read = (p: string) =>
      READS.has(p.split('/').at(-1)!) || p === '/v1/userOperationLog/save' || p === '/v1/userOperationLog/outcome';
    const wrong = paths.filter((p) => isWriteCall(p) === read(p));
    expect(wrong).toEqual([]);
  });

  it('reads the last segment only, without the query', () => {
    expect(isWriteCall('/v1/systemSetting/getByType')).toBe(false);
    expect(isWriteCall('/v1/campaign/saveStep?id=1')).toBe(true);
    expect(isWriteCall('/v1/role/del')).toBe(true);
    expect(isWriteCall('/v1/user/list')).toBe(false);
    // a tracked click is logged, nothing a list shows changed
    expect(isWriteCall('/v1/userOperationLog/save')).toBe(false);
  });
});
