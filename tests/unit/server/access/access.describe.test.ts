import { describe, expect, it } from 'vitest';
import { describeCall } from '@server/access/access.ts';
import { serverCalls } from '@tests/support/call-table.ts';

const pages: Record<string, string> = { 'manage/users': '用户管理', 'manage/tasks': '定时任务', 'manage/roles': '角色管理' };
const buttons: Record<string, string> = { 'user:del': '用户管理', 'user:import': '用户管理', 'role:save': '角色管理' };
const pageName = { page: (component: string) => pages[component], button: (code: string) => buttons[code] };
// The owners the server's routes declare.
const calls = serverCalls();
const nameOf = (method: string, path: string) => describeCall(calls.owner(method, path), path, pageName);

describe('a readable name for an unnamed server call', () => {
  const named: Array<[path: string, name: string]> = [
    ['/v1/user/list', '用户管理 · 查询'],
    ['/vue/user/del', '用户管理 · 删除'],
    ['/v1/user/importExcel', '用户管理 · 导入'],
    ['/v1/sysTask/selSysTaskList', '定时任务 · 查询'],
    ['/v1/sysTask/addSysTask', '定时任务 · 保存'],
    ['/v1/sysTask/delTaskLock', '定时任务 · 删除'],
    ['/v1/role/save', '角色管理 · 保存'],
    // calls no page owns say their kind: public ones, the session's own calls and the shell's other calls alike
    ['/anon/passport/login', '公开接口 · 登录'],
    ['/vue/userInfo', '登录后通用 · 详情'],
    ['/v1/user/listOnlineUser', '登录后通用 · 查询'],
    // unknown ones their action or last segment
    ['/v1/nothing/here', 'here'],
    ['/v1/nothing/list', '查询'],
  ];
  it('names the owning page (or the kind of call) and what the call does there', () => {
    for (const [path, name] of named) expect(nameOf('POST', path), path).toBe(name);
  });

  it('every owned call gets a name, none of them empty', () => {
    for (const [key, owner] of calls.owners) {
      expect(describeCall(owner, key.split(' ')[1], pageName).length, key).toBeGreaterThan(0);
    }
  });
});
