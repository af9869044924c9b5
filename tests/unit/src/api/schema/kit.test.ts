import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { body, fieldProblems, keptRowId, optionalRowId, rowId, text } from '@/api/schema/kit.ts';
import { RULE_MESSAGES, say, type RuleKey } from '@/api/schema/messages.ts';
import { SMS_PLATFORM_FORM_FIELDS, smsPlatformSave, smsPlatformTest } from '@/api/schema/system/sms-platform.ts';
import { passwordChange, passwordChangeForm } from '@/api/schema/session/password.ts';
import { englishOf } from '@/i18n/client-messages.ts';

const platform = {
  type: 'http',
  name: '网关',
  endpoint: 'https://sms.example.com/send',
  accessKey: '',
  secret: 's3cret',
  signName: '星河',
  templates: { verify_code: 'SMS_1' },
  active: false,
};

describe('resource schemas (one schema for the server and the form)', () => {
  it('the form gets each field’s first problem, under the field that edits it', () => {
    const empty = { ...platform, name: ' ', endpoint: 'ftp://x', secret: '', signName: '', templates: { verify_code: '' } };
    expect(fieldProblems(smsPlatformSave, empty, SMS_PLATFORM_FORM_FIELDS)).toEqual({
      name: '平台名称不能为空',
      endpoint: '接口地址须为 http(s) 网址',
      signName: '短信签名不能为空',
      template: '请填写验证码短信的模板编号',
      secret: '密钥不能为空',
    });
    // The secret is needed for a new platform, not for an edit.
    expect(fieldProblems(smsPlatformSave, { ...platform, secret: '' })).toEqual({ secret: '密钥不能为空' });
    expect(fieldProblems(smsPlatformSave, { ...platform, id: 3, secret: '' })).toEqual({});
    expect(fieldProblems(smsPlatformSave, { ...platform, name: '名'.repeat(33) })).toEqual({ name: '平台名称不能超过 32 个字' });
    expect(fieldProblems(smsPlatformSave, { ...platform, endpoint: 'https://user:pw@sms.example.com/' })).toEqual({
      endpoint: '接口地址须为 http(s) 网址',
    });
  });

  it('trims texts, fills defaults and reads ids sent as text', () => {
    const out = v.parse(smsPlatformSave, { ...platform, id: '12', name: '  网关 ', accessKey: undefined, active: undefined });
    expect(out).toMatchObject({ id: 12, name: '网关', accessKey: '', active: false });
    expect(v.parse(smsPlatformSave, { ...platform, id: '' }).id).toBeNull();
    expect(v.parse(smsPlatformSave, { ...platform, id: null }).id).toBeNull();
  });

  it('refuses unknown keys by name, nested ones too, and values of the wrong type with the field’s message', () => {
    expect(fieldProblems(smsPlatformSave, { ...platform, admin: true })).toEqual({ admin: '请求含有未知字段 admin，请删除后重试' });
    expect(fieldProblems(smsPlatformSave, { ...platform, templates: { verify_code: 'A', marketing: 'B' } })).toEqual({
      'templates.marketing': '请求含有未知字段 marketing，请删除后重试',
    });
    // Keys named like Object.prototype's members are unknown keys like any other.
    expect(fieldProblems(smsPlatformSave, JSON.parse('{"constructor": 1, "__proto__": {"x": 1}}'))).toMatchObject({
      constructor: '请求含有未知字段 constructor，请删除后重试',
      __proto__: '请求含有未知字段 __proto__，请删除后重试',
    });
    expect(fieldProblems(smsPlatformSave, { ...platform, name: 5 })).toEqual({ name: '平台名称不能为空' });
    expect(fieldProblems(smsPlatformSave, 'x')).toEqual({ '': '请求体必须是 JSON 对象' });
    // A missing key is checked as an empty value: the field's own message. The check across fields (a new
    // platform's secret) runs once the two values it reads have their types, whatever else is wrong, so a blank
    // form already marks the secret required.
    expect(fieldProblems(smsPlatformSave, {})).toEqual({
      name: '平台名称不能为空',
      type: '请选择平台类型',
      endpoint: '接口地址须为 http(s) 网址',
      signName: '短信签名不能为空',
      'templates.verify_code': '请填写验证码短信的模板编号',
      secret: '密钥不能为空',
    });
    expect(fieldProblems(smsPlatformSave, { id: 3 })).not.toHaveProperty('secret');
    expect(fieldProblems(smsPlatformTest, { id: 1, phone: '1391111222' })).toEqual({ phone: '请输入正确的手机号码' });
  });

  it('ids are positive 32-bit integers; an optional id may be absent, null or empty', () => {
    const id = body({ id: rowId('smsPlatformId') });
    for (const ok of [1, '7', 2 ** 31 - 1]) expect(v.safeParse(id, { id: ok }).success, String(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, 2 ** 31, 'x', '1e3', null, undefined, true]) {
      expect(fieldProblems(id, { id: bad }), String(bad)).toEqual({ id: '短信平台不存在' });
    }
    const maybe = body({ id: optionalRowId('smsPlatformId') });
    expect([{}, { id: null }, { id: '' }].map((x) => v.parse(maybe, x).id)).toEqual([null, null, null]);
    expect(fieldProblems(maybe, { id: 0 })).toEqual({ id: '短信平台不存在' });
    // an id a page kept and sends back: that id, else none (never refused, never past a database integer)
    const kept = body({ id: keptRowId() });
    expect([{ id: 7 }, { id: '7' }, { id: 2 ** 31 - 1 }].map((x) => v.parse(kept, x).id)).toEqual([7, 7, 2 ** 31 - 1]);
    for (const other of [undefined, null, '', 0, -1, 1.5, 2 ** 31, 2 ** 53, 'x', '1e3', [], {}, true]) {
      expect(v.parse(kept, other === undefined ? {} : { id: other }).id, String(other)).toBeNull();
    }
  });

  it('an optional text may be absent or empty; a required one is refused empty after trimming', () => {
    const s = body({
      a: text({ max: [3, 'smsPlatformNameMax'] }),
      b: text({ required: 'smsPlatformName', max: [3, 'smsPlatformNameMax'] }),
    });
    expect(v.parse(s, { b: ' x ' })).toEqual({ a: '', b: 'x' });
    expect(fieldProblems(s, { a: 'abcd', b: '   ' })).toEqual({ a: '平台名称不能超过 32 个字', b: '平台名称不能为空' });
  });

  it('checks across fields: the new password differs from the old and is typed twice alike', () => {
    expect(fieldProblems(passwordChangeForm, { oldPassword: '', password: '', confirm: '' })).toEqual({
      oldPassword: '请输入原密码',
      password: '请输入新密码',
      confirm: '请再次输入新密码',
    });
    expect(fieldProblems(passwordChangeForm, { oldPassword: 'Old12345', password: 'short1', confirm: 'short1' })).toEqual({
      password: '密码须为 8-32 位，且同时包含字母和数字',
    });
    expect(fieldProblems(passwordChangeForm, { oldPassword: 'Same1234', password: 'Same1234', confirm: 'Same1234' })).toEqual({
      password: '新密码不能与原密码相同',
    });
    expect(fieldProblems(passwordChangeForm, { oldPassword: 'Old12345', password: 'New12345', confirm: 'New12346' })).toEqual({
      confirm: '两次输入的密码不一致',
    });
    // The server's check of the decrypted passwords: the same rules, without the confirmation.
    expect(fieldProblems(passwordChange, { oldPassword: 'Same1234', password: 'Same1234' })).toEqual({
      password: '新密码不能与原密码相同',
    });
    expect(fieldProblems(passwordChange, { oldPassword: 'Old12345', password: 'New12345' })).toEqual({});
  });

  it('every message has its English, placeholders carried over; nothing Chinese is left', () => {
    const cjk = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    for (const key of Object.keys(RULE_MESSAGES) as RuleKey[]) {
      const zh = say(key, { name: 'field_x' });
      const en = englishOf(zh);
      expect(en, key).not.toMatch(cjk);
      if (RULE_MESSAGES[key].includes('{name}')) expect(en, key).toContain('field_x');
    }
    expect(englishOf(say('unknownField', { name: 'admin' }))).toBe('The request has an unknown field admin; remove it and try again');
    expect(say('unknownField')).toBe('请求含有未知字段 {name}，请删除后重试');
  });
});
