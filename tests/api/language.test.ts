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
});
