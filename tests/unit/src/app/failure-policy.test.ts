import { describe, expect, it, vi } from 'vitest';
import { createFailurePolicy, type SessionHandle } from '@/app/failure-policy.ts';
import { classifyAnswer } from '@/api/errors.ts';

const session: SessionHandle = { getSnapshot: () => ({ matches: () => true, children: {} }), send: () => {} };
const info = (fieldErrors: boolean) => ({ path: '/v1/user/save', quiet: false, fieldErrors, accessToken: null });

describe('failure policy: one message per event', () => {
  it('leaves a refusal that names a field to the form that asked for it, and shows it otherwise', () => {
    const notify = vi.fn();
    const policy = createFailurePolicy(session, notify, () => 0);
    const named = classifyAnswer({ result: 'error', errmsg: '该账号已被使用', field: 'userName' })!;
    expect(named).toMatchObject({ kind: 'error', message: '该账号已被使用', field: 'userName' });
    policy(named, info(true));
    expect(notify).not.toHaveBeenCalled();
    policy(named, info(false));
    expect(notify).toHaveBeenCalledWith('该账号已被使用', 'error', 5000);
  });

  it('still shows a refusal without a field to a form', () => {
    const notify = vi.fn();
    createFailurePolicy(session, notify, () => 0)(classifyAnswer({ result: 'error', errmsg: '用户不存在' })!, info(true));
    expect(notify).toHaveBeenCalledWith('用户不存在', 'error', 5000);
  });
});
