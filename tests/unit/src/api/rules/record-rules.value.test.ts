import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type MetaFieldRow } from '@/api/contract/records.ts';
import { recordProblems, recordValue } from '@/api/rules/record-rules.ts';
import { phone } from '@/api/schema/kit.ts';
import { englishOf } from '@/i18n/client-messages.ts';
import { enumOptions, metaField } from '@tests/support/meta-field.ts';

const field = metaField;

// Issue 14: one rule for a record's values, the browser's form and the server's every write.
describe('recordValue', () => {
  it('empty is null, or refused when required', () => {
    for (const empty of [null, undefined, '', '   ']) {
      expect(recordValue(field('text'), empty)).toEqual({ value: null });
      expect(recordValue(field('number', { required: true }), empty)).toEqual({ problem: '字段不能为空' });
    }
  });

  it.each([
    ['text', ' 门店 ', '门店'],
    ['text', 12, '12'],
    ['phone', '13800138000', '13800138000'],
    ['image', 'https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['image', '/uploads/a.png', '/uploads/a.png'],
    ['number', '-12.5', -12.5],
    ['number', 7, 7],
    ['money', '12.30', 12.3],
    ['money', 0.1 + 0.2, 0.3],
    ['boolean', true, true],
    ['boolean', '是', true],
    ['boolean', '否', false],
    ['boolean', 'false', false],
    ['date', '2026-02-28', '2026-02-28'],
    ['datetime', '2026-02-28T08:00:00+08:00', '2026-02-28T00:00:00.000Z'],
    ['reference', '42', 42],
    ['department', 3, 3],
  ] as const)('%s accepts %j as %j', (type, raw, value) => {
    expect(recordValue(field(type), raw)).toEqual({ value });
  });

  it.each([
    ['text', 'x'.repeat(501), '字段不能超过 500 个字'],
    ['text', { a: 1 }, '字段须为文本'],
    ['phone', '1380013800', '字段须为 11 位手机号'],
    ['phone', '23800138000', '字段须为 11 位手机号'],
    ['image', 'javascript:alert(1)', '字段须为图片地址（http(s):// 或 / 开头）'],
    ['image', 'https://a b', '字段须为图片地址（http(s):// 或 / 开头）'],
    ['number', '1e3', '字段须为数字'],
    ['number', 'abc', '字段须为数字'],
    ['number', 1e13, '字段须为数字'],
    ['money', '1.234', '字段最多两位小数'],
    ['boolean', 'maybe', '字段须为“是”或“否”'],
    ['date', '2026-02-30', '字段须为日期（yyyy-MM-dd）'],
    ['date', '2026/02/28', '字段须为日期（yyyy-MM-dd）'],
    ['datetime', '2026-02-28', '字段须为时间'],
    ['datetime', 'tomorrow', '字段须为时间'],
    ['reference', '4.2', '请选择字段'],
    ['reference', 0, '请选择字段'],
    ['department', '-1', '请选择字段'],
  ] as const)('%s refuses %j: %s', (type, raw, problem) => {
    expect(recordValue(field(type), raw)).toEqual({ problem });
  });

  it('an option is taken by value or by label, and anything else names the options', () => {
    const level = field('enum', {
      label: '等级',
      options: enumOptions(['1', '普卡'], ['2', '金卡']),
    });
    expect(recordValue(level, '2')).toEqual({ value: '2' });
    expect(recordValue(level, '金卡')).toEqual({ value: '2' });
    expect(recordValue(level, '钻石卡')).toEqual({ problem: '等级须为：普卡、金卡' });
  });

  it('a day or time whose text named none (unread, issue 45) is refused with the text quoted, never saved as another', () => {
    expect(recordValue(field('date'), '?2026-02-30')).toEqual({ problem: '字段：“2026-02-30”不是日期，请按 2026-11-27 的格式输入' });
    expect(recordValue(field('datetime'), '?2026-12-01 25:99')).toEqual({
      problem: '字段：“2026-12-01 25:99”不是正确的时间，请输入如 09:30 的时间',
    });
    expect(recordValue(field('datetime', { required: true }), '?2026-12-01 ')).toMatchObject({
      problem: expect.stringContaining('不是正确的时间'),
    });
    expect(englishOf('字段：“2026-12-01 25:99”不是正确的时间，请输入如 09:30 的时间')).toBe(
      '字段: “2026-12-01 25:99” is not a time: type it as 09:30',
    );
    expect(recordValue(field('datetime'), '2026-12-01T01:30:00.000Z')).toEqual({ value: '2026-12-01T01:30:00.000Z' });
  });

  it('recordProblems names each field that is wrong, by its name', () => {
    const fields = [field('text', { name: 'code', label: '编号', required: true }), field('phone', { name: 'phone', label: '电话' })];
    expect(recordProblems(fields, { code: '', phone: '1' })).toEqual({ code: '编号不能为空', phone: '电话须为 11 位手机号' });
    expect(recordProblems(fields, { code: 'A1', phone: '' })).toEqual({});
  });
});

describe('a field value schema and the system pages’ schemas', () => {
  it('a phone field of a records page takes exactly what the users form takes', () => {
    for (const p of ['13800138000', '19912345678', '1380013800', '23800138000', '138-0013-8000', '138001380001']) {
      expect('value' in recordValue(field('phone', { required: true }), p)).toBe(v.is(phone(), p));
    }
  });

  it('its messages are the product’s rules, so they read in English too', () => {
    const problem = (type: MetaFieldRow['type'], raw: unknown, extra: Partial<MetaFieldRow> = {}) => {
      const r = recordValue(field(type, { label: '会员手机', ...extra }), raw);
      return 'problem' in r ? englishOf(r.problem) : '';
    };
    expect(problem('phone', '123')).toBe('会员手机 is an 11-digit phone number');
    expect(problem('text', '', { required: true })).toBe('会员手机 is required');
    expect(problem('reference', 'x')).toBe('Choose 会员手机');
    expect(problem('money', '1.234')).toBe('会员手机 has at most two decimals');
  });
});
