import * as v from 'valibot';
import { describe, expect, inject, it } from 'vitest';
import { declaredCalls } from '@/api/table/index.ts';
import { signedIn } from '../support/api.ts';
import { postJson } from '../support/demo.ts';
import { inputEntries, serverCalls } from '../support/call-table.ts';

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

// (the words are the server's, not the database's: PGlite's run alone)
describe.runIf(!inject('databaseUrl'))('a wrong value, on every call, to a console in English', () => {
  // Values no rule takes for a key on its own (a body of one such key creates nothing), each refused in the language
  // the request asks for: the English has no Chinese but a name in quotes (“…”), which is what people named.
  const WRONG: unknown[] = [null, [], {}, '\u0000', 2 ** 31];
  it('is refused in English, whichever key it is in', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const platform = await signedIn(baseUrl, 'platform');
    const unsaid: string[] = [];
    let n = 0;
    for (const call of declaredCalls()) {
      if (call.method !== 'POST' || call.form || SKIPPED.has(`POST ${call.path}`)) continue;
      const who = typeof call.owner === 'object' && call.owner.platform ? platform : admin;
      for (const [key] of inputEntries(call)) {
        for (const wrong of WRONG) {
          const ip = `10.47.${n >> 8}.${n++ & 255}`;
          const headers = { UserToken: who.token, 'Accept-Language': 'en', 'X-Forwarded-For': ip };
          const { json } = await postJson(baseUrl, call.path, { [key]: wrong }, headers);
          const said = typeof json.errmsg === 'string' ? json.errmsg : '';
          if (/[\u4e00-\u9fff]/.test(said.replace(/“[^”]*”/g, ''))) unsaid.push(`${call.path} ${key}=${JSON.stringify(wrong)}: ${said}`);
        }
      }
    }
    expect(n).toBeGreaterThan(1_000);
    expect(unsaid).toEqual([]);
  });
});

describe('a value the call’s handler checks itself', () => {
  // The passport and SMS calls take some keys as they come (their handlers check them in an order that matters for
  // safety), and a public page's tenant id falls back to none: whatever such a key holds, the answer is the envelope,
  // never HTTP 500 (an id past a database integer once reached the SQL). An upload's form answers as Qiniu does
  // (uploads.test.ts).
  const WRONG: unknown[] = [null, -1, 1.5, 2 ** 31, 2 ** 53, 1e308, '', 'x', '9'.repeat(40), '\u0000', [], [2 ** 31], {}, { a: 1 }, true];
  it('is answered in the envelope whatever it holds: a wrong type, or a number past a database integer', async () => {
    const open = declaredCalls().flatMap((call) =>
      call.method === 'POST' && !call.form && !SKIPPED.has(`POST ${call.path}`)
        ? inputEntries(call)
            .filter(([, rule]) => v.is(rule, { a: 1 }) && v.is(rule, 2 ** 31))
            .map(([key]) => ({ path: call.path, key }))
        : [],
    );
    expect(open.map((o) => `${o.path} ${o.key}`)).toEqual(expect.arrayContaining(['/anon/tenant/info id', '/anon/sms/sendSMS renantId']));
    const failed: string[] = [];
    let n = 0;
    for (const { path, key } of open) {
      for (const wrong of WRONG) {
        // each from an address of its own, so the login throttle of one address never answers for the rest
        const ip = `10.46.${n >> 8}.${n++ & 255}`;
        const answer = await postJson(baseUrl, path, { [key]: wrong }, { 'X-Forwarded-For': ip });
        const envelope =
          typeof answer.json.result === 'string' || typeof answer.json.result === 'number' || typeof answer.json.data === 'object';
        if (answer.status !== 200 || !envelope)
          failed.push(`${path} ${key}=${JSON.stringify(wrong)}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 100)}`);
      }
    }
    expect(failed).toEqual([]);
  });
});
