import { describe, expect, it } from 'vitest';
import { CALL_OWNERS, describeCall } from '../../server/access.ts';

const pages: Record<string, string> = { 'manage/users': '用户管理', 'manage/tasks': '定时任务', 'manage/roles': '角色管理' };
const buttons: Record<string, string> = { 'user:del': '用户管理', 'user:import': '用户管理', 'role:save': '角色管理' };
const pageName = { page: (component: string) => pages[component], button: (code: string) => buttons[code] };

describe('a readable name for an unnamed server call', () => {
  it('names the owning page and what the call does there', () => {
    expect(describeCall('POST', '/v1/user/list', pageName)).toBe('用户管理 · 查询');
    expect(describeCall('POST', '/vue/user/del', pageName)).toBe('用户管理 · 删除');
    expect(describeCall('POST', '/v1/user/importExcel', pageName)).toBe('用户管理 · 导入');
    expect(describeCall('POST', '/v1/sysTask/selSysTaskList', pageName)).toBe('定时任务 · 查询');
    expect(describeCall('POST', '/v1/sysTask/addSysTask', pageName)).toBe('定时任务 · 保存');
    expect(describeCall('POST', '/v1/sysTask/delTaskLock', pageName)).toBe('定时任务 · 删除');
    expect(describeCall('POST', '/v1/role/save', pageName)).toBe('角色管理 · 保存');
  });

  it('calls no page owns say their kind; unknown ones their action or last segment', () => {
    expect(describeCall('POST', '/anon/passport/login', pageName)).toBe('公开接口 · 登录');
    expect(describeCall('POST', '/vue/userInfo', pageName)).toBe('登录后通用 · 详情');
    expect(describeCall('POST', '/v1/nothing/here', pageName)).toBe('here');
    expect(describeCall('POST', '/v1/nothing/list', pageName)).toBe('查询');
  });

  it('every owned call gets a name, none of them empty', () => {
    for (const key of Object.keys(CALL_OWNERS)) {
      const [method, path] = key.split(' ');
      expect(describeCall(method, path, pageName).length, key).toBeGreaterThan(0);
    }
  });
});
