import { describe, expect, it } from 'vitest';
import { userFieldProblems } from '../../src/api/contract.ts';

describe('user field rules (one set for the form and the server)', () => {
  const good = {
    userName: 'zhang_san',
    nickname: '张三',
    phone: '13800001111',
    userType: 1 as const,
    departIds: [1],
    roleIds: [],
    password: 'Passw0rd2026',
  };
  it('accepts a good new user and names each bad field', () => {
    expect(userFieldProblems(good, true)).toEqual({});
    expect(userFieldProblems({ ...good, userName: '1abc', nickname: ' ', phone: '123', departIds: [], password: 'short' }, true)).toEqual({
      userName: '账号须为 4-32 位字母、数字或下划线，以字母开头',
      nickname: '昵称不能为空',
      phone: '请输入正确格式的手机号',
      departIds: '请至少选择一个部门',
      password: '密码须为 8-32 位，且同时包含字母和数字',
    });
  });
  it('does not ask an edit for the account or password, and refuses tags in the nickname', () => {
    expect(userFieldProblems({ ...good, userName: undefined, password: undefined }, false)).toEqual({});
    expect(userFieldProblems({ ...good, nickname: '<script>x' }, false)).toEqual({ nickname: '昵称不能包含 script、img 或 iframe 标签' });
  });
});
