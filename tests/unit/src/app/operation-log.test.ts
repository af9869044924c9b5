// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/api/client.ts';
import { logApi } from '@/api/table/logs.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { usersPageClick } from '@tests/support/operations.ts';
import { installOperationLog, operationFor } from '@/app/operation-log.ts';

const model = buildMenuModel([{ id: 1, name: '系统管理', path: '/manage', children: [{ id: 2, name: '用户管理', path: 'users' }] }]);
const at = new Date(2026, 10, 22, 21, 5, 9);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('operation log', () => {
  it('builds the SPEC 3 entry from a tracked element and the current route', () => {
    document.body.innerHTML = '<button data-track-code="user:del" data-trigger-type="click"><span>删除</span></button>';
    const entry = operationFor(document.querySelector('span')!, model, '/manage/users', at);
    expect(entry).toEqual(usersPageClick('2026-11-22 21:05:09', '删除', 'user:del'));
  });

  it('ignores untracked elements and other trigger types, and never reads a field value', () => {
    document.body.innerHTML = `<button id="plain">保存</button><button id="hover" data-track-code="x" data-trigger-type="hover">x</button>
      <input id="secret" type="password" data-track-code="login:password" value="Admin@2026" />`;
    expect(operationFor(document.getElementById('plain')!, model, '/manage/users', at)).toBeNull();
    expect(operationFor(document.getElementById('hover')!, model, '/manage/users', at)).toBeNull();
    const entry = operationFor(document.getElementById('secret')!, model, '/manage/users', at)!;
    expect(JSON.stringify(entry)).not.toContain('Admin@2026');
    expect(entry.operationName).toBe('login:password');
  });

  it('posts quietly without blocking the click, and a failing post breaks nothing', async () => {
    const send = vi.fn(() => Promise.reject(new Error('网络异常，请检查网络后重试')));
    const stop = installOperationLog(
      { send } as unknown as ApiClient,
      () => ({ model, path: '/manage/users' }),
      undefined,
      () => at,
    );
    document.body.innerHTML = '<button data-track-code="user:add">新增</button>';
    const clicked = vi.fn();
    const button = document.querySelector('button')!;
    button.addEventListener('click', clicked);
    button.click();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(logApi.recordOperation, expect.objectContaining({ operationCode: 'user:add' }), { quiet: true });
    await Promise.resolve();
    stop();
    button.click();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
