import { describe, expect, it } from 'vitest';
import { fieldProblems } from '@/api/schema/kit.ts';
import { importedUser, userForm, userSave } from '@/api/schema/system/user.ts';
import { profile } from '@/api/schema/session/profile.ts';

const userFieldProblems = (input: Record<string, unknown>, isNew: boolean) => fieldProblems(userForm(isNew), input);

describe('user field rules (one schema for the form, the save and the import)', () => {
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

describe('the save, the import and the profile take the same rules', () => {
  const edit = { id: 7, nickname: '张三', phone: '', userType: 1, departIds: [1], roleIds: [] };
  it('refuses a key the save does not take and tells a new user from an edit', () => {
    expect(fieldProblems(userSave, { ...edit, nickname: '', isAdmin: true })).toEqual({
      nickname: '昵称不能为空',
      isAdmin: '请求含有未知字段 isAdmin，请删除后重试',
    });
    expect(fieldProblems(userSave, edit)).toEqual({});
    expect(fieldProblems(userSave, { ...edit, id: undefined, password: 'x', keyId: 'k' })).toEqual({ userName: '账号不能为空' });
    // an edit carries no password: the key is refused
    expect(fieldProblems(userSave, { ...edit, keyId: 'k' })).toMatchObject({ keyId: '请求含有未知字段 keyId，请删除后重试' });
  });
  it('an imported row and one’s own profile are checked by the same nickname rule', () => {
    expect(
      fieldProblems(importedUser, { userName: 'li_si', nickname: 'x'.repeat(33), phone: '', userType: 1, departIds: [1], roleIds: [] }),
    ).toEqual({
      nickname: '昵称不能超过 32 个字',
    });
    expect(fieldProblems(profile, { nickname: '<img src=x>', headimgurl: 'javascript:alert(1)' })).toEqual({
      nickname: '昵称不能包含 script、img 或 iframe 标签',
      headimgurl: '头像须为上传的图片或 http(s) 图片地址',
    });
  });
});
