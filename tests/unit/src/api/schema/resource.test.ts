import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { declareFields, declaredCells, declaredRow, declaredRules, declaredValues } from '@/api/schema/resource.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { RULE_MESSAGES } from '@/api/schema/messages.ts';
import { USER_FIELDS, USER_SHEET, userForm, userRow } from '@/api/schema/system/user.ts';
import { USER_SHEET_COLUMNS } from '@/api/contract/users.ts';
import { zhSignedIn } from '@/i18n/messages-zh.ts';
import { en } from '@/i18n/messages-en.ts';
import { RULE_MESSAGES_EN } from '@/i18n/rule-messages-en.ts';

const fields = declareFields({
  remark: { column: 'remark', label: 'userRemark', sheet: '备注', max: [5, 'userRemarkMax'], list: { width: 100 } },
  note: { column: 'note_text', label: 'userRemark', sheet: '附注', max: [3, 'userRemarkMax'], list: { width: 100, hiddenAtFirst: true } },
});

describe('declared fields (src/api/schema/resource.ts)', () => {
  it('refuses a column or a name that could not be written into SQL or a call', () => {
    const f = { column: 'x', label: 'userRemark', sheet: 'x', max: [1, 'userRemarkMax'] as const, list: { width: 1 } };
    expect(() => declareFields({ a: { ...f, column: 'remark; DROP TABLE app_user' } })).toThrow(/lower-case letters/);
    expect(() => declareFields({ a: { ...f, column: 'Remark' } })).toThrow(/lower-case letters/);
    expect(() => declareFields({ 'a"b': f })).toThrow(/camelCase/);
  });

  it('checks each by its rule: trimmed, up to its length with its own message, empty when absent', () => {
    const schema = v.object(declaredRules(fields));
    expect(v.parse(schema, { remark: '  ab  ' })).toEqual({ remark: 'ab', note: '' });
    expect(fieldProblems(schema, { remark: '123456', note: '1234' })).toEqual({
      remark: RULE_MESSAGES.userRemarkMax,
      note: RULE_MESSAGES.userRemarkMax,
    });
    expect(fieldProblems(schema, { remark: 5 })).toMatchObject({ remark: RULE_MESSAGES.userRemarkMax });
    expect(v.is(v.object(declaredRow(fields)), { remark: '', note: 'x' })).toBe(true);
  });

  it('reads a row’s values in declaration order, empty where the row has none or not text', () => {
    expect(declaredCells(fields, { note: 'n', remark: 'r', other: 'x' })).toEqual(['r', 'n']);
    expect(declaredCells(fields, { remark: 7 })).toEqual(['', '']);
    expect(declaredValues(fields, { note: 'n' })).toEqual({ remark: '', note: 'n' });
    expect(declaredValues(fields)).toEqual({ remark: '', note: '' });
  });
});

describe('the users’ declared fields', () => {
  it('each is named in both catalogues, its rule in both languages, its heading after the template’s own', () => {
    for (const [name, f] of Object.entries(USER_FIELDS)) {
      expect([name, f.label in zhSignedIn, f.label in en]).toEqual([name, true, true]);
      expect([name, RULE_MESSAGES_EN[f.max[1]]]).toEqual([name, expect.any(String)]);
    }
    expect(USER_SHEET).toEqual([...USER_SHEET_COLUMNS, ...Object.values(USER_FIELDS).map((f) => f.sheet)]);
  });

  it('are part of the user row and the users form', () => {
    expect(Object.keys(userRow.entries)).toEqual(expect.arrayContaining(Object.keys(USER_FIELDS)));
    expect(fieldProblems(userForm(false), { remark: '备'.repeat(201) })).toMatchObject({ remark: '备注不能超过 200 个字' });
  });
});
