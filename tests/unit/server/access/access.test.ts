import { describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { accessChain, CallTable, owns, type AccessLookups } from '@server/access/access.ts';
import { routeApp } from '@tests/support/call-table.ts';
import type { AppEnv, SessionInfo } from '@server/access/auth.ts';
import { log } from '@server/infra/logger.ts';

/**
 * The access chain's rules in their order (session, tenant, page or button, platform), with lookups the test
 * decides and records: which checks ran, in which order, and what each was asked.
 */
const PLATFORM = 1;
// The server's own owners (from its routes), and one served call nobody owns.
const calls = new CallTable().read(
  [...routeApp().routes, { method: 'POST', path: '/manage/v1/orphan', handler: () => undefined }],
  '/manage',
);
const session = (over: Partial<SessionInfo> = {}): SessionInfo => ({
  id: 's1',
  tokenHash: 'h1',
  userId: 7,
  tenantId: 2,
  userType: 1,
  expiresAt: new Date(0),
  lastSeenAt: new Date(0),
  permissions: '{}',
  tenantActive: true,
  mustChangePassword: false,
  departIds: [],
  privacyOn: false,
  ...over,
});

interface World {
  session?: SessionInfo | null;
  accessTokenOk?: boolean;
  allowed?: boolean;
  key?: Awaited<ReturnType<AccessLookups['checkApiKey']>>;
  iface?: number;
  /** the session lookup answers the permission with the session (the database's does, given the call) */
  answersMayCall?: boolean;
  /** the session lookup answers the AccessToken with the session (the database's does, given one) */
  answersAccessToken?: boolean;
  /** why the session that was not found was ended */
  ended?: 'forced';
}

function harness(world: World = {}) {
  const asked: string[] = [];
  const keyLog: unknown[][] = [];
  // the call each session lookup was given (page and button calls), or '-' (none)
  const sessionCalls: string[] = [];
  const lookups: AccessLookups = {
    findSession: async (token, call, accessToken) => {
      asked.push(`session ${token}${accessToken ? ` +${accessToken}` : ''}`);
      sessionCalls.push(call ? `${call.method} ${call.path}` : '-');
      const found = world.session === undefined ? session() : world.session;
      if (!found) return null;
      return {
        session: found,
        ...(call && world.answersMayCall ? { mayCall: world.allowed ?? true } : {}),
        ...(accessToken && world.answersAccessToken ? { accessTokenValid: world.accessTokenOk ?? true } : {}),
      };
    },
    whyEnded: async (token) => (asked.push(`whyEnded ${token}`), world.ended ?? null),
    accessTokenValid: async (s, token) => (asked.push(`accessToken ${s.id} ${token}`), world.accessTokenOk ?? true),
    touch: async (s) => void asked.push(`touch ${s.id}`),
    mayCall: async (s, method, path) => (asked.push(`mayCall ${s.userId} ${method} ${path}`), world.allowed ?? true),
    checkApiKey: async (key) => (asked.push(`key ${key}`), world.key ?? { ok: false, status: 401, errmsg: 'API 密钥无效' }),
    recordKeyCall: async (...args) => void keyLog.push(args),
    interfaceId: async (method, path) => (asked.push(`interface ${method} ${path}`), world.iface),
  };
  const ran: Array<{ path: string; session: SessionInfo | undefined }> = [];
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('ip', '10.0.0.9');
    await next();
  });
  app.use('*', accessChain(calls, { platformTenant: PLATFORM, lookups }));
  app.all('*', (c) => {
    if (c.req.path.endsWith('/missing')) return c.json({ result: 'error' }, 404);
    ran.push({ path: c.req.path, session: c.get('session') });
    return c.req.header('X-Fail') ? c.json({ result: 'error' }, 500) : c.json({ result: 'ok' });
  });
  const call = async (path: string, headers: Record<string, string> = {}, method = 'POST') => {
    const res = await app.request(`/manage${path}`, { method, headers });
    return { status: res.status, body: await res.json(), retryAfter: res.headers.get('Retry-After') };
  };
  return { call, asked, ran, keyLog, sessionCalls };
}

const NO_TOKEN = { result: 'error', values: 'userToken缺失', errmsg: '登录失效，请重新登录' };
const FORBIDDEN = { result: 403, errmsg: '您没有当前操作的权限' };
const OK = { status: 200, body: { result: 'ok' }, retryAfter: null };

describe('the call table', () => {
  it('knows which routes declare their body (takes) beside their owner, and which take none', async () => {
    expect(calls.checked).toContain('POST /v1/user/list');
    expect(calls.checked).toContain('POST /anon/passport/login');
    expect(calls.checked).not.toContain('POST /v1/orphan');
    expect(calls.checked).not.toContain('GET /v1/session/events');
    const { takes } = await import('@server/infra/http/validate.ts');
    const { body } = await import('@/api/schema/kit.ts');
    const table = new CallTable().read([
      { method: 'POST', path: '/a', handler: owns('shell') },
      { method: 'POST', path: '/a', handler: takes(body({})) },
      { method: 'POST', path: '/b', handler: owns('shell') },
    ]);
    expect(table.checked).toEqual(['POST /a']);
    expect(table.calls).toEqual(['POST /a', 'POST /b']);
  });
});

describe('access chain: owners', () => {
  it('runs anonymous calls without asking anything', async () => {
    const h = harness();
    expect(await h.call('/anon/passport/login')).toEqual(OK);
    expect(await h.call('/anon/passport/login', { UserToken: 't' })).toEqual(OK);
    expect(h.asked).toEqual([]);
    expect(h.ran.map((r) => r.path)).toEqual(['/manage/anon/passport/login', '/manage/anon/passport/login']);
  });

  it('refuses a served route nobody owns (and says so in the log); an unknown path reaches the 404', async () => {
    const h = harness();
    const error = vi.spyOn(log, 'error').mockImplementation(() => {});
    expect(await h.call('/v1/orphan', { UserToken: 't' })).toEqual({ status: 200, body: FORBIDDEN, retryAfter: null });
    expect(error).toHaveBeenCalledWith({ method: 'POST', path: '/v1/orphan' }, 'call without an owner refused');
    error.mockRestore();
    expect((await h.call('/v1/missing')).status).toBe(404);
    // a method the table does not own for that path is not the owned call
    expect((await h.call('/v1/user/missing', {}, 'GET')).status).toBe(404);
    expect(h.ran).toEqual([]);
    expect(h.asked).toEqual([]);
  });
});

describe('access chain: session, then tenant, then permission', () => {
  it('without a UserToken: userToken缺失, nothing asked', async () => {
    const h = harness();
    expect((await h.call('/v1/user/list')).body).toEqual(NO_TOKEN);
    expect((await h.call('/vue/userInfo')).body).toEqual(NO_TOKEN);
    expect(h.asked).toEqual([]);
  });

  it('an unknown or ended session: 401 userToken失效, before the tenant or the permission', async () => {
    const h = harness({ session: null });
    expect((await h.call('/v1/user/list', { UserToken: 'old' })).body).toEqual({ result: 401, errmsg: 'userToken失效' });
    expect(h.asked).toEqual(['session old', 'whyEnded old']);
    // forced off by an administrator: SPEC's 401 says why, so the console can say it
    const forced = harness({ session: null, ended: 'forced' });
    expect((await forced.call('/v1/user/list', { UserToken: 'old' })).body).toEqual({
      result: 401,
      errmsg: 'userToken失效',
      reason: 'forced',
    });
  });

  it('an AccessToken must be the session’s and valid, except to get a new one or log out', async () => {
    const h = harness({ accessTokenOk: false });
    const bad = { result: 'error', values: 'accessToken失效', errmsg: 'accessToken失效' };
    expect((await h.call('/v1/user/list', { UserToken: 't', AccessToken: 'a1' })).body).toEqual(bad);
    expect(h.asked).toEqual(['session t +a1', 'accessToken s1 a1']);
    h.asked.length = 0;
    // the two calls that need none do not give it to the lookup either
    expect(await h.call('/anon/vue/token', { UserToken: 't', AccessToken: 'a1' })).toEqual(OK);
    expect(await h.call('/anon/vue/logout', { UserToken: 't', AccessToken: 'a1' })).toEqual(OK);
    expect(h.asked).toEqual(['session t', 'touch s1', 'session t', 'touch s1']);
    h.asked.length = 0;
    // no AccessToken header: nothing to check
    expect(await h.call('/vue/userInfo', { UserToken: 't' })).toEqual(OK);
    expect(h.asked).toEqual(['session t', 'touch s1']);
  });

  it('an AccessToken the session lookup answers is not asked again, and its answer holds', async () => {
    const bad = { result: 'error', values: 'accessToken失效', errmsg: 'accessToken失效' };
    const refused = harness({ answersAccessToken: true, accessTokenOk: false });
    expect((await refused.call('/vue/userInfo', { UserToken: 't', AccessToken: 'a1' })).body).toEqual(bad);
    expect(refused.asked).toEqual(['session t +a1']);
    const held = harness({ answersAccessToken: true, answersMayCall: true });
    expect(await held.call('/v1/user/list', { UserToken: 't', AccessToken: 'a1' })).toEqual(OK);
    expect(held.asked).toEqual(['session t +a1', 'touch s1']);
  });

  it('a disabled or expired tenant: 401, even for the shell’s calls and with every permission', async () => {
    const h = harness({ session: session({ tenantActive: false }) });
    const gone = { result: 401, errmsg: '所属租户已停用或已到期' };
    expect((await h.call('/vue/userInfo', { UserToken: 't' })).body).toEqual(gone);
    expect((await h.call('/v1/user/list', { UserToken: 't' })).body).toEqual(gone);
    expect(h.asked).toEqual(['session t', 'session t']);
    expect(h.ran).toEqual([]);
  });

  it('the shell’s calls need only the session; the handler sees it', async () => {
    const h = harness();
    expect(await h.call('/permission/treeMenu4VUE', { UserToken: 't' })).toEqual(OK);
    expect(h.asked).toEqual(['session t', 'touch s1']);
    expect(h.ran[0].session?.id).toBe('s1');
  });

  it('a page or button call asks the relations with the call’s method and path, after the session', async () => {
    const h = harness();
    expect(await h.call('/v1/user/list', { UserToken: 't' })).toEqual(OK);
    expect(h.asked).toEqual(['session t', 'touch s1', 'mayCall 7 POST /v1/user/list']);
    const refused = harness({ allowed: false });
    expect((await refused.call('/v1/user/save', { UserToken: 't' })).body).toEqual(FORBIDDEN);
    expect(refused.ran).toEqual([]);
  });

  it('gives the session lookup a page or button call (never a shell call), and takes its answer when it has one', async () => {
    const h = harness();
    await h.call('/vue/userInfo', { UserToken: 't' });
    await h.call('/v1/user/list', { UserToken: 't' });
    await h.call('/v1/user/updatePassword', { UserToken: 't' });
    expect(h.sessionCalls).toEqual(['-', 'POST /v1/user/list', 'POST /v1/user/updatePassword']);
    // answered with the session: one lookup, no second question, the answer obeyed either way
    const allowed = harness({ answersMayCall: true });
    expect(await allowed.call('/v1/user/list', { UserToken: 't' })).toEqual(OK);
    expect(allowed.asked).toEqual(['session t', 'touch s1']);
    const refused = harness({ answersMayCall: true, allowed: false });
    expect((await refused.call('/v1/user/save', { UserToken: 't' })).body).toEqual(FORBIDDEN);
    expect(refused.asked).toEqual(['session t', 'touch s1']);
    expect(refused.ran).toEqual([]);
  });

  it('an answered permission changes nothing of the order: tenant and platform refuse first', async () => {
    const inactive = harness({ answersMayCall: true, session: session({ tenantActive: false }) });
    expect((await inactive.call('/v1/user/list', { UserToken: 't' })).body).toEqual({ result: 401, errmsg: '所属租户已停用或已到期' });
    const other = harness({ answersMayCall: true });
    expect((await other.call('/v1/tenant/list', { UserToken: 't' })).body).toEqual(FORBIDDEN);
    const must = harness({ answersMayCall: true, session: session({ mustChangePassword: true }) });
    expect((await must.call('/v1/user/list', { UserToken: 't' })).body).toEqual({ result: 403, errmsg: '请先修改初始密码' });
    const change = harness({ answersMayCall: true, allowed: false, session: session({ mustChangePassword: true }) });
    expect(await change.call('/v1/user/updatePassword', { UserToken: 't' })).toEqual(OK);
    for (const h of [inactive, other, must, change]) expect(h.asked.filter((a) => a.startsWith('mayCall'))).toEqual([]);
  });

  it('a password someone else chose opens only the session’s calls and its own change, which needs no page', async () => {
    const must = () => harness({ session: session({ mustChangePassword: true }), allowed: false });
    const h = must();
    expect((await h.call('/v1/user/list', { UserToken: 't' })).body).toEqual({ result: 403, errmsg: '请先修改初始密码' });
    expect(h.ran).toEqual([]);
    const shell = must();
    expect(await shell.call('/vue/userInfo', { UserToken: 't' })).toEqual(OK);
    const change = must();
    expect(await change.call('/v1/user/updatePassword', { UserToken: 't' })).toEqual(OK);
    expect(change.asked).toEqual(['session t', 'touch s1']);
    // Once changed, the change is a page call like any other.
    const after = harness({ allowed: false });
    expect((await after.call('/v1/user/updatePassword', { UserToken: 't' })).body).toEqual(FORBIDDEN);
  });

  it('the gate, call by call: before the change only the session’s own calls and the change answer (every route)', async () => {
    const through: string[] = [];
    for (const key of calls.calls.filter((k) => !k.endsWith('/v1/orphan'))) {
      const [method, path] = key.split(' ');
      const h = harness({ session: session({ mustChangePassword: true, userType: 0 }), allowed: true });
      const answer = await h.call(path, { UserToken: 't' }, method);
      if (h.ran.length) through.push(key);
      else expect(answer.body, key).toEqual({ result: 403, errmsg: '请先修改初始密码' });
    }
    const signedInCalls = through.filter((key) => calls.owner(...(key.split(' ') as [string, string])) !== 'anonymous').sort();
    expect(signedInCalls).toEqual([
      'GET /v1/session/events',
      'POST /anon/vue/logout',
      'POST /anon/vue/token',
      'POST /permission/treeMenu4VUE',
      'POST /v1/menu/pinyin',
      'POST /v1/systemSetting/getByType',
      'POST /v1/systemSetting/getIsPrivacy',
      'POST /v1/user/updatePassword',
      'POST /v1/userRole/initUserPermission',
      'POST /vue/userInfo',
    ]);
    // Among what waits: the online users (addresses and phones) and forcing someone else out.
    expect(through).not.toContain('POST /v1/user/listOnlineUser');
    expect(through).not.toContain('POST /v1/user/forceLogout');
  });

  it('platform calls only in the platform’s tenant, and there still by the relations', async () => {
    const other = harness();
    expect((await other.call('/v1/tenant/list', { UserToken: 't' })).body).toEqual(FORBIDDEN);
    expect(other.asked).toEqual(['session t', 'touch s1']);
    const platform = harness({ session: session({ tenantId: PLATFORM }) });
    expect(await platform.call('/v1/tenant/list', { UserToken: 't' })).toEqual(OK);
    expect(platform.asked.at(-1)).toBe('mayCall 7 POST /v1/tenant/list');
    const platformDenied = harness({ session: session({ tenantId: PLATFORM }), allowed: false });
    expect((await platformDenied.call('/v1/tenant/list', { UserToken: 't' })).body).toEqual(FORBIDDEN);
  });

  it('waits for the interface rows before a page call’s lookups; the shell’s calls do not wait', async () => {
    let ready!: () => void;
    const interfacesReady = new Promise<void>((r) => (ready = r));
    const asked: string[] = [];
    const app = new Hono<AppEnv>();
    const lookups = {
      findSession: async () => (asked.push('session'), { session: session() }),
      touch: async () => {},
      mayCall: async () => (asked.push('mayCall'), true),
    } as unknown as AccessLookups;
    app.use('*', accessChain(calls, { platformTenant: PLATFORM, lookups, interfacesReady }));
    app.all('*', (c) => c.json({ result: 'ok' }));
    const pending = app.request('/manage/v1/user/list', { method: 'POST', headers: { UserToken: 't' } });
    await new Promise((r) => setTimeout(r, 5));
    expect(asked).toEqual([]);
    // the shell's calls need no interface row: they answer meanwhile
    expect(await (await app.request('/manage/vue/userInfo', { method: 'POST', headers: { UserToken: 't' } })).json()).toEqual({
      result: 'ok',
    });
    asked.length = 0;
    ready();
    expect(await (await pending).json()).toEqual({ result: 'ok' });
    expect(asked).toEqual(['session', 'mayCall']);
  });
});

describe('access chain: API keys (X-Api-Key without a UserToken)', () => {
  const maker = session({ id: 'k', userId: 9 });
  const live = { ok: true as const, session: maker, keyId: 5, scopes: [40, 41] };

  it('a UserToken wins over a key: the call is a session call', async () => {
    const h = harness({ key: live, iface: 40 });
    await h.call('/v1/user/list', { UserToken: 't', 'X-Api-Key': 'sk' });
    expect(h.asked[0]).toBe('session t');
    expect(h.keyLog).toEqual([]);
  });

  it('a bad key answers its status and message; a known key’s refusal is logged; 429 says when to come back', async () => {
    const bad = harness();
    expect((await bad.call('/v1/user/list', { 'X-Api-Key': 'nope' })).body).toEqual({ result: 401, errmsg: 'API 密钥无效' });
    expect(bad.keyLog).toEqual([]);
    const revoked = harness({ key: { ok: false, status: 401, errmsg: 'API 密钥已吊销或已过期', keyId: 5, tenantId: 2 } });
    expect((await revoked.call('/v1/user/list', { 'X-Api-Key': 'sk' })).body).toEqual({ result: 401, errmsg: 'API 密钥已吊销或已过期' });
    expect(revoked.keyLog).toEqual([[5, 2, 'POST', '/v1/user/list', '401', '10.0.0.9']]);
    const busy = harness({ key: { ok: false, status: 429, errmsg: '调用太频繁', keyId: 5, tenantId: 2 } });
    expect(await busy.call('/v1/user/list', { 'X-Api-Key': 'sk' })).toEqual({
      status: 429,
      body: { result: 'error', errmsg: '调用太频繁' },
      retryAfter: '60',
    });
    expect(busy.keyLog).toEqual([[5, 2, 'POST', '/v1/user/list', '429', '10.0.0.9']]);
  });

  it('never the shell’s calls, the platform’s, or the keys’ own management', async () => {
    for (const path of ['/vue/userInfo', '/v1/tenant/list', '/v1/openApi/key/list']) {
      const h = harness({ key: live, iface: 40 });
      expect((await h.call(path, { 'X-Api-Key': 'sk' })).body).toEqual({ result: 403, errmsg: 'API 密钥不能调用此接口' });
      expect(h.keyLog).toEqual([[5, 2, 'POST', path, 'forbidden', '10.0.0.9']]);
      expect(h.ran).toEqual([]);
    }
  });

  it('only calls in the key’s scopes, and only what its maker may call now', async () => {
    const outside = harness({ key: live, iface: 99 });
    expect((await outside.call('/v1/user/list', { 'X-Api-Key': 'sk' })).body).toEqual({ result: 403, errmsg: '该 API 密钥无权调用此接口' });
    const unknown = harness({ key: live, iface: undefined });
    expect((await unknown.call('/v1/user/list', { 'X-Api-Key': 'sk' })).body).toEqual({ result: 403, errmsg: '该 API 密钥无权调用此接口' });
    const makerLost = harness({ key: live, iface: 41, allowed: false });
    expect((await makerLost.call('/v1/user/list', { 'X-Api-Key': 'sk' })).body).toEqual(FORBIDDEN);
    expect(makerLost.asked).toEqual(['key sk', 'interface POST /v1/user/list', 'mayCall 9 POST /v1/user/list']);
    expect(makerLost.keyLog).toEqual([[5, 2, 'POST', '/v1/user/list', 'forbidden', '10.0.0.9']]);
  });

  it('runs an allowed call as its maker and logs the outcome: ok, or the status', async () => {
    const h = harness({ key: live, iface: 41 });
    expect(await h.call('/v1/user/list', { 'X-Api-Key': 'sk' })).toEqual(OK);
    expect(h.ran[0].session).toBe(maker);
    expect(await h.call('/v1/user/list', { 'X-Api-Key': 'sk', 'X-Fail': '1' })).toMatchObject({ status: 500 });
    expect(h.keyLog).toEqual([
      [5, 2, 'POST', '/v1/user/list', 'ok', '10.0.0.9'],
      [5, 2, 'POST', '/v1/user/list', '500', '10.0.0.9'],
    ]);
  });
});

describe('the call table: owners read from the routes', () => {
  it('keeps the routes under the prefix (cut), skips catch-alls, and owns only what owns() declared', () => {
    const noop = () => undefined;
    const table = new CallTable().read(
      [
        { method: 'POST', path: '/manage/v1/user/list', handler: owns({ pages: ['manage/users'] }) },
        { method: 'POST', path: '/manage/v1/user/list', handler: noop },
        { method: 'POST', path: '/manage/v1/orphan', handler: noop },
        { method: 'ALL', path: '/manage/*', handler: owns('shell') },
        { method: 'GET', path: '/healthz', handler: owns('anonymous') },
      ],
      '/manage',
    );
    expect(table.calls.sort()).toEqual(['POST /v1/orphan', 'POST /v1/user/list']);
    expect(table.owners).toEqual([['POST /v1/user/list', { pages: ['manage/users'] }]]);
    expect(table.owner('POST', '/v1/user/list')).toEqual({ pages: ['manage/users'] });
    expect(table.owner('POST', '/v1/orphan')).toBeUndefined();
    expect([table.serves('POST', '/v1/orphan'), table.serves('GET', '/healthz'), table.serves('ALL', '/*')]).toEqual([true, false, false]);
    // without a prefix every route counts, its path whole
    expect(new CallTable().read([{ method: 'GET', path: '/healthz', handler: owns('anonymous') }]).owners).toEqual([
      ['GET /healthz', 'anonymous'],
    ]);
  });

  it('owns() lets the request through: the chain decides, not the declaration', async () => {
    const app = new Hono();
    app.post('/x', owns('shell'), (c) => c.text('ran'));
    expect(await (await app.request('/x', { method: 'POST' })).text()).toBe('ran');
  });
});
