import { describe, expect, it } from 'vitest';
import { classifyAnswer, networkFailure } from '@/api/errors.ts';

describe('error catalogue (SPEC 8)', () => {
  it.each([
    [{ result: 401 }, 'expired', '登录失效，请重新登录', 5000],
    [{ result: 'error', values: 'userToken缺失' }, 'expired', '登录失效，请重新登录', 5000],
    [{ result: 'error', values: 'userToken失效' }, 'expired', '登录失效，请重新登录', 5000],
    [{ result: 403 }, 'forbidden', '您没有当前操作的权限', 7000],
    [{ result: 'error', values: 'accessToken失效' }, 'accessTokenExpired', '未知错误，请重试', 5000],
    [{ result: 'error', errmsg: '账号或密码错误' }, 'error', '账号或密码错误', 5000],
    [{ result: 'error' }, 'error', '网络繁忙，请刷新后重试！', 5000],
  ])('%j → %s', (answer, kind, message, duration) => {
    expect(classifyAnswer(answer)).toEqual(expect.objectContaining({ kind, message, duration }));
  });

  it('names departments, or their ids, for departNoPermisson', () => {
    const f = classifyAnswer(
      { result: 'error', type: 'departNoPermisson', values: [1, 9] },
      { allDepartList: [{ id: 1, departName: '总部' }] },
    );
    expect(f).toEqual(expect.objectContaining({ message: '总部、部门id为9没有数据访问权限，请退出后重新登录重试', duration: 10000 }));
  });

  it('leaves ok answers alone and words network failures', () => {
    expect(classifyAnswer({ result: 'ok' })).toBeNull();
    expect(classifyAnswer({ result: [] })).toBeNull();
    expect(networkFailure(502).message).toBe('状态码 502 网络异常');
    expect(networkFailure().message).toBe('网络异常，请检查网络后重试');
    expect(networkFailure().duration).toBe(7000);
  });
});
