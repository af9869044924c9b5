import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { duplicatesUnder, hasNoUnsafeTags, hasNoWhitespace, isEmpty, isFilled, isNumber, isPhone } from '../../src/lib/validators.ts';
import { userFieldProblems } from '../../src/api/contract.ts';

describe('SPEC 5 shared checks', () => {
  it('a phone is exactly 11 digits starting with 1', () => {
    fc.assert(fc.property(fc.stringMatching(/^1\d{10}$/), (p) => isPhone(p)));
    for (const bad of ['2380000000', '1380000000', '138000000001', '1380000000a', ' 13800000001', 13800000001])
      expect(isPhone(bad)).toBe(false);
  });

  it('required, empty, whitespace', () => {
    expect([isFilled('a'), isFilled('  '), isFilled(''), isFilled(null), isFilled([]), isFilled([1]), isFilled(0)]).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect([isEmpty(undefined), isEmpty(null), isEmpty(''), isEmpty(0), isEmpty(' ')]).toEqual([true, true, true, false, false]);
    expect([hasNoWhitespace('ab'), hasNoWhitespace('a b'), hasNoWhitespace('a\tb'), hasNoWhitespace('a\nb')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('flags script, img and iframe tags in any case and spacing, and nothing else', () => {
    for (const bad of ['<script>', '< SCRIPT src=x>', '</iframe>', '<img src=x onerror=1>', 'a<Img/>'])
      expect(hasNoUnsafeTags(bad)).toBe(false);
    for (const fine of ['脚本 script', 'a < b', '<b>', 'imgur', '<imgx>']) expect(hasNoUnsafeTags(fine)).toBe(true);
  });

  it('number format with an optional fraction limit', () => {
    expect([isNumber('12'), isNumber('-1.5'), isNumber('1.'), isNumber('1e3'), isNumber('0.123', 2), isNumber('0.12', 2)]).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it('finds duplicate values under a key', () => {
    expect(duplicatesUnder([{ c: 'a' }, { c: 'b' }, { c: 'a' }, { c: 'a' }, { c: 'b' }], 'c')).toEqual(['a', 'b']);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer()),
        (xs) =>
          duplicatesUnder(
            xs.map((k) => ({ k })),
            'k',
          ).length === 0,
      ),
    );
  });
});

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

describe('SPEC 9 text length', () => {
  it('counts non-ASCII characters as 2', async () => {
    const { textLength } = await import('../../src/lib/xlsx.ts');
    expect([textLength(''), textLength('abc'), textLength('用户'), textLength('a用b')]).toEqual([0, 3, 4, 4]);
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => textLength(a + b) === textLength(a) + textLength(b)));
  });
});
