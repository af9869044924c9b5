import { describe, expect, it, vi } from 'vitest';
import { createMachine, createActor } from 'xstate';
import { sessionMachine, type SessionInput } from '@machines/session.machine.ts';
import { ApiFailure } from '@/api/errors.ts';
import type { UserInfo } from '@/api/table/session.ts';
import { controllableActors } from './fake-actors.ts';
import { itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const userInfo = { id: 1, nickname: '星河管理员', tenantId: 1, phone: '13800000001' } as UserInfo;
const expired = new ApiFailure({ kind: 'expired', message: '登录失效，请重新登录', duration: 5000, level: 'warning' });
const broken = new Error('网络繁忙，请刷新后重试！');
const menu = [{ id: 1, name: '系统管理', path: '/manage' }];
/** The menu after the server said the permissions changed. */
const menuAfter = [{ id: 2, name: '会员管理', path: '/member-mng' }];

/** One payload per outcome of every actor the session invokes, and every event the UI sends. */
const EVENTS = [
  { type: 'LOGIN', userName: 'admin', password: 'Admin@2026' },
  { type: 'xstate.done.actor.login', output: 'token-1' },
  { type: 'xstate.error.actor.login', error: new Error('账号或密码错误') },
  { type: 'xstate.done.actor.loginByUserToken', output: 'token-2' },
  { type: 'xstate.error.actor.loginByUserToken', error: broken },
  { type: 'xstate.done.actor.fetchUserInfo', output: { userInfo, tokenExpire: 3600 } },
  { type: 'xstate.done.actor.fetchUserInfo', output: { userInfo: { ...userInfo, mustChangePassword: true }, tokenExpire: 3600 } },
  { type: 'PASSWORD_CHANGED' },
  { type: 'xstate.error.actor.fetchUserInfo', error: expired },
  { type: 'xstate.error.actor.fetchUserInfo', error: broken },
  { type: 'xstate.done.actor.initUserPermission', output: undefined },
  { type: 'xstate.error.actor.initUserPermission', error: broken },
  { type: 'xstate.done.actor.fetchMenu', output: menu },
  { type: 'xstate.error.actor.fetchMenu', error: broken },
  { type: 'xstate.done.actor.addRoutes', output: { routes: [] } },
  { type: 'xstate.done.actor.logout', output: { ok: true } },
  { type: 'xstate.done.actor.logout', output: { ok: false, message: '退出失败，请重试' } },
  { type: 'COUNTDOWN_ENDED' },
  { type: 'SWITCH_ACCOUNT', userName: 'staff', password: 'ticket:abc' },
  { type: 'xstate.done.actor.fetchTenantParams', output: { enableWaterMark: true } },
  { type: 'xstate.error.actor.fetchTenantParams', error: broken },
  { type: 'USER_INFO_REFRESHED', userInfo, tokenExpire: 3600 },
  { type: 'USER_INFO_REFRESHED', userInfo: { ...userInfo, phone: '13900000002' }, tokenExpire: 3600 },
  { type: 'LOGOUT' },
  { type: 'EXPIRED', message: '登录失效，请重新登录' },
  { type: 'RETRY' },
  { type: 'DISMISS_NOTICE' },
  { type: 'PERMISSIONS_CHANGED' },
  { type: 'TENANT_PARAMS_CHANGED' },
  { type: 'xstate.done.actor.refreshPermissions', output: { menu: menuAfter, routes: { rebuilt: true } } },
  { type: 'xstate.error.actor.refreshPermissions', error: expired },
  { type: 'xstate.error.actor.refreshPermissions', error: broken },
] as const;

const ACTORS = [
  'login',
  'loginByUserToken',
  'fetchUserInfo',
  'initUserPermission',
  'fetchMenu',
  'addRoutes',
  'logout',
  'fetchTenantParams',
  'refreshPermissions',
];

function sut(input: SessionInput) {
  // the fakes' calls and the actors' starts, in the order they happened
  const calls: string[] = [];
  const { actors, settle, started } = controllableActors(ACTORS, calls);
  const record = (name: string) => () => void calls.push(name);
  const logic = sessionMachine.provide({
    // The access-token child has its own model test; here it only has to exist while ready.
    actors: { ...actors, accessToken: createMachine({}), countdown: createMachine({}), sessionEvents: createMachine({}) } as never,
    actions: {
      persistToken: (_, p) => void calls.push(`persistToken:${p.token}`),
      clearSession: record('clearSession'),
      replayNavigation: record('replayNavigation'),
      goToLogin: record('goToLogin'),
      reportFailure: record('reportFailure'),
      reloadForAccountSwitch: record('reloadForAccountSwitch'),
      permissionsRefreshed: (_, p) => void calls.push(`permissionsRefreshed:${JSON.stringify(p.routes)}`),
      rememberAccount: (_, p) => void calls.push(`rememberAccount:${p.userName}`),
    },
  });
  const actor = createActor(logic, { input });
  actor.start();
  return { actor, settle, started, calls, log: calls };
}

/** A session started from a stored token whose user must still change the password someone else chose. */
async function mustChangePassword() {
  const s = sut({ hasToken: true });
  s.settle({
    type: 'xstate.done.actor.fetchUserInfo',
    output: { userInfo: { ...userInfo, mustChangePassword: true }, tokenExpire: 3600 },
  } as never);
  await new Promise((r) => setTimeout(r, 0));
  return s;
}

/** A session started from a stored token and taken through steps 1 to 4 to ready. */
async function boot() {
  const s = sut({ hasToken: true });
  s.settle({ type: 'xstate.done.actor.fetchUserInfo', output: { userInfo, tokenExpire: 3600 } } as never);
  await new Promise((r) => setTimeout(r, 0));
  for (const name of ['initUserPermission', 'fetchMenu', 'addRoutes']) {
    s.settle({ type: `xstate.done.actor.${name}`, output: name === 'fetchMenu' ? menu : undefined } as never);
    await new Promise((r) => setTimeout(r, 0));
  }
  return s;
}

const INPUTS: Array<[string, SessionInput]> = [
  ['no token', { hasToken: false }],
  ['a stored token', { hasToken: true }],
  ['a userToken link', { hasToken: false, linkToken: 'link-token' }],
];

describe('session machine (model-based)', () => {
  for (const [label, input] of INPUTS) {
    const paths = modelPaths(sessionMachine, { events: EVENTS, input });
    const ready = ['current', 'refreshing'].flatMap((menu) => ['loaded', 'loading'].map((params) => `(menu.${menu} params.${params})`));
    const signedIn = [
      'booting',
      'changingPassword',
      'failed',
      'loggingOut',
      'menu',
      'permissions',
      'routing',
      ...ready.map((r) => `(ready.${r})`),
    ];
    const link = input.linkToken ? ['exchangingLink'] : [];
    itReaches(
      paths,
      ['anonymous', 'expired', 'loggingIn', ...link, ...signedIn.map((s) => `authenticated.${s}`)],
      `reaches every state from ${label}`,
    );

    const drive: Drive = async (path, table) => {
      const s = sut(input);
      await runPath(
        path,
        s,
        {
          'authenticated.booting': () => expect(s.started).toContain('fetchUserInfo'),
          'authenticated.ready': (snap) => {
            // SPEC 4: user info, permissions, menu, routes, then replay, in that order.
            const order = ['fetchUserInfo', 'initUserPermission', 'fetchMenu', 'addRoutes'].map((n) => s.started.indexOf(n));
            expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true);
            expect(s.calls).toContain('replayNavigation');
            expect(snap.context.userInfo).toEqual(userInfo);
            // The boot's menu, or the one a permissions change rebuilt (and then the app was told, with the routes).
            if (s.calls.some((c) => c.startsWith('permissionsRefreshed'))) {
              expect(snap.context.menu).toEqual(menuAfter);
              expect(snap.context.routes).toEqual({ rebuilt: true });
              expect(s.calls).toContain('permissionsRefreshed:{"rebuilt":true}');
            } else expect(snap.context.menu).toEqual(menu);
            // The access token and the countdown are kept only while the session is in use.
            expect(snap.children.accessToken).toBeDefined();
            expect(snap.children.countdown).toBeDefined();
            // A refreshed user info never replaces the phone with another one: that reloads instead.
            expect(snap.context.userInfo?.phone).toBe('13800000001');
          },
          expired: (snap) => {
            expect(s.calls).toContain('clearSession');
            expect(snap.context.tenantParams).toEqual({ enableWaterMark: false, timeZone: 'Asia/Shanghai' });
            expect(snap.context.userInfo).toBeNull();
            expect(snap.context.menu).toEqual([]);
            expect(snap.context.routes).toBeNull();
          },
          'authenticated.failed': () => expect(s.calls).toContain('reportFailure'),
          // Rebuilding permissions keeps the session in use: the old menu stays, and so do its children.
          'authenticated.ready.menu.refreshing': (snap) => {
            expect(s.started).toContain('refreshPermissions');
            expect(snap.children.accessToken).toBeDefined();
            expect(snap.children.sessionEvents).toBeDefined();
            expect(snap.context.menu.length).toBe(1);
          },
        },
        table,
      );
    };
    itFollowsItsTable(`session-${label.replaceAll(' ', '-')}`, sessionMachine, paths, drive, { label: `${label}: ` });
  }

  it('the countdown reaching zero ends the session with the 401 words', async () => {
    const s = await boot();
    expect(s.actor.getSnapshot().matches({ authenticated: 'ready' })).toBe(true);
    s.actor.send({ type: 'USER_INFO_REFRESHED', userInfo: { ...userInfo, phone: '' }, tokenExpire: 10 });
    expect(s.calls).not.toContain('reloadForAccountSwitch');
    expect(s.actor.getSnapshot().context.tokenExpire).toBe(10);
    s.actor.send({ type: 'USER_INFO_REFRESHED', userInfo: { ...userInfo, phone: '13900000002' }, tokenExpire: 10 });
    expect(s.calls).not.toContain('reloadForAccountSwitch'); // from empty to a phone: a bind, not a switch
    s.actor.send({ type: 'USER_INFO_REFRESHED', userInfo: { ...userInfo, phone: '13700000003' }, tokenExpire: 10 });
    expect(s.calls).toContain('reloadForAccountSwitch');
    s.actor.send({ type: 'COUNTDOWN_ENDED' });
    expect(s.actor.getSnapshot().matches('expired')).toBe(true);
    expect(s.actor.getSnapshot().context.error).toBe('登录失效，请重新登录');
  });

  it('a password someone else chose is changed before the permissions and the menu load; leaving ends the session', async () => {
    const s = await mustChangePassword();
    expect(s.actor.getSnapshot().matches({ authenticated: 'changingPassword' })).toBe(true);
    expect(s.started).not.toContain('initUserPermission');
    s.actor.send({ type: 'PASSWORD_CHANGED' });
    expect(s.actor.getSnapshot().matches({ authenticated: 'permissions' })).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.started).toContain('initUserPermission');
    expect(s.actor.getSnapshot().context.userInfo).toEqual(userInfo);

    const leaving = await mustChangePassword();
    leaving.actor.send({ type: 'LOGOUT' });
    expect(leaving.actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(leaving.calls).toEqual(expect.arrayContaining(['clearSession', 'goToLogin']));
  });

  it('logout that is refused keeps the session and says why', async () => {
    const path = modelPaths(sessionMachine, { events: EVENTS, input: { hasToken: true } }).find((p) =>
      p.steps.some((st) => (st.event as { output?: { ok?: boolean } }).output?.ok === false),
    );
    expect(path).toBeDefined();
    const s = sut({ hasToken: true });
    await runPath(path!, s);
    expect(s.actor.getSnapshot().matches({ authenticated: 'ready' })).toBe(true);
    expect(s.actor.getSnapshot().context.notice).toBe('退出失败，请重试');
    expect(s.calls).not.toContain('clearSession');
  });

  it('a stored token skips login and a link token is exchanged first', () => {
    const withToken = createActor(sessionMachine.provide({ actors: controllableActors(ACTORS).actors as never }), {
      input: { hasToken: true },
    });
    withToken.start();
    expect(withToken.getSnapshot().value).toEqual({ authenticated: 'booting' });
    const spy = vi.fn();
    const withLink = createActor(
      sessionMachine.provide({ actors: controllableActors(ACTORS).actors as never, actions: { persistToken: spy } }),
      {
        input: { hasToken: true, linkToken: 'abc' },
      },
    );
    withLink.start();
    expect(withLink.getSnapshot().value).toBe('exchangingLink');
  });
});

describe('session machine: permissions changed while in use', () => {
  it('rebuilds menu and routes in place, without replaying navigation or restarting the session’s children', async () => {
    const s = await boot();
    const replays = s.calls.filter((c) => c === 'replayNavigation').length;
    const token = s.actor.getSnapshot().children.accessToken;
    s.actor.send({ type: 'PERMISSIONS_CHANGED' });
    expect(s.actor.getSnapshot().matches({ authenticated: { ready: { menu: 'refreshing' } } })).toBe(true);
    s.settle({ type: 'xstate.done.actor.refreshPermissions', output: { menu: menuAfter, routes: { rebuilt: true } } } as never);
    await new Promise((r) => setTimeout(r, 0));
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ authenticated: { ready: { menu: 'current' } } })).toBe(true);
    expect(snap.context.menu).toEqual(menuAfter);
    expect(snap.children.accessToken).toBe(token);
    expect(s.calls.filter((c) => c === 'replayNavigation').length).toBe(replays);
  });

  it('a change while rebuilding starts over; a failure keeps the old menu; an ended session expires', async () => {
    const s = await boot();
    s.actor.send({ type: 'PERMISSIONS_CHANGED' });
    s.actor.send({ type: 'PERMISSIONS_CHANGED' });
    expect(s.started.filter((n) => n === 'refreshPermissions').length).toBe(2);
    s.settle({ type: 'xstate.error.actor.refreshPermissions', error: broken } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.actor.getSnapshot().matches({ authenticated: { ready: { menu: 'current' } } })).toBe(true);
    expect(s.actor.getSnapshot().context.menu).toEqual(menu);
    expect(s.calls).toContain('reportFailure');
    s.actor.send({ type: 'PERMISSIONS_CHANGED' });
    s.settle({ type: 'xstate.error.actor.refreshPermissions', error: expired } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.actor.getSnapshot().matches('expired')).toBe(true);
  });
});

describe('session machine: tenant parameters changed while in use', () => {
  it('reads them again (the watermark follows) without touching the menu, the navigation or the session’s children', async () => {
    const s = await boot();
    s.settle({ type: 'xstate.done.actor.fetchTenantParams', output: { enableWaterMark: false, timeZone: 'Asia/Shanghai' } } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.actor.getSnapshot().matches({ authenticated: { ready: { params: 'loaded' } } })).toBe(true);
    const token = s.actor.getSnapshot().children.accessToken;
    const replays = s.calls.filter((c) => c === 'replayNavigation').length;
    s.actor.send({ type: 'TENANT_PARAMS_CHANGED' });
    // a second change while reading starts the read over: the last change wins
    s.actor.send({ type: 'TENANT_PARAMS_CHANGED' });
    expect(s.started.filter((n) => n === 'fetchTenantParams').length).toBe(3);
    s.settle({ type: 'xstate.done.actor.fetchTenantParams', output: { enableWaterMark: true, timeZone: 'Europe/Berlin' } } as never);
    await new Promise((r) => setTimeout(r, 0));
    const snap = s.actor.getSnapshot();
    expect(snap.context.tenantParams).toEqual({ enableWaterMark: true, timeZone: 'Europe/Berlin' });
    expect(snap.matches({ authenticated: { ready: { menu: 'current', params: 'loaded' } } })).toBe(true);
    expect(snap.children.accessToken).toBe(token);
    expect(snap.context.menu).toEqual(menu);
    expect(s.calls.filter((c) => c === 'replayNavigation').length).toBe(replays);
  });
});
