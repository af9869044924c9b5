import { describe, expect, inject, it } from 'vitest';
import { callAs, signedIn } from '../support/api.ts';

const baseUrl = inject('baseUrl');
const post = (path: string, body: unknown, headers: Record<string, string>) => callAs(baseUrl, headers, path, body);

describe('refusals in the language the request asks for', () => {
  it('answers a refusal in English to Accept-Language: en, in Chinese otherwise; protocol words stay as SPEC writes them', async () => {
    const { token } = await signedIn(baseUrl, 'admin');
    const asks = (language?: string) =>
      post('/v1/role/save', { name: '' }, { UserToken: token, ...(language ? { 'Accept-Language': language } : {}) });
    expect(await asks('en')).toMatchObject({ result: 'error', field: 'name', errmsg: 'The role name is required' });
    expect(await asks('zh-CN')).toMatchObject({ result: 'error', field: 'name', errmsg: '角色名称不能为空' });
    expect(await asks()).toMatchObject({ errmsg: '角色名称不能为空' });
    // A handler's own refusal, with a part that varies.
    expect(await post('/vue/user/del', { id: 999999999 }, { UserToken: token, 'Accept-Language': 'en' })).toMatchObject({
      result: 'error',
      errmsg: 'No such user',
    });
    // The session's words the console reads are never translated.
    expect(await post('/vue/userInfo', {}, { UserToken: 'nope', 'Accept-Language': 'en' })).toMatchObject({
      result: 401,
      errmsg: 'userToken失效',
    });
    expect(await post('/vue/userInfo', {}, { 'Accept-Language': 'en' })).toMatchObject({ values: 'userToken缺失' });
  });

  it('says a records list’s refusals in English too: a filter on a field that takes none, a range it cannot read', async () => {
    const { token } = await signedIn(baseUrl, 'admin');
    const en = { UserToken: token, 'Accept-Language': 'en' };
    const tables = await post('/v1/metaData/selMetaTableList', { pageNum: 1, pageSize: 200 }, en);
    const member = (tables.values as Array<{ id: number; name: string }>).find((t) => t.name === 'member')!;
    const fields = (await post('/v1/metaData/selMetaFieldList', { tableId: member.id }, en)).values as Array<{
      name: string;
      label: string;
      labelEn: string;
      type: string;
      searchable: boolean;
    }>;
    const closed = fields.find((f) => !f.searchable)!;
    const dated = fields.find((f) => f.type === 'date' && f.searchable)!;
    const list = (filters: Record<string, string>) => post('/v1/metaRecord/list', { tableId: member.id, filters }, en);
    // (each named by the English label the dictionary gives it)
    expect([closed.labelEn, dated.labelEn].every(Boolean)).toBe(true);
    expect(await list({ [closed.name]: '1' })).toMatchObject({ result: 'error', errmsg: `“${closed.labelEn}” cannot be filtered on` });
    expect(await list({ [dated.name]: '2026-13-45~' })).toMatchObject({
      result: 'error',
      errmsg: `The range of “${dated.labelEn}” is not in the expected format`,
    });
    // a day the calendar does not have is no day (it matched no record before, as if it were one)
    expect(
      await post('/v1/metaRecord/list', { tableId: member.id, filters: { [dated.name]: '2026-02-30~2026-03-01' } }, { UserToken: token }),
    ).toMatchObject({ result: 'error', field: dated.name, errmsg: `“${dated.label}”的范围格式不正确` });
  });

  it('lists an enum field’s options in English where the dictionary gives them English', async () => {
    const { token } = await signedIn(baseUrl, 'admin');
    type Field = { name: string; labelEn: string; type: string; required: boolean; options: Array<{ label: string; labelEn?: string }> };
    const schema = (await post('/v1/metaRecord/schema', { component: 'member-mng/member-list' }, { UserToken: token })).values as {
      table: { id: number };
      fields: Field[];
    };
    const level = schema.fields.find((f) => f.type === 'enum')!;
    expect(level.options.every((o) => o.labelEn)).toBe(true);
    const values = Object.fromEntries(schema.fields.filter((f) => f.required).map((f) => [f.name, 'x1']));
    const save = (headers: Record<string, string>) =>
      post(
        '/v1/metaRecord/save',
        { tableId: schema.table.id, values: { ...values, [level.name]: '不存在' } },
        { UserToken: token, ...headers },
      );
    expect(await save({ 'Accept-Language': 'en' })).toMatchObject({
      field: level.name,
      errmsg: `${level.labelEn} is one of: ${level.options.map((o) => o.labelEn).join(', ')}`,
    });
    expect(await save({})).toMatchObject({ field: level.name, errmsg: `等级须为：${level.options.map((o) => o.label).join('、')}` });
  });
});
