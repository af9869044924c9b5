import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { hashPassword } from '@server/infra/crypto.ts';
import { signedIn } from '../support/api.ts';
import { ownServer } from '../support/db-access.ts';
import {
  captcha,
  freshIp,
  freshPhone,
  loginFrom,
  outbox,
  postJson,
  registerAccount,
  verifiedCode,
  withEncryptedPassword,
} from '../support/demo.ts';

// Issue 9: each defect found by attack and load, with real (parallel) requests against the real server, on PGlite
// and on PostgreSQL (the postgres project runs this file again).
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');

const WRONG = '账号或密码错误';
const LOCKED = /^登录失败次数过多，请 (\d+) 秒后再试$/;

describe('login throttling (per account and per address)', () => {
  it('locks an account after 5 wrong passwords: the 50th wrong and then the right one are refused with the time left', async () => {
    const { userName, password } = await registerAccount(baseUrl, 'lk');
    const ip = freshIp();
    const answers: string[] = [];
    for (let i = 0; i < 50; i++) answers.push(String((await loginFrom(baseUrl, ip, userName, `Wrong${i}pass`)).json.errmsg));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(WRONG));
    expect(answers.slice(5).every((a) => LOCKED.test(a))).toBe(true);
    const right = await loginFrom(baseUrl, ip, userName, password);
    expect(right.json).toMatchObject({ result: 'error', errmsg: expect.stringMatching(LOCKED) });
    const seconds = Number(LOCKED.exec(String(right.json.errmsg))![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // Per account: from another address too.
    expect((await loginFrom(baseUrl, freshIp(), userName, password)).json.errmsg).toMatch(LOCKED);
  });

  it('a parallel burst of wrong passwords locks once (no stacked locks), and a right password after it is refused', async () => {
    const { userName, password } = await registerAccount(baseUrl, 'pb');
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom(baseUrl, ip, userName, `Burst${i}pass`)));
    expect(burst.every((a) => a.json.result === 'error')).toBe(true);
    const after = await loginFrom(baseUrl, ip, userName, password);
    expect(after.json.errmsg).toMatch(LOCKED);
    // In-flight failures that land while locked do not double the lock: it is the first lock, at most 60 s.
    expect(Number(LOCKED.exec(String(after.json.errmsg))![1])).toBeLessThanOrEqual(60);
  });

  it('a correct login clears the account’s failures', async () => {
    const { userName, password } = await registerAccount(baseUrl, 'ok');
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await loginFrom(baseUrl, ip, userName, 'Nope1234')).json.errmsg).toBe(WRONG);
    expect((await loginFrom(baseUrl, ip, userName, password)).json.result).toBe('ok');
    for (let i = 0; i < 4; i++) expect((await loginFrom(baseUrl, ip, userName, 'Nope1234')).json.errmsg).toBe(WRONG);
    expect((await loginFrom(baseUrl, ip, userName, password)).json.result).toBe('ok');
  });

  it('locks an address after 30 failures whatever the accounts, without touching other addresses', async () => {
    const { userName, password } = await registerAccount(baseUrl, 'ip');
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await loginFrom(baseUrl, ip, `nobody${i}x`, 'Nope1234')).json.errmsg).toBe(WRONG);
    expect((await loginFrom(baseUrl, ip, userName, password)).json.errmsg).toMatch(LOCKED);
    expect((await loginFrom(baseUrl, freshIp(), userName, password)).json.result).toBe('ok');
  });

  it('lets 40 concurrent correct logins of one account from one address all through', async () => {
    const { userName, password } = await registerAccount(baseUrl, 'cc');
    const ip = freshIp();
    // 40: past both limits (5 failures per account, 30 per address), were correct logins counted. Each costs a
    // password hash by design, so more would only load the shared server.
    const all = await Promise.all(Array.from({ length: 40 }, () => loginFrom(baseUrl, ip, userName, password)));
    expect(all.filter((a) => a.json.result === 'ok')).toHaveLength(40);
  });
});

describe('every call needs a granted page or button', () => {
  it('staff, whose menu has no users or logs page, cannot read phones or the operation log', async () => {
    const staff = await signedIn(baseUrl, 'staff');
    for (const path of ['/v1/user/list', '/vue/user/detail', '/v1/userOperationLog/list']) {
      const answer = await postJson(baseUrl, path, { id: 1 }, { UserToken: staff.token });
      expect(answer.json, path).toEqual({ result: 403, errmsg: '您没有当前操作的权限' });
    }
    // The shell's own calls stay open to every signed-in user.
    expect((await postJson(baseUrl, '/vue/userInfo', {}, { UserToken: staff.token })).json.result).toBe('ok');
  });
});

describe('atomic limits under parallel requests', () => {
  it('60 parallel wrong SMS codes get 5 checks in all; the right code is then dead too', async () => {
    const { api } = await signedIn(baseUrl, 'nophone');
    const phone = freshPhone();
    const c = await captcha(baseUrl);
    await api.call('/v2/sms/sendSMS', { phone, imgVeryCode: c.text, uuid: c.uuid });
    const code = (await outbox(baseUrl, `phone=${phone}`)).smsCode;
    const wrong = code === '999999' ? '999998' : '999999';
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => api.call('/v1/third/bindPhone', { phone, code: wrong }).catch((e: Error) => e.message)),
    );
    expect(answers.filter((m) => m === '验证码错误')).toHaveLength(4);
    expect(answers.filter((m) => m === '验证码错误次数过多，请重新获取')).toHaveLength(56);
    await expect(api.call('/v1/third/bindPhone', { phone, code })).rejects.toThrow('验证码错误次数过多，请重新获取');
  });

  it('20 parallel force logouts of one session: exactly one succeeds', async () => {
    const ta = await signedIn(baseUrl, 'tenantadmin');
    const victim = await signedIn(baseUrl, 'staff');
    const { values } = await victim.api.call<{ values: { sessionId: string } }>('/vue/userInfo');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson(baseUrl, '/v1/user/forceLogout', { id: values.sessionId }, { UserToken: ta.token })),
    );
    expect(answers.filter((a) => a.json.result === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a.json.errmsg === '该登录已失效或不存在')).toHaveLength(19);
  });

  it('two parallel sends to one phone (each with its own captcha) send one code', async () => {
    const phone = freshPhone();
    const [a, b] = await Promise.all([captcha(baseUrl), captcha(baseUrl)]);
    const answers = await Promise.all(
      [a, b].map((c) => postJson(baseUrl, '/anon/sms/sendSMS', { phone, imgVeryCode: c.text, uuid: c.uuid })),
    );
    expect(answers.filter((x) => x.json.result === 'ok')).toHaveLength(1);
    expect(answers.find((x) => x.json.result !== 'ok')!.json).toMatchObject({
      values: '',
      errmsg: expect.stringMatching(/^发送过于频繁，请 \d+ 秒后再试$/),
    });
  });

  it('parallel registrations get their own tenants; a duplicate account name is answered, never HTTP 500', async () => {
    const register = async (userName: string) => {
      const phone = freshPhone();
      return postJson(baseUrl, '/anon/passport/register', {
        tenantName: `并发${userName}`,
        userName,
        nickname: '并发',
        phone,
        code: await verifiedCode(baseUrl, phone),
        ...(await withEncryptedPassword(baseUrl, 'Passw0rd2026')),
      });
    };
    const stamp = Date.now().toString(36);
    const distinct = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`par${stamp}${i}`)));
    expect(distinct.map((a) => a.status)).toEqual(Array(8).fill(200));
    const ids = distinct.map((a) => (a.json.values as { tenantId: number }).tenantId);
    expect(new Set(ids).size).toBe(8);
    const same = await Promise.all([register(`dup${stamp}`), register(`dup${stamp}`)]);
    expect(same.map((a) => a.status)).toEqual([200, 200]);
    expect(same.map((a) => a.json.result).sort()).toEqual(['error', 'ok']);
    expect(same.find((a) => a.json.result === 'error')!.json.errmsg).toBe('该账号已被使用');
  });
});

describe('userToken links', () => {
  it('are single use: the link’s session ends, the new one ends when the source would have', async () => {
    const source = await signedIn(baseUrl, 'admin');
    const before = (await source.api.call<{ tokenExpire: number }>('/vue/userInfo')).tokenExpire;
    const exchange = () => postJson(baseUrl, '/anon/passport/loginByUserToken', { userToken: source.token });
    const [first, second] = await Promise.all([exchange(), exchange()]);
    const won = [first, second].filter((a) => (a.json.data as { result: number }).result === 200);
    expect(won).toHaveLength(1);
    const token = (won[0].json.data as { values: string }).values;
    const info = await postJson(baseUrl, '/vue/userInfo', {}, { UserToken: token });
    expect(Number(info.json.tokenExpire)).toBeLessThanOrEqual(before);
    expect(Number(info.json.tokenExpire)).toBeGreaterThan(before - 30);
    expect((await postJson(baseUrl, '/vue/userInfo', {}, { UserToken: source.token })).json).toMatchObject({ result: 401 });
    expect((await exchange()).json).toEqual({ data: { result: 401, errmsg: 'userToken失效' } });
  });
});

describe('headers, sizes and characters', () => {
  it('answers every /manage call with security headers and no-store', async () => {
    const answer = await postJson(baseUrl, '/anon/passport/aesKey', {});
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = answer.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false);
    expect((await postJson(baseUrl, '/no/such/call', {})).headers.get('cache-control')).toBe('no-store');
  });

  it('serves the app with the CSP, and a missing asset as 404, never index.html', async () => {
    const page = await fetch(`${baseUrl}/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${baseUrl}/assets/no-such-chunk-1234.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(await missing.text()).not.toContain('<!doctype html>');
  });

  it('refuses a JSON body over 1 MB with 413 and a message, without reading it', async () => {
    const big = JSON.stringify({ userName: 'x'.repeat(2 * 1024 * 1024) });
    // The server answers and closes while the client is still sending: the client may meet the closed socket (EPIPE)
    // before it reads the answer, a race of TCP and not of the server (it failed a CI run on a busy machine). An
    // attempt that sees no answer is tried again; one must see the 413.
    let answer: Awaited<ReturnType<typeof postJson>> | undefined;
    for (let attempt = 0; attempt < 5 && !answer; attempt++) {
      answer = await postJson(baseUrl, '/anon/passport/login', big).catch((e: unknown) => {
        if (!/EPIPE|ECONNRESET/.test(String((e as { cause?: unknown }).cause ?? e))) throw e;
        return undefined;
      });
    }
    if (!answer) throw new Error('no answer in 5 attempts');
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ result: 'error', errmsg: '请求内容过大，不能超过 1 MB' });
    // The unread rest of the body would poison the connection for the next request: it is closed.
    expect(answer.headers.get('connection')).toBe('close');
    expect((await postJson(baseUrl, '/anon/passport/aesKey', {})).json.result).toBe('ok');
  });

  it('refuses a streamed body (no Content-Length) as soon as it passes its limit, while the rest is still to come', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const { hostname, port } = new URL(baseUrl);
    const answer = await new Promise<{ status: number; body: string; sentWhole: boolean }>((resolve, reject) => {
      let sentWhole = false;
      const req = request(
        {
          hostname,
          port,
          path: '/manage/v1/user/save',
          method: 'POST',
          headers: { 'content-type': 'application/json', UserToken: admin.token },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body, sentWhole }));
        },
      );
      req.on('error', reject);
      // 2 MB now (twice the limit), then the client waits: it never finishes unless the server answered first.
      req.write(`{"userName":"${'x'.repeat(2 * 1024 * 1024)}`);
      setTimeout(() => {
        sentWhole = true;
        req.end('"}');
      }, 20_000).unref();
    });
    expect(answer.sentWhole).toBe(false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ result: 'error', errmsg: '请求内容过大，不能超过 1 MB' });
  });

  it('reads a body under its limit whether it declares its length or streams in chunks', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const { hostname, port } = new URL(baseUrl);
    const post = (chunks: string[], headers: Record<string, string>) =>
      new Promise<{ status: number; json: { result?: unknown; values?: unknown[] } }>((resolve, reject) => {
        const req = request(
          {
            hostname,
            port,
            path: '/manage/v1/user/list',
            method: 'POST',
            headers: { 'content-type': 'application/json', UserToken: admin.token, ...headers },
          },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(body) as { result?: unknown } }));
          },
        );
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    const body = JSON.stringify({ pageNum: 1, pageSize: 50, keyword: 'tenantadmin' });
    const declared = await post([body], { 'content-length': String(Buffer.byteLength(body)) });
    const streamed = await post([body.slice(0, 10), body.slice(10)], { 'transfer-encoding': 'chunked' });
    for (const answer of [declared, streamed]) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ result: 'ok' });
      expect(answer.json.values).toEqual([expect.objectContaining({ userName: 'tenantadmin' })]);
    }
  });

  it('answers a NUL character in any string field with a message, never HTTP 500', async () => {
    const nul = '\u0000';
    const login = await postJson(baseUrl, '/anon/passport/login', { userName: `ad${nul}min`, password: 'x', keyId: 'y', appName: 'SCRM' });
    expect(login).toMatchObject({ status: 200, json: { result: 'error', errmsg: '请求内容含有不允许的空字符（U+0000），请删除后重试' } });
    const admin = await signedIn(baseUrl, 'admin');
    const nested = await postJson(baseUrl, '/v1/user/list', { keyword: `a${nul}` }, { UserToken: admin.token });
    expect(nested).toMatchObject({ status: 200, json: { result: 'error' } });
    const key = await postJson(baseUrl, '/v1/userOperationLog/save', { [`k${nul}`]: 1 }, { UserToken: admin.token });
    expect(key).toMatchObject({ status: 200, json: { result: 'error' } });
  });

  it('answers a body nested deeper than 32 levels with a message, never HTTP 500 (5,000 levels is well under 1 MB)', async () => {
    const nest = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
    const deep = { status: 200, json: { result: 'error', errmsg: '请求内容嵌套超过 32 层，请简化后重试' } };
    expect(await postJson(baseUrl, '/anon/passport/login', nest(5000))).toMatchObject(deep);
    const admin = await signedIn(baseUrl, 'admin');
    expect(await postJson(baseUrl, '/v1/user/list', nest(33), { UserToken: admin.token })).toMatchObject(deep);
    // 32 levels is still a body: it reaches the call's own checks.
    const at32 = await postJson(baseUrl, '/v1/user/list', nest(32), { UserToken: admin.token });
    expect(at32.status).toBe(200);
    expect(at32.json.errmsg).not.toBe(deep.json.errmsg);
    // A NUL below the limit is still found, and said as such.
    expect(await postJson(baseUrl, '/anon/passport/login', { a: [[[{ b: 'x\u0000' }]]] })).toMatchObject({
      json: { errmsg: '请求内容含有不允许的空字符（U+0000），请删除后重试' },
    });
  });
});

describe('no account enumeration', () => {
  const server = ownServer(databaseUrl);

  /**
   * The median times of `a` and `b`, run `n` times each in turns (a, b, a, b, ...), so that both meet the same load
   * of a machine that other work shares: a ratio of two medians taken one after the other reads that load instead.
   */
  const medians = async (n: number, a: () => Promise<unknown>, b: () => Promise<unknown>) => {
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < n; i++) {
      for (const [k, fn] of [a, b].entries()) {
        const t = performance.now();
        await fn();
        times[k].push(performance.now() - t);
      }
    }
    return times.map((t) => t.sort((x, y) => x - y)[Math.floor(n / 2)]) as [number, number];
  };

  it('a ticket-shaped password costs the same for a real and an unknown account, with the same answer', async () => {
    // Each account stays under the 5-failure lock, so every sample takes the password path, never the lock's.
    const accounts = [
      await registerAccount(server.url, 'tk'),
      await registerAccount(server.url, 'tk'),
      await registerAccount(server.url, 'tk'),
    ];
    let n = 0;
    const real = () => loginFrom(server.url, freshIp(), accounts[n++ % 3].userName, 'ticket:not-a-real-ticket');
    const unknown = () => loginFrom(server.url, freshIp(), `nobody-${Math.random().toString(36).slice(2)}`, 'ticket:not-a-real-ticket');
    expect((await real()).json).toEqual({ result: 'error', errmsg: WRONG });
    expect((await unknown()).json).toEqual({ result: 'error', errmsg: WRONG });
    // Before the fix the real account answered about 14 times faster; the bounds leave room for a busy machine.
    const [a, b] = await medians(11, real, unknown);
    expect(a / b).toBeGreaterThan(1 / 3);
    expect(a / b).toBeLessThan(3);
  });

  it('a disabled account and a disabled tenant are named only to the right password; a wrong one answers as for any account', async () => {
    const [{ id: tenantId }] = await server.query<{ id: number }>(`INSERT INTO tenant (name) VALUES ('停用测试') RETURNING id`);
    const hash = await hashPassword('Passw0rd2026');
    const name = `off${Date.now().toString(36)}`;
    await server.query(
      `INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, user_type, status) VALUES ($1, $2, $3, '停用', 1, 0)`,
      [tenantId, name, hash],
    );
    expect((await loginFrom(server.url, freshIp(), name, 'Passw0rd2026')).json).toEqual({
      result: 'error',
      errmsg: '账号已停用，请联系管理员',
    });
    expect((await loginFrom(server.url, freshIp(), name, 'Wrong1234')).json).toEqual({ result: 'error', errmsg: WRONG });
    await server.query(`UPDATE app_user SET status = 1 WHERE user_name = $1`, [name]);
    expect((await loginFrom(server.url, freshIp(), name, 'Passw0rd2026')).json.result).toBe('ok');
    await server.query(`UPDATE tenant SET status = 0 WHERE id = $1`, [tenantId]);
    expect((await loginFrom(server.url, freshIp(), name, 'Wrong1234')).json).toEqual({ result: 'error', errmsg: WRONG });
    expect((await loginFrom(server.url, freshIp(), name, 'Passw0rd2026')).json).toEqual({
      result: 'error',
      errmsg: '所属企业已停用或已到期，请联系平台管理员',
    });
  });

  it('department scope holds for the list and for delete, even with the user:del button', async () => {
    // tenantadmin (总部) is given user:del here; staff and nophone are in 华东大区 only.
    await server.query(
      `INSERT INTO role_perm (role_id, menu_id)
       SELECT ur.role_id, m.id FROM user_role ur JOIN app_user u ON u.id = ur.user_id, menu m
        WHERE u.user_name = 'tenantadmin' AND m.code = 'user:del' ON CONFLICT DO NOTHING`,
    );
    const ta = await signedIn(server.url, 'tenantadmin');
    const list = await ta.api.call<{ values: Array<{ userName: string }>; count: number }>('/v1/user/list', { pageSize: 200 });
    const names = list.values.map((u) => u.userName);
    expect(names).toEqual(expect.arrayContaining(['admin', 'tenantadmin']));
    expect(names).not.toContain('staff');
    expect(names).not.toContain('nophone');
    expect(list.count).toBe(names.length);
    const [{ id: staffId }] = await server.query<{ id: number }>(`SELECT id FROM app_user WHERE user_name = 'staff'`);
    const refused = await postJson(server.url, '/vue/user/del', { id: staffId }, { UserToken: ta.token });
    expect(refused.json).toMatchObject({ result: 'error', type: 'departNoPermisson' });
    const [row] = await server.query<{ status: number }>(`SELECT status FROM app_user WHERE id = $1`, [staffId]);
    expect(row.status).toBe(1);
  });
});

describe('the demo outbox', () => {
  it('answers callers on this machine only (a forwarded request is remote)', async () => {
    const phone = freshPhone();
    await verifiedCode(baseUrl, phone);
    const forwarded = await fetch(`${baseUrl}/manage/anon/dev/outbox?phone=${phone}`, { headers: { 'X-Forwarded-For': '198.51.100.7' } });
    expect(forwarded.status).toBe(404);
    expect((await outbox(baseUrl, `phone=${phone}`)).smsCode).toMatch(/^\d{6}$/);
  });
});
