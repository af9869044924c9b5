import { describe, expect, inject, it } from 'vitest';
import { createApiClient } from '@/api/client.ts';
import { login } from '@/api/calls/session/session-calls.ts';
import { memoryStore } from '@/api/storage.ts';
import type { LoginLogRow, SessionLogRow } from '@/api/table/logs.ts';
import { newAccount, openEvents, send, signedIn } from '../support/api.ts';
import { LOG_TEXTS } from '@server/features/operation-log/queries.ts';

// Issue 13, logs: every sign-in attempt and each session's life, who signed in lately, errors (server faults with
// their request id, the console's own reports), SMS sent, and the operation log's filters, on PGlite and PostgreSQL.
const baseUrl = inject('baseUrl');
const call = <T = unknown>(token: string, path: string, body?: unknown) => send<T>(baseUrl, token, path, body);

const tryLogin = (userName: string, password: string) =>
  login(createApiClient({ store: memoryStore(), baseURL: `${baseUrl}/manage` }), { userName, password }).then(
    (token) => token,
    () => null,
  );

describe('login log', () => {
  it('every attempt is kept with why it failed; a session’s life shows its refreshes, its force logout and by whom', async () => {
    const userName = await newAccount(baseUrl, 'admin', 'lg');
    expect(await tryLogin(userName, 'Wrong2026pass')).toBeNull();
    const me = await signedIn(baseUrl, userName);
    await call(me.token, '/anon/vue/token');
    const admin = await signedIn(baseUrl, 'admin');

    const list = await call<LoginLogRow[]>(admin.token, '/v1/userLoginLog/list', { account: userName });
    const rows = list.json.values!;
    expect(rows.map((r) => [r.success, r.reason])).toEqual([
      [true, ''],
      [false, 'wrong_password'],
    ]);
    expect(rows[0]).toMatchObject({
      account: userName,
      method: 'password',
      ip: expect.any(String),
      sessionId: expect.stringMatching(/^\d+$/),
    });
    // filters: result, and a date range that excludes them
    expect(
      (await call<LoginLogRow[]>(admin.token, '/v1/userLoginLog/list', { account: userName, result: 'failure' })).json.values,
    ).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call<LoginLogRow[]>(admin.token, '/v1/userLoginLog/list', { account: userName, from: tomorrow })).json.values).toEqual(
      [],
    );
    expect(await call(admin.token, '/v1/userLoginLog/list', { from: 'yesterday' })).toMatchObject({ json: { field: 'from' } });

    // The admin forces the session out; its life reads login, token, force logout by admin.
    const stream = await openEvents(baseUrl, me.token);
    expect((await call(admin.token, '/v1/user/forceLogout', { id: stream.id })).json.result).toBe('ok');
    stream.close();
    const detail = await call<{ log: LoginLogRow; events: SessionLogRow[]; session: { live: boolean } }>(
      admin.token,
      '/v1/userLoginLog/detail',
      {
        id: rows[0].id,
      },
    );
    expect(detail.json.values!.events.map((e) => [e.kind, e.byUserName])).toEqual([
      ['login', ''],
      ['token', ''],
      ['force_logout', 'admin'],
    ]);
    expect(detail.json.values!.session.live).toBe(false);

    // Who signed in lately: the account, its last login, its failures.
    const info = await call<Array<{ userName: string; logins30d: number; failures30d: number; lastLoginAt: string | null }>>(
      admin.token,
      '/v1/loginInfo/selUserLoginInfoList',
      { keyword: userName },
    );
    expect(info.json.values).toEqual([
      expect.objectContaining({ userName, logins30d: 1, failures30d: 1, lastLoginAt: expect.any(String) }),
    ]);
  });

  it('another tenant sees none of it; an unknown account’s attempt is the platform’s to see', async () => {
    const ghost = `ghost${Date.now().toString(36)}`;
    expect(await tryLogin(ghost, 'Whatever2026')).toBeNull();
    const admin = await signedIn(baseUrl, 'admin');
    const admin2 = await signedIn(baseUrl, 'admin2');
    const op = await signedIn(baseUrl, 'platform');
    expect((await call<LoginLogRow[]>(admin.token, '/v1/userLoginLog/list', { account: ghost })).json.values).toEqual([]);
    expect((await call<LoginLogRow[]>(op.token, '/v1/userLoginLog/list', { account: ghost })).json.values).toEqual([
      expect.objectContaining({ account: ghost, success: false, reason: 'unknown_account' }),
    ]);
    const own = (await call<LoginLogRow[]>(admin.token, '/v1/userLoginLog/list', { account: 'admin', pageSize: 1 })).json.values![0];
    expect(await call(admin2.token, '/v1/userLoginLog/detail', { id: own.id })).toMatchObject({ json: { errmsg: '日志不存在' } });
    // staff has no logs page at all
    const staff = await signedIn(baseUrl, 'staff');
    expect(await call(staff.token, '/v1/userLoginLog/list')).toMatchObject({ json: { result: 403 } });
  });
});

describe('error log', () => {
  it('a server fault answers 500 with its request id (no stack) and is listed with it; the console’s own reports are kept', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    await fetch(`${baseUrl}/manage/anon/dev/fault`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/v1/role/list', throw: true, userToken: admin.token }),
    });
    const failed = await call(admin.token, '/v1/role/list');
    expect(failed.status).toBe(500);
    expect(failed.json.requestId).toBe(failed.requestId);
    expect(JSON.stringify(failed.json)).not.toMatch(/at .*\.ts|Error:/);
    const report = await call(admin.token, '/v1/errLogger/controller/report', {
      message: 'TypeError: x is undefined',
      kind: 'error',
      route: '/manage/users',
      release: 'test',
    });
    expect(report.json).toMatchObject({ result: 'ok', values: { kept: true } });
    const list = await call<Array<{ source: string; requestId: string; path: string; message: string; route: string }>>(
      admin.token,
      '/v1/errLogger/controller/list',
      { keyword: failed.requestId },
    );
    expect(list.json.values).toEqual([
      expect.objectContaining({ source: 'server', path: '/manage/v1/role/list', message: expect.stringContaining('测试故障') }),
    ]);
    const clients = await call<Array<{ route: string; message: string }>>(admin.token, '/v1/errLogger/controller/list', {
      source: 'client',
      keyword: 'x is undefined',
    });
    expect(clients.json.values![0]).toMatchObject({ route: '/manage/users', message: 'TypeError: x is undefined' });
    // another tenant sees neither
    const admin2 = await signedIn(baseUrl, 'admin2');
    expect((await call<unknown[]>(admin2.token, '/v1/errLogger/controller/list', { keyword: failed.requestId })).json.values).toEqual([]);
  });
});

describe('SMS log', () => {
  it('every SMS sent is listed for its tenant without its code, the phone masked when privacy is on', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const uuid = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    await fetch(`${baseUrl}/manage/v1/anon/user/create/verifyCode?uuid=${uuid}`);
    const captcha = (await (await fetch(`${baseUrl}/manage/anon/dev/outbox?uuid=${uuid}`)).json()) as { values: { captcha: string } };
    const phone = `135${String(Date.now()).slice(-8)}`;
    const sent = await call(admin.token, '/v2/sms/sendSMS', { phone, imgVeryCode: captcha.values.captcha, uuid });
    expect(sent.json.result).toBe('ok');
    const list = await call<Array<{ phone: string; template: string; platform: string; success: boolean }>>(
      admin.token,
      '/v1/msg/getSmsRecoedList',
      {
        phone,
      },
    );
    expect(list.json.values).toEqual([expect.objectContaining({ phone, template: 'verify_code', platform: 'dev-outbox', success: true })]);
    expect(JSON.stringify(list.json)).not.toMatch(/smsCode|"code"/);
    const admin2 = await signedIn(baseUrl, 'admin2');
    expect((await call<unknown[]>(admin2.token, '/v1/msg/getSmsRecoedList', { phone })).json.values).toEqual([]);
  });
});

describe('operation log', () => {
  /** a click on a page of this name, by the token's user */
  const save = (token: string, pageName: string) =>
    call(token, '/v1/userOperationLog/save', {
      operationTime: '2026-11-28 10:00:00',
      operationName: '查询',
      operationCode: 'q',
      systemName: 'SCRM',
      pageName,
    });
  /** the log's first 50 rows under a filter, as the token's user lists them: their page names and the count */
  const pages = async (token: string, body: Record<string, unknown>) => {
    const { json } = await call<Array<{ pageName: string }>>(token, '/v1/userOperationLog/list', { pageSize: 50, ...body });
    expect(json.result, `${JSON.stringify(body)}: ${json.errmsg}`).toBe('ok');
    return { names: json.values!.map((r) => r.pageName), count: json.count };
  };

  it('filters by user, page and date; exports the whole filtered list', async () => {
    const userName = await newAccount(baseUrl, 'admin', 'op');
    const me = await signedIn(baseUrl, userName);
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const operationTime = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
    for (const page of ['用户管理', '角色管理']) {
      await call(me.token, '/v1/userOperationLog/save', {
        operationTime,
        operationName: '查询',
        operationCode: 'q',
        systemName: 'SCRM',
        pageName: page,
      });
    }
    const admin = await signedIn(baseUrl, 'admin');
    const mine = await call<Array<{ userName: string; pageName: string }>>(admin.token, '/v1/userOperationLog/list', { user: userName });
    expect(mine.json.values!.map((r) => r.pageName)).toEqual(['角色管理', '用户管理']);
    const one = await call<unknown[]>(admin.token, '/v1/userOperationLog/list', { user: userName, page: '角色' });
    expect(one.json.values).toHaveLength(1);
    const exported = await call<unknown[]>(admin.token, '/v1/userOperationLog/list', { user: userName, export: true });
    expect(exported.json).toMatchObject({ count: 2, truncated: false });
  });
  it('keeps to the caller’s departments, finds the page text literally, and answers an account no one has at once', async () => {
    // a new account of 总部 (tenantadmin's department) and staff of 华东大区 (outside it)
    const userName = await newAccount(baseUrl, 'admin', 'lt');
    const mine = await signedIn(baseUrl, userName);
    const staff = await signedIn(baseUrl, 'staff');
    const tag = Date.now().toString(36);
    await save(mine.token, `${tag}满100%_\\减`);
    await save(mine.token, `${tag}满100x减`);
    await save(staff.token, `${tag}范围外`);
    const [admin, ta] = [await signedIn(baseUrl, 'admin'), await signedIn(baseUrl, 'tenantadmin')];
    // %, _ and \ are themselves, any letter case, not patterns
    expect((await pages(ta.token, { page: `${tag}满100%_\\` })).names).toEqual([`${tag}满100%_\\减`]);
    expect((await pages(ta.token, { page: `${tag}满100_` })).names).toEqual([]);
    expect((await pages(ta.token, { page: `${tag.toUpperCase()}满100` })).names).toEqual([`${tag}满100x减`, `${tag}满100%_\\减`]);
    // one or two characters (no trigram: the index of characters), as literal and as blind to case
    expect((await pages(ta.token, { user: userName, page: '%' })).names).toEqual([`${tag}满100%_\\减`]);
    expect((await pages(ta.token, { user: userName, page: 'X减' })).names).toEqual([`${tag}满100x减`]);
    expect((await pages(ta.token, { user: userName, page: '_x' })).names).toEqual([]);
    // staff's row is outside tenantadmin's departments, whether looked for by its page or its account; admin sees it
    expect(await pages(ta.token, { page: `${tag}范围外` })).toEqual({ names: [], count: 0 });
    expect(await pages(ta.token, { user: 'staff', page: tag })).toEqual({ names: [], count: 0 });
    expect((await pages(admin.token, { user: 'staff', page: tag })).names).toEqual([`${tag}范围外`]);
    expect((await pages(admin.token, { page: tag })).count).toBe(3);
    // an account no one has: nothing, counted as nothing
    expect(await pages(admin.token, { user: `无此账号${tag}` })).toEqual({ names: [], count: 0 });
  });

  it('finds a fragment that many texts hold as it finds one of few texts: in the caller’s departments, every row once', async () => {
    // More texts than the filter takes one by one (LOG_TEXTS.atMost: then the rows' own index), by a new account of
    // 总部 (tenantadmin's department), and one by staff (华东大区, outside it).
    const userName = await newAccount(baseUrl, 'admin', 'mt');
    const mine = await signedIn(baseUrl, userName);
    const staff = await signedIn(baseUrl, 'staff');
    const tag = `${Date.now().toString(36)}多`;
    const many = LOG_TEXTS.atMost + 1;
    for (let i = 0; i < many; i += 16) {
      await Promise.all(Array.from({ length: Math.min(16, many - i) }, (_, k) => save(mine.token, `${tag}甲${i + k}`)));
    }
    await save(mine.token, `${tag}甲25`);
    await save(staff.token, `${tag}甲外`);
    const [admin, ta] = [await signedIn(baseUrl, 'admin'), await signedIn(baseUrl, 'tenantadmin')];
    // many texts: the caller's rows only, the text written twice counted twice
    const all = await pages(ta.token, { page: `${tag}甲` });
    expect(all.count).toBe(many + 1);
    expect(all.names).toHaveLength(50);
    expect(all.names.every((n) => n.startsWith(`${tag}甲`) && n !== `${tag}甲外`)).toBe(true);
    expect((await pages(admin.token, { page: `${tag}甲` })).count).toBe(many + 2);
    // few texts (甲25, 甲250 …): the rows the list of every row has
    const few = await pages(ta.token, { page: `${tag}甲25` });
    const expected = Array.from({ length: many }, (_, i) => `${tag}甲${i}`).filter((n) => n.startsWith(`${tag}甲25`));
    expect(expected.length).toBeGreaterThan(1);
    expect(few.count).toBe(expected.length + 1);
    expect([...new Set(few.names)].sort()).toEqual(expected.sort());
    // a text only staff's row has: none in tenantadmin's departments, and admin's one
    expect(await pages(ta.token, { page: `${tag}甲外` })).toEqual({ names: [], count: 0 });
    expect(await pages(admin.token, { page: `${tag}甲外` })).toEqual({ names: [`${tag}甲外`], count: 1 });
  });

  it('reads the next page from where the last one ended (its cursor), the same rows as by number, unshaken by new rows', async () => {
    const userName = await newAccount(baseUrl, 'admin', 'pg');
    const me = await signedIn(baseUrl, userName);
    const click = (n: number) =>
      call(me.token, '/v1/userOperationLog/save', {
        operationTime: '2026-11-27 10:00:00',
        operationName: `点击${n}`,
        operationCode: 'p',
        systemName: 'SCRM',
        pageName: '用户管理',
      });
    for (let n = 1; n <= 25; n++) await click(n);
    const admin = await signedIn(baseUrl, 'admin');
    type Page = Array<{ operationName: string }>;
    const page = async (body: Record<string, unknown>) => {
      const { json } = await call<Page>(admin.token, '/v1/userOperationLog/list', { user: userName, pageSize: 10, ...body });
      return { names: json.values?.map((r) => r.operationName), next: (json as { next?: string }).next, json };
    };
    const first = await page({ pageNum: 1 });
    expect(first.names).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map((n) => `点击${n}`));
    expect(first.next).toMatch(/^[\w-]+$/);
    const second = await page({ pageNum: 2, after: first.next });
    expect(second.names).toEqual((await page({ pageNum: 2 })).names);
    const third = await page({ pageNum: 3, after: second.next });
    expect(third.names).toEqual(['点击5', '点击4', '点击3', '点击2', '点击1']);
    // the last page says no next
    expect(third.next).toBeUndefined();
    // Two new rows arrive: by number, page 2 would repeat two rows of page 1; from the cursor it goes on where it was.
    await click(26);
    await click(27);
    expect((await page({ pageNum: 2, after: first.next })).names).toEqual(second.names);
    expect((await page({ pageNum: 2 })).names?.slice(0, 2)).toEqual(['点击17', '点击16']);
    // a cursor that is not one is refused, said in the product's words
    for (const after of [
      'not a cursor',
      'eyJ4Ijo1fQ',
      ...['[null,5]', '["soon",5]', '["2026-01-01",0]'].map((j) => Buffer.from(j).toString('base64url')),
    ])
      expect((await page({ pageNum: 2, after })).json).toMatchObject({ result: 'error', errmsg: '分页位置不正确，请回到第一页' });
  });

  it("keeps each click's outcome: its own user's only, a success or a cancel final, a failure still open to success", async () => {
    const userName = await newAccount(baseUrl, 'admin', 'oc');
    const me = await signedIn(baseUrl, userName);
    const admin = await signedIn(baseUrl, 'admin');
    const click = async (token: string, name: string) => {
      const { json } = await call<{ id: number }>(token, '/v1/userOperationLog/save', {
        operationTime: '2026-11-28 10:00:00',
        operationName: name,
        operationCode: 'user:del',
        systemName: 'SCRM',
        pageName: '用户管理',
      });
      // SPEC's answer, and the row's id
      expect(json).toMatchObject({ result: 'ok', values: { id: expect.any(Number) } });
      return json.values!.id;
    };
    const outcome = (token: string, id: number, o: string, refusal?: string) =>
      call(token, '/v1/userOperationLog/outcome', { id, outcome: o, refusal }).then((r) => r.json);
    const rows = async (body: Record<string, unknown> = {}) =>
      (
        await call<Array<{ operationName: string; outcome: string | null; refusal: string }>>(admin.token, '/v1/userOperationLog/list', {
          user: userName,
          pageSize: 50,
          ...body,
        })
      ).json.values!;
    const of = async (name: string) => (await rows()).find((r) => r.operationName === name)!;

    const done = await click(me.token, '删除 a');
    expect(await outcome(me.token, done, 'success')).toMatchObject({ result: 'ok' });
    // a success is final: a late failure or cancel (another tab) changes nothing
    await outcome(me.token, done, 'failure', '不行');
    await outcome(me.token, done, 'cancelled');
    expect(await of('删除 a')).toMatchObject({ outcome: 'success', refusal: '' });

    // a failure, then the corrected retry's success
    const retried = await click(me.token, '删除 b');
    await outcome(me.token, retried, 'failure', '您没有当前操作的权限');
    expect(await of('删除 b')).toMatchObject({ outcome: 'failure', refusal: '您没有当前操作的权限' });
    await outcome(me.token, retried, 'success', 'ignored');
    expect(await of('删除 b')).toMatchObject({ outcome: 'success', refusal: '' });

    // a cancel after a failure keeps the failure; a cancel alone is final
    const gaveUp = await click(me.token, '删除 c');
    await outcome(me.token, gaveUp, 'failure', '手机号格式不正确');
    await outcome(me.token, gaveUp, 'cancelled');
    expect(await of('删除 c')).toMatchObject({ outcome: 'failure', refusal: '手机号格式不正确' });
    const cancelled = await click(me.token, '删除 d');
    await outcome(me.token, cancelled, 'cancelled');
    await outcome(me.token, cancelled, 'success');
    expect(await of('删除 d')).toMatchObject({ outcome: 'cancelled' });

    // another user of the tenant, or another tenant, finds nothing to settle; a click with none has none
    const untouched = await click(me.token, '删除 e');
    expect(await outcome(admin.token, untouched, 'success')).toMatchObject({ result: 'ok' });
    const admin2 = await signedIn(baseUrl, 'admin2');
    await outcome(admin2.token, untouched, 'failure', 'x');
    expect(await of('删除 e')).toMatchObject({ outcome: null, refusal: '' });

    // the list filters by outcome; a wrong outcome is refused in words
    expect((await rows({ outcome: 'failure' })).map((r) => r.operationName)).toEqual(['删除 c']);
    expect((await rows({ outcome: 'cancelled' })).map((r) => r.operationName)).toEqual(['删除 d']);
    expect(await outcome(me.token, untouched, 'maybe')).toMatchObject({ result: 'error' });
    expect((await call(me.token, '/v1/userOperationLog/outcome', { outcome: 'success' })).json).toMatchObject({ result: 'error' });
  });
});
