import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  choiceField,
  declareFields,
  declaredCells,
  declaredRow,
  declaredRules,
  declaredValues,
  formBody,
  formValues,
  saveBody,
  servedIdsField,
  storedEntries,
  textField,
  type Declarations,
} from '@/api/schema/resource.ts';
import { optionalRowId } from '@/api/schema/kit.ts';
import { STAFF_FIELDS, staffRow, staffSave } from '@/api/schema/system/staff.ts';
import { WEBHOOK_FIELDS, webhookSave } from '@/api/schema/open/webhook.ts';
import { API_KEY_FIELDS, apiKeySave } from '@/api/schema/open/api-key.ts';
import { SMS_PLATFORM_FIELDS, smsPlatformSave } from '@/api/schema/system/sms-platform.ts';
import { META_FIELD_FIELDS, META_TABLE_FIELDS, metaFieldSave, metaTableSave } from '@/api/schema/system/meta-table.ts';
import { META_FIELD_TYPES } from '@/api/contract/records.ts';
import { TENANT_FIELDS, tenantEdit } from '@/api/schema/system/tenant.ts';
import { ROLE_FIELDS, roleSave } from '@/api/schema/system/role.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { RULE_MESSAGES } from '@/api/schema/messages.ts';
import { USER_FIELDS, USER_SHEET, userForm, userRow, USER_SHEET_COLUMNS } from '@/api/schema/system/user.ts';
import { zhSignedIn } from '@/i18n/messages-zh.ts';
import { zhPublic } from '@/i18n/messages.ts';
import { en } from '@/i18n/messages-en.ts';
import { RULE_MESSAGES_EN } from '@/i18n/rule-messages-en.ts';

const fields = declareFields({
  remark: textField({ column: 'remark', label: 'userRemark', sheet: '备注', max: [5, 'userRemarkMax'], list: { width: 100 } }),
  note: textField({
    column: 'note_text',
    label: 'userRemark',
    sheet: '附注',
    max: [3, 'userRemarkMax'],
    list: { width: 100, hiddenAtFirst: true },
  }),
});

describe('declared fields (src/api/schema/resource.ts)', () => {
  it('refuses a column or a name that could not be written into SQL or a call', () => {
    const f = textField({ column: 'x', label: 'userRemark', sheet: 'x', max: [1, 'userRemarkMax'], list: { width: 1 } });
    expect(() => declareFields({ a: { ...f, column: 'remark; DROP TABLE app_user' } })).toThrow(/lower-case letters/);
    expect(() => declareFields({ a: { ...f, column: 'Remark' } })).toThrow(/lower-case letters/);
    expect(() => declareFields({ 'a"b': f })).toThrow(/camelCase/);
    expect(() => declareFields({ a: { kind: 'choice', label: 'userType' } })).toThrow(/names its choices/);
  });

  it('checks each by its rule: trimmed, up to its length with its own message, empty when absent', () => {
    const schema = v.object(declaredRules(fields));
    expect(v.parse(schema, { remark: '  ab  ' })).toEqual({ remark: 'ab', note: '' });
    expect(fieldProblems(schema, { remark: '123456', note: '1234' })).toEqual({
      remark: RULE_MESSAGES.userRemarkMax,
      note: RULE_MESSAGES.userRemarkMax,
    });
    expect(fieldProblems(schema, { remark: 5 })).toMatchObject({ remark: RULE_MESSAGES.userRemarkMax });
    expect(v.is(declaredRow(fields), { id: 1, remark: '', note: 'x' })).toBe(true);
    expect(v.is(declaredRow(fields, { count: v.number() }), { id: 1, remark: '', note: 'x' })).toBe(false);
  });

  it('reads a row’s stored values in declaration order as text, empty where the row has none', () => {
    expect(declaredCells(fields, { note: 'n', remark: 'r', other: 'x' })).toEqual(['r', 'n']);
    expect(declaredCells(fields, { remark: 7 })).toEqual(['7', '']);
    expect(declaredCells(fields, { remark: null })).toEqual(['', '']);
    expect(declaredValues(fields, { note: 'n' })).toEqual({ remark: '', note: 'n' });
    expect(declaredValues(fields)).toEqual({ remark: '', note: '' });
  });
});

describe('declared kinds beyond text', () => {
  const kinds = declareFields({
    name: textField({ label: 'staffName', required: 'staffName', max: [8, 'staffNameMax'] }),
    store: { kind: 'number', label: 'staffStore', rule: optionalRowId('staffStore'), answer: v.nullable(v.number()) },
    level: choiceField({
      label: 'userType',
      choices: [
        [1, 'enabled'],
        [0, 'disabled'],
      ],
      required: 'userStatusChange',
    }),
    vip: { kind: 'flag', label: 'yes', rule: v.boolean() },
    shown: { kind: 'text', label: 'staffAccount', list: { width: 90 } },
  });

  it('the form holds numbers and choices as text and a flag as true or false, and only the fields it shows', () => {
    expect(formValues(kinds, null)).toEqual({ name: '', store: '', level: '', vip: false });
    expect(formValues(kinds, { name: '甲', store: 12, level: 0, vip: true, shown: 'x' })).toEqual({
      name: '甲',
      store: '12',
      level: '0',
      vip: true,
    });
  });

  it('a save sends digits as a number, nothing as none, a choice as its value, and anything else as typed for its rule', () => {
    expect(formBody(kinds, { name: '甲', store: ' 12 ', level: '0', vip: true })).toEqual({ name: '甲', store: 12, level: 0, vip: true });
    expect(formBody(kinds, { name: '', store: '', level: '', vip: false })).toEqual({ name: '', store: null, level: null, vip: false });
    expect(formBody(kinds, { name: 'x', store: '12a', level: '9', vip: false })).toMatchObject({ store: '12a', level: '9' });
    expect(saveBody(kinds, { id: 7 }, { name: '甲', store: '', level: '1', vip: true })).toEqual({
      id: 7,
      name: '甲',
      store: null,
      level: 1,
      vip: true,
    });
    expect(saveBody(kinds, null, { name: '甲', store: '', level: '1', vip: true })).not.toHaveProperty('id');
    const schema = v.object(declaredRules(kinds));
    expect(Object.keys(schema.entries)).toEqual(['name', 'store', 'level', 'vip']);
    expect(fieldProblems(schema, formBody(kinds, { name: '', store: '12a', level: '1', vip: true }))).toEqual({
      name: RULE_MESSAGES.staffName,
      store: RULE_MESSAGES.staffStore,
    });
  });

  it('only a field with a column, a heading and a rule is stored by the server from its declaration', () => {
    expect(storedEntries(kinds)).toEqual([]);
    expect(storedEntries(fields).map(([name]) => name)).toEqual(['remark', 'note']);
    const row = declaredRow(kinds);
    expect(v.is(row, { id: 1, name: 'a', store: null, level: 0, vip: 'y', shown: '' })).toBe(true);
    // a choice's answer is one of its values
    expect(v.is(row, { id: 1, name: 'a', store: null, level: 2, vip: 'y', shown: '' })).toBe(false);
    // a row carries its id
    expect(v.is(row, { name: 'a', store: null, level: 0, vip: 'y', shown: '' })).toBe(false);
  });
});

describe('several of fixed choices, a secret and a new row’s flag (the webhooks’ declaration)', () => {
  it('a webhook’s events: one at least, each a known event, each once; named in both catalogues', () => {
    const save = (events: unknown) => ({ name: '订阅', url: 'https://example.com/hook', events, secret: 'x'.repeat(16) });
    expect(fieldProblems(webhookSave, save([]))).toEqual({ events: RULE_MESSAGES.webhookEvents });
    expect(fieldProblems(webhookSave, save(['user.created', 'no.such']))).toEqual({ 'events.1': RULE_MESSAGES.webhookEvent });
    expect(v.parse(webhookSave, save(['user.created', 'role.changed', 'user.created'])).events).toEqual(['user.created', 'role.changed']);
    for (const [name, f] of Object.entries(WEBHOOK_FIELDS as Declarations)) {
      for (const key of [f.label, ...(f.choices ?? []).map((c) => c.label)])
        expect([name, key, key in zhSignedIn, key in en]).toEqual([name, key, true, true]);
    }
  });

  it('the form holds the events chosen, never the secret, and a new subscription enabled; a save sends them as held', () => {
    const row = { id: 3, name: '订阅', url: 'https://example.com/hook', events: ['role.changed'], secret: '******abcd', enabled: false };
    expect(formValues(WEBHOOK_FIELDS, row)).toEqual({
      name: '订阅',
      url: 'https://example.com/hook',
      events: ['role.changed'],
      secret: '',
      enabled: false,
    });
    expect(formValues(WEBHOOK_FIELDS, null)).toEqual({ name: '', url: '', events: [], secret: '', enabled: true });
    expect(saveBody(WEBHOOK_FIELDS, row, { ...formValues(WEBHOOK_FIELDS, row), events: ['user.created'] })).toEqual({
      id: 3,
      name: '订阅',
      url: 'https://example.com/hook',
      events: ['user.created'],
      secret: '',
      enabled: false,
    });
    // an edit without a secret keeps the stored one; a new subscription needs one
    expect(fieldProblems(webhookSave, saveBody(WEBHOOK_FIELDS, row, formValues(WEBHOOK_FIELDS, row)))).toEqual({});
    expect(fieldProblems(webhookSave, { ...saveBody(WEBHOOK_FIELDS, null, formValues(WEBHOOK_FIELDS, row)) })).toEqual({
      secret: RULE_MESSAGES.webhookSecret,
    });
  });

  it('an SMS platform: each field named in both catalogues; the save checks them with the type and the template', () => {
    for (const [name, f] of Object.entries(SMS_PLATFORM_FIELDS as Declarations))
      expect([name, f.label in zhSignedIn, f.label in en]).toEqual([name, true, true]);
    const platform = {
      type: 'http',
      name: '',
      endpoint: 'ftp://x',
      accessKey: '',
      secret: '',
      signName: '签名',
      templates: { verify_code: '' },
      active: true,
    };
    expect(fieldProblems(smsPlatformSave, platform)).toEqual({
      name: RULE_MESSAGES.smsPlatformName,
      endpoint: RULE_MESSAGES.smsPlatformEndpoint,
      'templates.verify_code': RULE_MESSAGES.smsPlatformTemplate,
      secret: RULE_MESSAGES.smsPlatformSecret,
    });
    // the form starts an edit with the stored fields, but never the secret
    const row = {
      id: 2,
      name: '网关',
      endpoint: 'https://sms.example.com',
      accessKey: 'ak',
      secret: '******1234',
      signName: '签名',
      active: true,
    };
    expect(formValues(SMS_PLATFORM_FIELDS, row)).toEqual({ ...row, id: undefined, secret: '' } as never);
  });

  it('a data-dictionary table: each field named in both catalogues; its save refuses a system page’s component', () => {
    for (const [name, f] of Object.entries(META_TABLE_FIELDS as Declarations))
      expect([name, f.label in zhSignedIn || f.label in zhPublic, f.label in en]).toEqual([name, true, true]);
    expect(Object.keys(metaTableSave.entries)).toEqual(['id', 'name', 'label', 'labelEn', 'remark', 'component']);
    expect(fieldProblems(metaTableSave, { name: '1x', label: '', component: 'manage/users' })).toEqual({
      name: RULE_MESSAGES.metaNameRule,
      label: RULE_MESSAGES.metaLabel,
      component: expect.stringContaining('manage/users'),
    });
    // shown only: the counts and the time are never part of the form
    expect(Object.keys(formValues(META_TABLE_FIELDS, null))).toEqual(['name', 'label', 'labelEn', 'remark', 'component']);
  });

  it('a data-dictionary field: its name, label, type and flags declared; an enum’s options and a reference’s table its own', () => {
    for (const [name, f] of Object.entries(META_FIELD_FIELDS as Declarations))
      for (const key of [f.label, ...(f.choices ?? []).map((c) => c.label)])
        expect([name, key, key in zhSignedIn, key in en]).toEqual([name, key, true, true]);
    expect(META_FIELD_FIELDS.type.choices.map((c) => c.value)).toEqual([...META_FIELD_TYPES]);
    const sent = (more: object) => ({ tableId: 1, name: 'guest', label: '访客', type: 'text', ...more });
    expect(fieldProblems(metaFieldSave, sent({ name: '1x', label: '', type: 'nope' }))).toEqual({
      name: RULE_MESSAGES.metaNameRule,
      label: RULE_MESSAGES.metaLabel,
      type: RULE_MESSAGES.metaFieldType,
    });
    expect(fieldProblems(metaFieldSave, sent({ type: 'enum', options: [] }))).toEqual({ options: RULE_MESSAGES.metaOptionsEmpty });
    expect(fieldProblems(metaFieldSave, sent({ type: 'reference' }))).toEqual({ refTableId: RULE_MESSAGES.metaRefRequired });
    // a new field: the flags unticked but for its list column; an edit holds the row's
    expect(formValues(META_FIELD_FIELDS, null)).toEqual({
      name: '',
      label: '',
      labelEn: '',
      type: '',
      required: false,
      unique: false,
      searchable: false,
      listColumn: true,
    });
    const row = {
      name: 'guest',
      label: '访客',
      labelEn: '',
      type: 'enum',
      required: true,
      unique: false,
      searchable: true,
      listColumn: false,
    };
    expect(formValues(META_FIELD_FIELDS, row)).toEqual(row);
    expect(
      v.parse(metaFieldSave, { ...sent({}), ...formBody(META_FIELD_FIELDS, row), options: [{ value: 'a', label: '甲' }] }),
    ).toMatchObject({
      ...row,
      tableId: 1,
      listColumn: false,
    });
  });

  it('a tenant: each field named in both catalogues; the form holds its status as text and a save sends it as a number', () => {
    for (const [name, f] of Object.entries(TENANT_FIELDS as Declarations))
      expect([name, f.label in zhSignedIn || f.label in zhPublic, f.label in en]).toEqual([name, true, true]);
    const row = { id: 2, name: '星河', code: 'xinghe', contactName: '王', contactPhone: '', status: 0, expiresAt: null, userCount: 3 };
    const values = formValues(TENANT_FIELDS, row);
    expect(values).toEqual({ name: '星河', code: 'xinghe', contactName: '王', contactPhone: '', status: '0', expiresAt: '' });
    expect(v.parse(tenantEdit, saveBody(TENANT_FIELDS, row, values))).toMatchObject({ id: 2, status: 0, expiresAt: null });
    expect(fieldProblems(tenantEdit, { ...saveBody(TENANT_FIELDS, row, values), code: 'X!', contactPhone: '123' })).toEqual({
      code: RULE_MESSAGES.tenantCodeRule,
      contactPhone: RULE_MESSAGES.tenantPhone,
    });
  });

  it('a role: its name and English name declared, named in both catalogues; the save adds its id and parent', () => {
    for (const [name, f] of Object.entries(ROLE_FIELDS as Declarations))
      expect([name, f.label in zhSignedIn || f.label in zhPublic, f.label in en]).toEqual([name, true, true]);
    expect(Object.keys(roleSave.entries)).toEqual(['id', 'name', 'nameEn', 'parentId']);
    expect(fieldProblems(roleSave, { name: ' ', nameEn: 'x'.repeat(65), parentId: null })).toEqual({
      name: RULE_MESSAGES.roleName,
      nameEn: RULE_MESSAGES.nameEnMax,
    });
    expect(formValues(ROLE_FIELDS, { id: 3, name: '店长', parentId: 1, userCount: 2 })).toEqual({ name: '店长', nameEn: '' });
  });

  it('a kind of several names its choices', () => {
    expect(() => declareFields({ tags: { kind: 'several', label: 'x' } })).toThrow('a choice names its choices');
  });

  it('an API key: its interfaces are the server’s rows by id, held as text by the form and sent as numbers, each once', () => {
    expect(API_KEY_FIELDS.scopes).toMatchObject({ kind: 'several', served: true });
    const save = (scopes: unknown) => ({ name: '对接', scopes, expiresAt: '' });
    expect(fieldProblems(apiKeySave, save([]))).toEqual({ scopes: RULE_MESSAGES.apiKeyScopes });
    expect(fieldProblems(apiKeySave, save(['x']))).toEqual({ 'scopes.0': RULE_MESSAGES.apiKeyScopesFormat });
    expect(fieldProblems(apiKeySave, save(Array.from({ length: 501 }, (_, i) => i + 1)))).toEqual({
      scopes: RULE_MESSAGES.apiKeyScopesFormat,
    });
    expect(fieldProblems(apiKeySave, { ...save([1]), expiresAt: '2001-01-01T00:00:00Z' })).toEqual({
      expiresAt: RULE_MESSAGES.apiKeyExpiry,
    });
    expect(formValues(API_KEY_FIELDS, null)).toEqual({ name: '', scopes: [], expiresAt: '' });
    const body = formBody(API_KEY_FIELDS, { name: '对接', scopes: ['12', '3', '12'], expiresAt: '' });
    expect(body).toEqual({ name: '对接', scopes: [12, 3, 12], expiresAt: '' });
    expect(v.parse(apiKeySave, body)).toEqual({ name: '对接', scopes: [12, 3], expiresAt: null });
    // what is not an id is sent as typed, for the rule to say so
    expect(formBody(API_KEY_FIELDS, { name: 'a', scopes: ['1a'], expiresAt: '' }).scopes).toEqual(['1a']);
    for (const f of Object.values(API_KEY_FIELDS as Declarations))
      expect([f.label, f.label in zhSignedIn, f.label in en]).toEqual([f.label, true, true]);
    // a served field needs no choices of its own
    expect(() =>
      declareFields({ ids: servedIdsField({ label: 'x', required: 'apiKeyScopes', message: 'apiKeyScopesFormat', max: 3 }) }),
    ).not.toThrow();
  });
});

describe('the staff’s declared fields', () => {
  it('make the staff row and the staff save: each named in both catalogues, each rule’s message in both languages', () => {
    for (const [name, f] of Object.entries(STAFF_FIELDS))
      expect([name, f.label in zhSignedIn || f.label in zhPublic, f.label in en]).toEqual([name, true, true]);
    expect(Object.keys(staffRow.entries)).toEqual(['id', ...Object.keys(STAFF_FIELDS), 'userId']);
    expect(Object.keys(staffSave.entries)).toEqual(['id', 'staffName', 'staffCode', 'phone', 'storeId', 'userId']);
    const problems = fieldProblems(staffSave, { staffName: '', staffCode: 'x'.repeat(33), phone: '123', storeId: 'a1' });
    expect(problems).toEqual({
      staffName: RULE_MESSAGES.staffName,
      staffCode: RULE_MESSAGES.staffCodeMax,
      phone: RULE_MESSAGES.staffPhone,
      storeId: RULE_MESSAGES.staffStore,
    });
    for (const key of ['staffName', 'staffCodeMax', 'staffPhone', 'staffStore'] as const)
      expect([key, RULE_MESSAGES_EN[key]]).toEqual([key, expect.any(String)]);
    // a masked phone (privacy on) sent back unchanged is let through: the stored one stays
    expect(fieldProblems(staffSave, { staffName: '甲', staffCode: 'S1', phone: '138****0000' })).toEqual({});
  });
});

describe('the users’ declared fields', () => {
  it('each is named in both catalogues, each choice too; a stored one’s rule in both languages, its heading after the template’s own', () => {
    for (const [name, f] of Object.entries(USER_FIELDS)) {
      expect([name, f.label in zhSignedIn || f.label in zhPublic, f.label in en]).toEqual([name, true, true]);
      for (const c of 'choices' in f ? f.choices : []) expect([name, c.label in zhSignedIn, c.label in en]).toEqual([name, true, true]);
    }
    expect(storedEntries(USER_FIELDS).map(([name]) => name)).toEqual(['remark']);
    // the fields a save writes: a choice without a required message (status) is shown, never written by the save
    expect(Object.keys(declaredRules(USER_FIELDS))).toEqual(['nickname', 'phone', 'userType', 'remark']);
    // the template's own columns, as every sheet made so far has them: declared headings without a column
    expect(USER_SHEET_COLUMNS).toEqual(['账号', '昵称', '手机号', '用户类型', '部门', '角色']);
    expect(USER_SHEET).toEqual([...USER_SHEET_COLUMNS, ...storedEntries(USER_FIELDS).map(([, f]) => f.sheet)]);
    expect(RULE_MESSAGES_EN.userRemarkMax).toEqual(expect.any(String));
  });

  it('are part of the user row and the users form', () => {
    expect(Object.keys(userRow.entries)).toEqual(expect.arrayContaining(Object.keys(USER_FIELDS)));
    expect(fieldProblems(userForm(false), { remark: '备'.repeat(201) })).toMatchObject({ remark: '备注不能超过 200 个字' });
  });
});
