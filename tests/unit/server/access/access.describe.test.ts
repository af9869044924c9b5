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
  it('names the owning page and what the call does there', () => {
    expect(nameOf('POST', '/v1/user/list')).toBe('用户管理 · 查询');
    expect(nameOf('POST', '/vue/user/del')).toBe('用户管理 · 删除');
    expect(nameOf('POST', '/v1/user/importExcel')).toBe('用户管理 · 导入');
    expect(nameOf('POST', '/v1/sysTask/selSysTaskList')).toBe('定时任务 · 查询');
    expect(nameOf('POST', '/v1/sysTask/addSysTask')).toBe('定时任务 · 保存');
    expect(nameOf('POST', '/v1/sysTask/delTaskLock')).toBe('定时任务 · 删除');
    expect(nameOf('POST', '/v1/role/save')).toBe('角色管理 · 保存');
  });

  it('calls no page owns say their kind; unknown ones their action or last segment', () => {
    expect(nameOf('POST', '/anon/passport/login')).toBe('公开接口 · 登录');
    // the session's own calls and the shell's other calls alike
    expect(nameOf('POST', '/vue/userInfo')).toBe('登录后通用 · 详情');
    expect(nameOf('POST', '/v1/user/listOnlineUser')).toBe('登录后通用 · 查询');
    expect(nameOf('POST', '/v1/nothing/here')).toBe('here');
    expect(nameOf('POST', '/v1/nothing/list')).toBe('查询');
  });

  it('every owned call gets a name, none of them empty', () => {
    for (const [key, owner] of calls.owners) {
      expect(describeCall(owner, key.split(' ')[1], pageName).length, key).toBeGreaterThan(0);
    }
  });
});
