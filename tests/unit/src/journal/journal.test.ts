import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine, type InspectionEvent } from 'xstate';
import * as machines from '@machines/index.ts';
import { sessionMachine } from '@machines/session.machine.ts';
import { accessTokenMachine } from '@machines/access-token.machine.ts';
import { createJournal, readJournalFile, type EventEntry, type Journal } from '@/journal/journal.ts';
import { createRedactor } from '@/journal/redact.ts';
import { MACHINES, replayJournal } from '@/journal/replay.ts';
import { CHUNK, JOURNAL_KEEP_DAYS, keepJournal, prune } from '@/journal/persist.ts';
import { inspectBoth } from '@/app/inspect.ts';
import { describeStatechart, eventsOf, type ChartState } from '@/journal/statechart.ts';
import { recordWalk } from '@/journal/walk.ts';

let n = 0;
/** A secret the journal must not keep: unique, so a search of the export finds any copy of it. */
const secret = () => `S3CR3T${++n}x`;

/**
 * Every event type every machine accepts, with its payload; secrets where the app puts them. A machine that gains
 * an event type fails the first test until its payload is written here (and its secrets classified).
 */
const PAYLOADS: Record<string, Record<string, () => Record<string, unknown>>> = {
  session: {
    LOGIN: () => ({ userName: 'admin', password: secret() }),
    SWITCH_ACCOUNT: () => ({ userName: 'other', password: secret() }),
    'xstate.done.actor.login': () => ({ output: secret() }),
    'xstate.done.actor.loginByUserToken': () => ({ output: secret() }),
    'xstate.done.actor.fetchUserInfo': () => ({ output: { userInfo: { userName: 'admin', phone: '13800000000' }, tokenExpire: 100 } }),
    USER_INFO_REFRESHED: () => ({ userInfo: { userName: 'admin' }, tokenExpire: 99 }),
  },
  accessToken: {
    REFRESH: () => ({ failedToken: secret() }),
    TOKEN_RECEIVED: () => ({ token: secret(), deadline: 1, refreshInMs: 1 }),
    'xstate.done.actor.refreshToken': () => ({ output: { token: secret(), deadline: 1, refreshInMs: 1 } }),
  },
  bindPhone: {
    PHONE: () => ({ value: '13800000000' }),
    CAPTCHA: () => ({ value: secret() }),
    CODE: () => ({ value: secret() }),
    NEW_CAPTCHA: () => ({ uuid: 'a'.repeat(32) }),
    'xstate.done.actor.bindPhone': () => ({ output: { userInfo: { userName: 'phone-owner', password: secret() } } }),
  },
  smsButton: {
    SEND: () => ({ phone: '13800000000', imgVeryCode: secret(), uuid: 'b'.repeat(32) }),
  },
  userImport: {
    START: () => ({ file: new Blob([secret()], { type: 'text/csv' }), password: secret() }),
  },
};

/** The event types that carry nothing secret, by machine (checked by reading each machine's events). */
const PLAIN: Record<string, string[]> = {
  accessToken: [
    'xstate.error.actor.refreshToken',
    'xstate.after.untilDue.accessToken.scheduled',
    'xstate.after.retryDelay.accessToken.retrying',
  ],
  bindPhone: [
    'PHONE_BLUR',
    'SEND_CODE',
    'SUBMIT',
    'xstate.error.actor.bindPhone',
    'xstate.done.actor.fetchUserInfo',
    'xstate.error.actor.fetchUserInfo',
  ],
  campaignWizard: [
    'xstate.done.actor.loadCampaign',
    'xstate.error.actor.loadCampaign',
    'RETRY',
    'EDIT',
    'GO',
    'NEXT',
    'PREV',
    'SAVE',
    'SUBMIT',
    'LEAVE',
    'xstate.done.actor.saveStep',
    'xstate.error.actor.saveStep',
    'xstate.done.actor.submitCampaign',
    'xstate.error.actor.submitCampaign',
    'CONFIRM',
    'CANCEL',
  ],
  countdown: [
    'HIDDEN',
    'xstate.after.1000.countdown.running',
    'VISIBLE',
    'xstate.done.actor.fetchUserInfo',
    'xstate.error.actor.fetchUserInfo',
  ],
  loading: ['OPEN', 'CLOSE'],
  logout: ['xstate.done.actor.requestLogout', 'xstate.error.actor.requestLogout'],
  menuEditor: [
    'xstate.done.actor.loadCatalogue',
    'xstate.error.actor.loadCatalogue',
    'RELOAD',
    'SELECT',
    'NEW',
    'EDIT',
    'MOVE',
    'DELETE',
    'SAVE',
    'CANCEL',
    'CONFIRM',
    'DISMISS',
    'xstate.done.actor.saveEntry',
    'xstate.error.actor.saveEntry',
    'xstate.done.actor.moveEntry',
    'xstate.error.actor.moveEntry',
    'xstate.done.actor.deleteEntry',
    'xstate.error.actor.deleteEntry',
  ],
  pageBuilder: [
    'xstate.done.actor.loadPage',
    'xstate.error.actor.loadPage',
    'RETRY',
    'ADD_RECT',
    'SELECT',
    'DESELECT',
    'NUDGE',
    'MOVE_TO',
    'RESIZE',
    'SET_RECT',
    'LAYER',
    'DELETE',
    'SET_PAGE',
    'ADD_POP',
    'SHOW_POP',
    'DELETE_POP',
    'RENAME',
    'UNDO',
    'REDO',
    'SAVE',
    'xstate.done.actor.savePage',
    'xstate.error.actor.savePage',
  ],
  session: [
    'xstate.error.actor.loginByUserToken',
    'xstate.error.actor.login',
    'EXPIRED',
    'xstate.error.actor.fetchUserInfo',
    'xstate.done.actor.initUserPermission',
    'xstate.error.actor.initUserPermission',
    'xstate.done.actor.fetchMenu',
    'xstate.error.actor.fetchMenu',
    'xstate.done.actor.addRoutes',
    'xstate.error.actor.addRoutes',
    'LOGOUT',
    'COUNTDOWN_ENDED',
    'DISMISS_NOTICE',
    'PASSWORD_CHANGED',
    'PERMISSIONS_CHANGED',
    'xstate.done.actor.refreshPermissions',
    'xstate.error.actor.refreshPermissions',
    'TENANT_PARAMS_CHANGED',
    'xstate.done.actor.fetchTenantParams',
    'xstate.error.actor.fetchTenantParams',
    'xstate.done.actor.logout',
    'RETRY',
  ],
  smsButton: ['xstate.done.actor.sendSms', 'xstate.error.actor.sendSms', 'xstate.after.1000.smsButton.counting'],
  tabs: ['OPEN', 'DROP', 'CLOSE', 'CLOSE_OTHERS', 'CLOSE_LEFT', 'CLOSE_RIGHT', 'CLOSE_ALL', 'HOME', 'MOVE', 'LIMIT', 'EVICT'],
  userImport: ['UPLOAD_PROGRESS', 'UPLOADED', 'UPLOAD_FAILED', 'CANCEL', 'PROGRESS', 'RESET'],
  // START carries the list's filters and sort, as the page shows them
  exportJob: ['START', 'PROGRESS', 'CANCEL', 'RESET', 'xstate.done.actor.start', 'xstate.error.actor.start'],
};

const machineList = Object.values(machines) as AnyStateMachine[];

/** A snapshot inspection event, as XState reports one, for an actor of `machine` with `context`. */
function snapshotEvent(ref: object, event: Record<string, unknown>, context: Record<string, unknown>): InspectionEvent {
  return {
    type: '@xstate.snapshot',
    actorRef: ref,
    rootId: 'x:0',
    sourceRef: undefined,
    event,
    snapshot: { value: 'a', context, status: 'active' },
  } as never;
}

describe('the journal keeps nothing secret', () => {
  it('has a payload for every event type of every machine (a new event type must be classified here)', () => {
    for (const m of machineList) {
      for (const type of m.events) {
        const classified = PAYLOADS[m.id]?.[type] !== undefined || (PLAIN[m.id] ?? []).includes(type);
        expect(classified, `${m.id}: ${type}`).toBe(true);
      }
    }
  });

  it('every event type of every machine, with secrets in its payload and in the context, is recorded without them', () => {
    const journal = createJournal({ run: 't' });
    const secrets: string[] = [];
    const track = <T>(make: () => T): T => {
      const before = n;
      const v = make();
      for (let i = before + 1; i <= n; i++) secrets.push(`S3CR3T${i}x`);
      return v;
    };
    for (const m of machineList) {
      const ref = {
        id: m.id,
        sessionId: `s-${m.id}`,
        logic: m,
        options: { input: track(() => ({ linkToken: secret(), uuid: 'c'.repeat(32) })) },
      };
      journal.inspect({ type: '@xstate.actor', actorRef: ref, rootId: 'x' } as never);
      for (const type of m.events) {
        const payload = track(() => (PAYLOADS[m.id]?.[type] ?? (() => ({ note: 'plain' })))());
        // The contexts of the machines that hold secrets, with fresh ones each time.
        const context = track(() => ({
          code: m.id === 'bindPhone' ? secret() : 'user:add',
          imgVeryCode: secret(),
          token: secret(),
          replaced: [secret(), secret()],
          linkToken: secret(),
          hasStoredToken: true,
          tokenExpire: 10,
          menu: [{ code: 'user:add', name: '新增' }],
        }));
        journal.inspect(snapshotEvent(ref, { type, ...payload }, context));
      }
    }
    const text = JSON.stringify(journal.toFile('test'));
    expect(secrets.length).toBeGreaterThan(100);
    for (const s of secrets) expect(text, s).not.toContain(s);
    // what is not secret is kept: the account, the phone, the button codes, the numbers
    expect(text).toContain('"userName":"admin"');
    expect(text).toContain('13800000000');
    expect(text).toContain('"code":"user:add"');
    expect(text).toContain('"tokenExpire":10');
    expect(text).toContain('"hasStoredToken":true');
  });

  it('gives the same secret the same pseudonym, keeps empty values empty, and is idempotent', () => {
    const redact = createRedactor('r1');
    const a = redact({ token: 'abc', replaced: ['abc', 'def'], password: '' }) as Record<string, unknown>;
    expect(a).toEqual({ token: '‹secret r1-1›', replaced: ['‹secret r1-1›', '‹secret r1-2›'], password: '' });
    expect(createRedactor('r2')(a)).toEqual(a);
    expect(redact({ file: new Blob(['xyz'], { type: 'text/plain' }) })).toEqual({ file: { file: '', size: 3, type: 'text/plain' } });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ a: 1, self: '‹cycle›' });
    expect(redact({ f: () => 1, n: NaN, e: new Error('boom') })).toEqual({ n: 'NaN', e: { error: 'boom' } });
  });

  it('redacts one value once across the scopes that treat it alike, and apart where the event decides', () => {
    const redact = createRedactor('r1');
    const menu = [{ name: '用户管理', code: 'user' }];
    const inEvent = redact({ output: menu }, { machine: 'session', event: 'xstate.done.actor.fetchMenu' }) as { output: unknown };
    const inContext = redact({ menu }, { machine: 'session' }) as { menu: unknown };
    expect(inEvent.output).toBe(inContext.menu); // one copy: walked once, cloned once into IndexedDB
    // a login's answer is a secret in its done event, and readable elsewhere
    const answer = { token: 'x', userName: 'admin' };
    expect(redact({ output: answer }, { machine: 'session', event: 'xstate.done.actor.login' })).toEqual({ output: '‹secret›' });
    expect(redact({ output: answer }, { machine: 'session' })).toEqual({ output: { token: '‹secret r1-1›', userName: 'admin' } });
    // an SMS code is the bind-phone machine's secret, and a button code elsewhere
    const code = { code: '123456', value: '9' };
    expect(redact(code, { machine: 'bindPhone', event: 'CODE' })).toEqual({ code: '‹secret r1-2›', value: '‹secret r1-3›' });
    expect(redact(code, { machine: 'bindPhone', event: 'SUBMIT' })).toEqual({ code: '‹secret r1-2›', value: '9' });
    expect(redact(code, { machine: 'session', event: 'CODE' })).toEqual(code);
  });
});

/** The session as the app runs it, with actors the test settles, recorded by a journal. */
function recordedSession(observe: (journal: (e: InspectionEvent) => void) => (e: InspectionEvent) => void = (j) => j) {
  const journal = createJournal({ run: 'rec', now: () => 0 });
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const promised = (name: string) =>
    fromPromise(
      () =>
        new Promise((resolve, reject) => {
          pending.set(name, { resolve, reject });
        }),
    );
  const logic = sessionMachine.provide({
    actors: {
      login: promised('login'),
      fetchUserInfo: promised('fetchUserInfo'),
      initUserPermission: promised('initUserPermission'),
      fetchMenu: promised('fetchMenu'),
      addRoutes: promised('addRoutes'),
      fetchTenantParams: promised('fetchTenantParams'),
      accessToken: accessTokenMachine.provide({ actors: { refreshToken: promised('refreshToken') as never } }),
    } as never,
  });
  const actor = createActor(logic, { input: { hasToken: false, linkToken: null }, inspect: observe(journal.inspect) }).start();
  const settle = async (name: string, value: unknown, fail = false) => {
    const p = pending.get(name);
    if (!p) throw new Error(`${name} is not running`);
    pending.delete(name);
    if (fail) p.reject(value);
    else p.resolve(value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { journal, actor, settle };
}

describe('?inspect', () => {
  it('Stately’s inspector gets every event the journal gets, and both see every actor the session created', async () => {
    const stately: InspectionEvent[] = [];
    const { journal, actor, settle } = recordedSession((j) => inspectBoth(j, { next: (e) => stately.push(e) }));
    actor.send({ type: 'LOGIN', userName: 'admin', password: 'Admin@2026' });
    await settle('login', 'user-token-1');
    await settle('fetchUserInfo', { userInfo: { userName: 'admin', phone: '13800000000', tenantId: 1 }, tokenExpire: 3600 });
    await settle('initUserPermission', undefined);
    await settle('fetchMenu', []);
    await settle('addRoutes', { routes: [], side: [], home: null });
    await settle('fetchTenantParams', { enableWaterMark: false, timeZone: 'Asia/Shanghai' });
    actor.send({ type: 'LOGOUT' });
    await new Promise((r) => setTimeout(r, 0));
    actor.stop();
    // Every actor that did anything (sent, received or changed), whether or not it was announced…
    const created = new Set(stately.flatMap((e) => [e.actorRef, ...('sourceRef' in e && e.sourceRef ? [e.sourceRef] : [])]));
    // …was announced to both observers.
    const announced = new Set(stately.filter((e) => e.type === '@xstate.actor').map((e) => e.actorRef));
    expect(created.size).toBeGreaterThanOrEqual(9);
    expect(announced).toEqual(created);
    expect(journal.seen().size).toBe(created.size);
  });
});

describe('replay', () => {
  it('a recorded session, replayed into the pure machines, reaches the same states and context step by step', async () => {
    const { journal, actor, settle } = recordedSession();
    actor.send({ type: 'LOGIN', userName: 'admin', password: 'Admin@2026' });
    await settle('login', 'user-token-1');
    await settle('fetchUserInfo', {
      userInfo: { userName: 'admin', nickname: '管理员', phone: '13800000000', tenantId: 1 },
      tokenExpire: 3600,
    });
    await settle('initUserPermission', undefined);
    await settle('fetchMenu', [{ id: 1, name: '系统管理', children: [] }]);
    await settle('addRoutes', { routes: [], side: [], home: null });
    await settle('fetchTenantParams', { enableWaterMark: true, timeZone: 'Asia/Shanghai' });
    // the access token child refreshes (a 401), then the session ends by the server
    actor.getSnapshot().children.accessToken!.send({ type: 'REFRESH', failedToken: null });
    await settle('refreshToken', { token: 'access-2', deadline: 99, refreshInMs: 1000 });
    actor.send({ type: 'EXPIRED', message: '登录失效，请重新登录' });
    await new Promise((r) => setTimeout(r, 0));
    actor.stop();

    const file = journal.toFile('test');
    const text = JSON.stringify(file);
    for (const s of ['Admin@2026', 'user-token-1', 'access-2']) expect(text).not.toContain(s);
    const read = readJournalFile(text);
    if (typeof read === 'string') throw new Error(read);
    const result = replayJournal(read.entries, MACHINES);
    expect(result.mismatch).toBeUndefined();
    expect(result.ok).toBe(true);
    const session = result.actors.find((a) => a.machine === 'session')!;
    const recordedLast = [...read.entries].reverse().find((e): e is EventEntry => e.kind === 'event' && e.actor === session.actor)!;
    expect(session.value).toEqual(recordedLast.value);
    expect(session.steps).toBeGreaterThan(6);
    expect(result.actors.map((a) => a.machine)).toEqual(expect.arrayContaining(['session', 'accessToken', 'countdown']));
    const token = result.actors.find((a) => a.machine === 'accessToken')!;
    expect(token.context.token).toMatch(/^‹secret rec-\d+›$/);
  });

  it('stops at the first entry that does not fit the machine, and says where', async () => {
    const { journal, actor, settle } = recordedSession();
    actor.send({ type: 'LOGIN', userName: 'admin', password: 'x' });
    await settle('login', 'tok');
    await settle('fetchUserInfo', { userInfo: { userName: 'admin', phone: '1' }, tokenExpire: 10 }, true);
    actor.stop();
    const entries = structuredClone(journal.toFile('t').entries);
    // an edited file: the state after the login's answer is not the one the machine reaches
    const edited = entries.find((e): e is EventEntry => e.kind === 'event' && e.event.type === 'xstate.done.actor.login')!;
    edited.value = 'somewhereElse';
    const result = replayJournal(entries, MACHINES);
    expect(result.ok).toBe(false);
    expect(result.mismatch).toMatchObject({
      seq: edited.seq,
      name: 'session',
      machine: 'session',
      event: 'xstate.done.actor.login',
      what: 'state',
    });
    expect(result.mismatch!.expected).toBe('somewhereElse');
    // another version of the machine: a context the replay does not reach
    const again = structuredClone(journal.toFile('t').entries);
    const ctx = again.find((e): e is EventEntry => e.kind === 'event' && e.event.type === 'LOGIN')!;
    ctx.changed = { ...ctx.changed, error: 'not what the machine says' };
    expect(replayJournal(again, MACHINES).mismatch).toMatchObject({ seq: ctx.seq, what: 'context.error' });
    // replay up to an entry stops there
    const partial = replayJournal(journal.entries(), MACHINES, ctx.seq);
    expect(partial.ok).toBe(true);
    expect(partial.at).toBe(ctx.seq);
  });

  it('keeps the last entries only, folds a timer’s repeated ticks into one entry, and replays the folded ticks', () => {
    const journal = createJournal({ run: 'c', limit: 50 });
    const countdown = createActor(machines.countdownMachine, { input: { seconds: 30 }, inspect: journal.inspect }).start();
    for (let i = 0; i < 5; i++) countdown.send({ type: 'xstate.after.1000.countdown.running' } as never);
    countdown.send({ type: 'HIDDEN' });
    const events = journal.entries().filter((e): e is EventEntry => e.kind === 'event');
    expect(events.map((e) => [e.event.type, e.repeat ?? 1])).toEqual([
      ['xstate.init', 1],
      ['xstate.after.1000.countdown.running', 5],
      ['HIDDEN', 1],
    ]);
    expect(events[1].changed).toEqual({ remaining: 25 });
    const result = replayJournal(journal.entries(), MACHINES);
    expect(result.ok).toBe(true);
    expect(result.actors[0]).toMatchObject({ value: 'paused', context: { remaining: 25 }, steps: 6 });
    countdown.stop();

    for (let i = 0; i < 200; i++) journal.recordCall({ path: `/v1/x/${i}`, status: 200, result: 'ok', ms: 1 });
    expect(journal.entries()).toHaveLength(50);
    expect(journal.entries().at(-1)).toMatchObject({ kind: 'call', path: '/v1/x/199' });
  });

  it('a call started before a clear (the logout) and answered after it is left out of the next session’s entries', () => {
    let clock = 1000;
    const journal = createJournal({ run: 'clr', now: () => clock });
    journal.clear();
    clock = 1050;
    journal.recordCall({ path: '/v1/role/tree', status: 200, result: 'ok', ms: 80 }); // started at 970, before the clear
    journal.recordCall({ path: '/vue/userInfo', status: 200, result: 'ok', ms: 50 }); // started at the clear
    expect(journal.entries().map((e) => (e as { path?: string }).path)).toEqual(['/vue/userInfo']);
  });

  it('refuses a file that is not a journal', () => {
    expect(readJournalFile('nope')).toBe('不是 JSON 文件');
    expect(readJournalFile('{"format":"other"}')).toBe('不是事件日志文件');
    expect(readJournalFile(JSON.stringify({ format: 'scrm-console-journal', version: 1, entries: [{ kind: 'x' }] }))).toBe(
      '事件日志的条目格式不正确',
    );
  });
});

describe('the journal across a reload', () => {
  /** sessionStorage's contract, in memory */
  const memoryStorage = (): Storage => {
    const m = new Map<string, string>();
    return {
      get length() {
        return m.size;
      },
      key: (i) => [...m.keys()][i] ?? null,
      getItem: (k) => m.get(k) ?? null,
      setItem: (k, v) => void m.set(k, String(v)),
      removeItem: (k) => void m.delete(k),
      clear: () => m.clear(),
    };
  };

  /** The tab's next page load: a new journal, kept, the earlier loads' entries restored into it. */
  const nextLoad = async (tab: Storage, idb: IDBFactory | undefined, run: string) => {
    const journal = createJournal({ run });
    await keepJournal(journal, idb, tab, new EventTarget()).restored;
    return journal;
  };

  it('entries not yet written when the page goes are kept in the tab’s storage and come back first after the reload', async () => {
    const tab = memoryStorage();
    const page = new EventTarget();
    const before = createJournal({ run: 'a' });
    // No IndexedDB at all (or one whose writes the unload aborted): the tail in sessionStorage is what survives.
    const kept = keepJournal(before, undefined, tab, page);
    await kept.restored;
    before.recordCall({ path: '/vue/userInfo', status: 200, result: 'ok', ms: 3 });
    before.recordCall({ path: '/v1/role/tree', status: 200, result: 'ok', ms: 4 });
    page.dispatchEvent(new Event('pagehide'));

    const after = createJournal({ run: 'b' });
    after.recordCall({ path: '/permission/treeMenu4VUE', status: 200, result: 'ok', ms: 5 });
    const again = keepJournal(after, undefined, tab, new EventTarget());
    await again.restored;
    expect(after.entries().map((e) => (e.kind === 'call' ? [e.seq, e.path] : e.kind))).toEqual([
      [1, '/vue/userInfo'],
      [2, '/v1/role/tree'],
      [3, '/permission/treeMenu4VUE'],
    ]);
    // Read once: a second reload does not bring the same entries twice.
    const third = await nextLoad(tab, undefined, 'c');
    expect(third.entries()).toEqual([]);
  });
  /** IndexedDB's contract as persist.ts uses it (open, one store, get, put, delete, getAllKeys), in memory; puts are logged. */
  /** IndexedDB's contract, in memory; `onPut` runs as a write is queued (the page goes on meanwhile). */
  const memoryIndexedDb = (onPut?: () => void) => {
    const data = new Map<string, unknown>();
    const puts: string[] = [];
    const request = <T>(result: T) => {
      const req = { result, onsuccess: null as null | (() => void), onerror: null, onupgradeneeded: null as null | (() => void) };
      queueMicrotask(() => {
        req.onupgradeneeded?.();
        req.onsuccess?.();
      });
      return req;
    };
    const store = {
      get: (key: string) => request(structuredClone(data.get(key))),
      getAllKeys: () => request([...data.keys()].sort()),
      put: (value: unknown, key: string) => {
        data.set(key, structuredClone(value));
        puts.push(key);
        onPut?.();
        return request(key);
      },
      delete: (key: string) => {
        data.delete(key);
        return request(undefined);
      },
    };
    const db = { createObjectStore: () => store, transaction: () => ({ objectStore: () => store }) };
    const factory = { open: () => request(db) } as unknown as IDBFactory;
    return { factory, data, puts, db: db as unknown as IDBDatabase };
  };
  const calls = (journal: Journal, n: number, from = 0) => {
    for (let i = 0; i < n; i++) journal.recordCall({ path: `/v1/call/${from + i}`, status: 200, result: 'ok', ms: 0 });
  };

  it('writes only the entries IndexedDB lacks to the tab’s storage when the page goes, however many loads came before', async () => {
    const tab = memoryStorage();
    const idb = memoryIndexedDb();
    const first = createJournal({ run: 'a' });
    const kept = keepJournal(first, idb.factory, tab, new EventTarget());
    await kept.restored;
    for (let i = 0; i < 30; i++) first.recordCall({ path: `/v1/earlier/${i}`, status: 200, result: 'ok', ms: 1 });
    await kept.flush();

    // The next load restores the 30 from IndexedDB, makes 2 calls, and goes before its write timer.
    const page = new EventTarget();
    const second = createJournal({ run: 'b' });
    const again = keepJournal(second, idb.factory, tab, page);
    await again.restored;
    expect(second.entries()).toHaveLength(30);
    second.recordCall({ path: '/vue/userInfo', status: 200, result: 'ok', ms: 3 });
    second.recordCall({ path: '/permission/treeMenu4VUE', status: 200, result: 'ok', ms: 4 });
    page.dispatchEvent(new Event('pagehide'));
    const tail = JSON.parse(tab.getItem('journalTail') ?? '[]') as Array<{ seq: number; path: string }>;
    expect(tail.map((e) => [e.seq, e.path])).toEqual([
      [31, '/vue/userInfo'],
      [32, '/permission/treeMenu4VUE'],
    ]);
    // ... and the load after has all 32, once each.
    const third = await nextLoad(tab, idb.factory, 'c');
    expect(third.entries().map((e) => e.seq)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it('entries made while a write is under way go with the next write or the unload copy, none skipped', async () => {
    const tab = memoryStorage();
    const page = new EventTarget();
    const journal = createJournal({ run: 'a' });
    let made = 0;
    // While the first write is under way, the page makes five more calls (the last chunk's, and the next's).
    const idb = memoryIndexedDb(() => {
      if (made++ === 0) calls(journal, 5, CHUNK - 2);
    });
    const kept = keepJournal(journal, idb.factory, tab, page);
    await kept.restored;
    calls(journal, CHUNK - 2);
    await kept.flush();
    page.dispatchEvent(new Event('pagehide'));
    const next = await nextLoad(tab, idb.factory, 'b');
    expect(next.entries().map((e) => e.seq)).toEqual(Array.from({ length: CHUNK + 3 }, (_, i) => i + 1));
  });

  it('writes IndexedDB in chunks: a write clones only the chunks that changed, not the whole journal', async () => {
    const tab = memoryStorage();
    const idb = memoryIndexedDb();
    const journal = createJournal({ run: 'a' });
    const kept = keepJournal(journal, idb.factory, tab, new EventTarget());
    await kept.restored;
    calls(journal, 2 * CHUNK + 50);
    await kept.flush();
    const id = tab.getItem('journalTab')!;
    expect(idb.puts.filter((k) => k.startsWith('c:')).sort()).toEqual([`c:${id}:0`, `c:${id}:1`, `c:${id}:2`]);
    idb.puts.length = 0;
    calls(journal, 3, 250);
    await kept.flush();
    // the last chunk again, and the head: nothing the earlier write holds
    expect(idb.puts.sort()).toEqual([`c:${id}:2`, `h:${id}`]);
    expect(idb.data.get(`h:${id}`)).toMatchObject({ first: 0, last: 2 });

    const again = await nextLoad(tab, idb.factory, 'b');
    expect(again.entries().map((e) => e.seq)).toEqual(Array.from({ length: 2 * CHUNK + 53 }, (_, i) => i + 1));
  });

  it('a run of quick reloads (each before its write timer) does not carry the earlier loads’ entries from unload to unload', async () => {
    const tab = memoryStorage();
    const idb = memoryIndexedDb();
    let seqs: number[] = [];
    for (let load = 0; load < 4; load++) {
      const page = new EventTarget();
      const journal = createJournal({ run: `r${load}` });
      calls(journal, 5, load * 5);
      const puts = idb.puts.length;
      const kept = keepJournal(journal, idb.factory, tab, page);
      await kept.restored;
      // the restored unload copy is written as the load starts, by itself
      if (load > 0) await vi.waitFor(() => expect(idb.puts.length).toBeGreaterThan(puts), { timeout: 10_000 });
      calls(journal, 5, load * 5 + 100);
      page.dispatchEvent(new Event('pagehide'));
      seqs = (JSON.parse(tab.getItem('journalTail') ?? '[]') as Array<{ seq: number }>).map((e) => e.seq);
      // the first load wrote nothing; each later one only its own entries made after its start (it had 5 before)
      expect(seqs).toEqual(load === 0 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : Array.from({ length: 5 }, (_, i) => load * 10 + 6 + i));
    }
    const last = await nextLoad(tab, idb.factory, 'z');
    expect(last.entries().map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('a load that goes before it has read the earlier entries back leaves its own after them, none lost', async () => {
    const tab = memoryStorage();
    const idb = memoryIndexedDb();
    // Load 1: five entries in IndexedDB, two more only in its unload copy.
    const page1 = new EventTarget();
    const first = createJournal({ run: 'a' });
    const kept = keepJournal(first, idb.factory, tab, page1);
    await kept.restored;
    calls(first, 5);
    await kept.flush();
    calls(first, 2, 5);
    page1.dispatchEvent(new Event('pagehide'));
    // Load 2, on a busy machine: IndexedDB has not answered yet when it goes (a quick reload).
    const stalled = { open: () => ({ onsuccess: null, onerror: null, onupgradeneeded: null }) } as unknown as IDBFactory;
    const page2 = new EventTarget();
    const second = createJournal({ run: 'b' });
    keepJournal(second, stalled, tab, page2);
    calls(second, 3, 100);
    page2.dispatchEvent(new Event('pagehide'));
    // Load 3 has everything, once, in order: load 1's seven, then load 2's three.
    const third = await nextLoad(tab, idb.factory, 'c');
    expect(third.entries().map((e) => (e.kind === 'call' ? [e.seq, e.path] : e.kind))).toEqual([
      ...Array.from({ length: 7 }, (_, i) => [i + 1, `/v1/call/${i}`]),
      [8, '/v1/call/100'],
      [9, '/v1/call/101'],
      [10, '/v1/call/102'],
    ]);
    expect(tab.getItem('journalTail')).toBeNull();
    expect(tab.getItem('journalTailAfter')).toBeNull();
  });

  it('writes the restored unload copy to IndexedDB on its own, without waiting for the next entry', async () => {
    const tab = memoryStorage();
    const idb = memoryIndexedDb();
    const page = new EventTarget();
    const first = createJournal({ run: 'a' });
    await keepJournal(first, idb.factory, tab, page).restored;
    calls(first, 3);
    page.dispatchEvent(new Event('pagehide'));
    expect(idb.puts).toEqual([]);

    await nextLoad(tab, idb.factory, 'b');
    await vi.waitFor(() => expect(idb.puts.some((k) => k.startsWith('h:'))).toBe(true), { timeout: 10_000 });
    const id = tab.getItem('journalTab')!;
    expect((idb.data.get(`c:${id}:0`) as Array<{ seq: number }>).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('deletes the chunks a cleared or trimmed journal no longer has', async () => {
    const tab = memoryStorage();
    const idb = memoryIndexedDb();
    const journal = createJournal({ run: 'a', limit: 2 * CHUNK });
    const kept = keepJournal(journal, idb.factory, tab, new EventTarget());
    await kept.restored;
    const id = tab.getItem('journalTab')!;
    calls(journal, 2 * CHUNK);
    await kept.flush();
    calls(journal, CHUNK + 1, 2 * CHUNK); // the journal keeps the last 200: seq 102-301
    await kept.flush();
    expect([...idb.data.keys()].sort()).toEqual([`c:${id}:1`, `c:${id}:2`, `c:${id}:3`, `h:${id}`]);
    expect((idb.data.get(`c:${id}:1`) as Array<{ seq: number }>)[0].seq).toBe(CHUNK + 2);
    journal.clear();
    await kept.flush();
    expect([...idb.data.keys()]).toEqual([]);
    calls(journal, 2, 1000);
    await kept.flush();
    const again = await nextLoad(tab, idb.factory, 'b');
    expect(again.entries().map((e) => (e.kind === 'call' ? e.path : ''))).toEqual(['/v1/call/1000', '/v1/call/1001']);
  });

  it('deletes the journals of tabs not written for a week, and records of the old one-record format; keeps the rest', async () => {
    const idb = memoryIndexedDb();
    const day = 86_400_000;
    const now = 100 * day;
    idb.data.set('h:old', { first: 0, last: 1, savedAt: now - (JOURNAL_KEEP_DAYS + 1) * day });
    idb.data.set('c:old:0', []);
    idb.data.set('c:old:1', []);
    idb.data.set('h:recent', { first: 0, last: 0, savedAt: now - day });
    idb.data.set('c:recent:0', []);
    idb.data.set('h:mine', { first: 0, last: 0, savedAt: 0 }); // this tab's, however old its last write
    idb.data.set('c:mine:0', []);
    idb.data.set('legacy-tab', { entries: [], savedAt: now });
    await prune(idb.db, now, 'mine');
    expect([...idb.data.keys()].sort()).toEqual(['c:mine:0', 'c:recent:0', 'h:mine', 'h:recent']);
  });
});

describe('statecharts drawn from their definitions (the Machines stories)', () => {
  it('names every state and every event of every machine, with targets that exist', () => {
    for (const machine of Object.values(MACHINES)) {
      const chart = describeStatechart(machine);
      const paths = new Set<string>();
      const collect = (s: ChartState) => {
        paths.add(s.path);
        s.children.forEach(collect);
      };
      collect(chart);
      // Every state id the machine has, once.
      const ids = (machine as unknown as { idMap: Map<string, unknown> }).idMap;
      expect(paths.size, machine.id).toBe([...ids.keys()].filter((id) => id === machine.id || id.startsWith(`${machine.id}.`)).length);
      const walkTargets = (s: ChartState) => {
        for (const t of s.transitions)
          for (const target of t.targets) expect(paths.has(target), `${machine.id}: ${t.event} → ${target}`).toBe(true);
        s.children.forEach(walkTargets);
      };
      walkTargets(chart);
      // Every event the machine's own events union names is drawn (the events the payload table classifies).
      const drawn = eventsOf(chart);
      for (const type of Object.keys(PAYLOADS[machine.id] ?? {})) {
        if (!type.startsWith('xstate.')) expect(drawn, `${machine.id} draws ${type}`).toContain(type);
      }
    }
    const session = describeStatechart(machines.sessionMachine);
    expect(session.children.map((c) => c.key)).toContain('authenticated');
    expect(session.initial).toBeDefined();
  });

  it('a walk through each machine records a journal that replays step by step', () => {
    for (const machine of Object.values(MACHINES)) {
      const { file } = recordWalk(machine);
      const events = file.entries.filter((e) => e.kind === 'event');
      expect(events.length, machine.id).toBeGreaterThanOrEqual(2);
      const replay = replayJournal(file.entries, MACHINES);
      expect(replay.mismatch, machine.id).toBeUndefined();
      expect(replay.actors[0].machine).toBe(machine.id);
    }
  });
});

describe('the journal panel’s times', () => {
  it('shows an entry’s time of day in the tenant’s zone, to the millisecond', async () => {
    const { time } = await import('@/journal/panel/journal-panel.tsx');
    const t = Date.UTC(2026, 0, 1, 16, 5, 7, 89);
    expect(time(t, 'Asia/Shanghai')).toBe('00:05:07.089');
    expect(time(t, 'UTC')).toBe('16:05:07.089');
    expect(time(t, 'America/New_York')).toBe('11:05:07.089');
  });
});

describe('the journal’s live actors', () => {
  it('lists an actor from its start until it stops, never one only created', () => {
    const journal = createJournal({ now: () => 0 });
    const actor = createActor(machines.loadingMachine, { inspect: journal.inspect });
    expect(journal.live().map((a) => a.machine)).toEqual([]);
    actor.start();
    expect(journal.live().map((a) => a.machine)).toEqual(['loading']);
    actor.stop();
    expect(journal.live()).toEqual([]);
  });
});
