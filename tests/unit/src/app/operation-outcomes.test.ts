import { describe, expect, it, vi } from 'vitest';
import { createOutcomeTracker } from '@/app/operation-outcomes.ts';
import { completes } from '@/api/table/define.ts';
import { userApi } from '@/api/table/users.ts';
import { recordApi } from '@/api/table/records.ts';
import { onlineApi } from '@/api/table/logs.ts';
import { roleApi } from '@/api/table/roles.ts';
import type { Failure } from '@/api/errors.ts';

const refused = (message: string, kind: Failure['kind'] = 'error'): Failure => ({ kind, message, duration: 3000, level: 'warning' });
/** lets the ids' promises settle */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('completes: which call is what a click led to', () => {
  it("matches the owner's buttons, what a body asks for, a records op and a declared click; never a read", () => {
    expect(completes(userApi.remove, { id: 3 }, 'user:del')).toBe(true);
    expect(completes(userApi.remove, { id: 3 }, 'user:edit')).toBe(false);
    // the users save asks for 新增 without an id and 编辑 with one
    expect(completes(userApi.save, { userName: 'x' }, 'user:add')).toBe(true);
    expect(completes(userApi.save, { userName: 'x' }, 'user:edit')).toBe(false);
    expect(completes(userApi.save, { id: 3, userName: 'x' }, 'user:edit')).toBe(true);
    expect(completes(recordApi.save, { tableId: 1, values: {} }, 'member:add')).toBe(true);
    expect(completes(recordApi.remove, { tableId: 1, id: 2 }, 'member:add')).toBe(false);
    expect(completes(recordApi.list, { tableId: 1 }, 'member:view')).toBe(false);
    expect(completes(onlineApi.forceLogout, { id: 'x' }, 'online:force-logout')).toBe(true);
    expect(completes(roleApi.list, {}, 'user:del')).toBe(false);
  });
});

describe('createOutcomeTracker', () => {
  it('tells 成功 once for the action a call completes, and nothing for a call of another button', async () => {
    const report = vi.fn();
    const t = createOutcomeTracker(report);
    t.clicked('user:del', Promise.resolve(7), true);
    t.settled(roleApi.list, {}, null);
    t.settled(userApi.save, { userName: 'x' }, null);
    t.settled(userApi.remove, { id: 3 }, null);
    // closed: a second delete (a batch's next) tells nothing more, nor a later cancel
    t.settled(userApi.remove, { id: 4 }, null);
    t.cancelled();
    await flush();
    expect(report.mock.calls).toEqual([[7, 'success', '']]);
  });

  it('tells 失败 with the refusal and stays open for the corrected save; a session failure is not an outcome', async () => {
    const report = vi.fn();
    const t = createOutcomeTracker(report);
    t.clicked('user:add', Promise.resolve(8), true);
    t.settled(userApi.save, { userName: 'x' }, refused('登录失效，请重新登录', 'expired'));
    t.settled(userApi.save, { userName: 'x' }, refused('用户名已存在'));
    t.settled(userApi.save, { userName: 'y' }, null);
    await flush();
    expect(report.mock.calls).toEqual([
      [8, 'failure', '用户名已存在'],
      [8, 'success', ''],
    ]);
  });

  it('tells 已取消 for a dismissed dialog, once; a menu click or a read opens nothing to cancel', async () => {
    const report = vi.fn();
    const t = createOutcomeTracker(report);
    t.clicked('user:del', Promise.resolve(9), true);
    t.cancelled();
    t.cancelled();
    t.clicked('side-menu:用户管理', Promise.resolve(10), false);
    t.cancelled();
    t.settled(userApi.remove, { id: 1 }, null);
    // a newer click closes the older action: its call no longer speaks for it
    t.clicked('user:del', Promise.resolve(11), true);
    t.clicked('user:edit', Promise.resolve(12), true);
    t.settled(userApi.remove, { id: 1 }, null);
    await flush();
    expect(report.mock.calls).toEqual([[9, 'cancelled', '']]);
  });

  it('tells nothing when the server gave no id (a backend that answers SPEC only) or the save failed', async () => {
    const report = vi.fn();
    const t = createOutcomeTracker(report);
    t.clicked('user:del', Promise.resolve(null), true);
    t.settled(userApi.remove, { id: 1 }, null);
    await flush();
    expect(report).not.toHaveBeenCalled();
  });
});
