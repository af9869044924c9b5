import { describe, expect, inject, it } from 'vitest';
import { signedIn } from '../support/api.ts';
import { postJson } from '../support/demo.ts';
import { serverCalls } from '../support/call-table.ts';

// Bad input on every call: a body with a key the call does not take is refused with a message naming the key,
// before the call does anything, and never with an HTTP 500. The calls are read from the server's own routes, so a
// new route is walked too.
const baseUrl = inject('baseUrl');
const table = serverCalls();
// The demo's fault switch is a test tool, not a product call; an upload's form is walked below.
const SKIPPED = new Set(['POST /anon/dev/fault']);
const UPLOADS = ['/v1/user/importExcel', '/v1/metaRecord/import', '/v1/mongo/insTableFile', '/v1/userRole/save', '/anon/upload'];

describe('a body with an unknown key, on every call', () => {
  it('is refused with the key named, after the access chain, on every POST the server answers', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const platform = await signedIn(baseUrl, 'platform');
    const posts = table.owners.filter(([key]) => key.startsWith('POST ') && !SKIPPED.has(key));
    expect(posts.length).toBeGreaterThan(120);
    const wrong: string[] = [];
    for (const [key, owner] of posts) {
      const path = key.slice('POST '.length);
      const who = typeof owner === 'object' && owner.platform ? platform : admin;
      const answer = await postJson(baseUrl, path, { zzNope: 1 }, { UserToken: who.token });
      const said = `${answer.status} ${String(answer.json.errmsg ?? JSON.stringify(answer.json)).slice(0, 80)}`;
      if (answer.status !== 200 || answer.json.errmsg !== '请求含有未知字段 zzNope，请删除后重试') wrong.push(`${key}: ${said}`);
    }
    expect(wrong).toEqual([]);
    // Nothing was done on the way: both sessions are still live (logout and force logout refused the body too).
    expect((await postJson(baseUrl, '/vue/userInfo', {}, { UserToken: admin.token })).json.result).toBe('ok');
    expect((await postJson(baseUrl, '/vue/userInfo', {}, { UserToken: platform.token })).json.result).toBe('ok');
  });

  it('an upload’s form is checked the same way: an unknown field is named', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    for (const path of UPLOADS) {
      const form = new FormData();
      form.append('zzNope', '1');
      const res = await fetch(`${baseUrl}/manage${path}`, { method: 'POST', headers: { UserToken: admin.token }, body: form });
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { errmsg?: string }).errmsg, path).toBe('请求含有未知字段 zzNope，请删除后重试');
    }
  });

  it('says the problem in English when the console is in English', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const answer = await postJson(baseUrl, '/v1/user/list', { zzNope: 1 }, { UserToken: admin.token, 'Accept-Language': 'en' });
    expect(answer.json.errmsg).toBe('The request has an unknown field zzNope; remove it and try again');
  });
});
