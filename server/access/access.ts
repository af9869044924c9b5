import type { Context, MiddlewareHandler, Next } from 'hono';
import type { KeyCheck } from './api-keys.ts';
import type { AppEnv, FoundSession, SessionEndReason, SessionInfo } from './auth.ts';
import { ACCESS_TOKEN_FREE } from './auth.ts';
import { declaredSchema } from '../infra/http/validate.ts';
import { log } from '../infra/logger.ts';

export type { Owner, RecordOp } from '@/api/table/define.ts';
import type { Owner } from '@/api/table/define.ts';

const OWNER = Symbol('owner');

/**
 * A route's owner, marked on it by `mount` from the call's declaration (src/api/table). The middleware itself does
 * nothing; the access chain reads the owners from the mounted routes (CallTable), so the owner the chain enforces is
 * the declaration's.
 */
export function owns(owner: Owner): MiddlewareHandler<AppEnv> {
  const declared: MiddlewareHandler<AppEnv> = (_c, next) => next();
  return Object.assign(declared, { [OWNER]: owner });
}

/** The calls the server answers and their declared owners, read from the mounted routes once they are all there. */
export class CallTable {
  readonly #owners = new Map<string, Owner>();
  readonly #served = new Set<string>();
  readonly #bodies = new Set<string>();

  /** Reads a route list (Hono's `app.routes`); `prefix` is cut from each path (`/manage`). */
  read(routes: ReadonlyArray<{ method: string; path: string; handler: unknown }>, prefix = ''): this {
    for (const r of routes) {
      if (r.method === 'ALL' || !r.path.startsWith(prefix)) continue;
      const key = `${r.method} ${r.path.slice(prefix.length)}`;
      this.#served.add(key);
      const owner = (r.handler as { [OWNER]?: Owner })[OWNER];
      if (owner) this.#owners.set(key, owner);
      if (declaredSchema(r.handler)) this.#bodies.add(key);
    }
    return this;
  }

  owner(method: string, path: string): Owner | undefined {
    return this.#owners.get(`${method} ${path}`);
  }

  /** Whether the server answers this call (owned or not). */
  serves(method: string, path: string): boolean {
    return this.#served.has(`${method} ${path}`);
  }

  /** Every served call, `METHOD /path`. */
  get calls(): string[] {
    return [...this.#served];
  }

  /** Every call whose route declares its body's schema (`takes`). */
  get checked(): string[] {
    return [...this.#bodies];
  }

  /** Every owned call with its owner. */
  get owners(): Array<[string, Owner]> {
    return [...this.#owners];
  }
}

/** The refusal of a call the caller may not make (SPEC 8's 403). */
export const forbidden = { result: 403, errmsg: '您没有当前操作的权限' } as const;

/** What the chain asks the database: sessions, access tokens, API keys, interfaces and their relations. */
export interface AccessLookups {
  /**
   * the live session a token names; given the call, also whether it may make it (else mayCall is asked); given an
   * AccessToken, also whether it is the session's (else accessTokenValid is asked)
   */
  findSession: (token: string, call?: { method: string; path: string }, accessToken?: string) => Promise<FoundSession | null>;
  /** why a token's session is no longer live, when it says (asked only once the session was not found) */
  whyEnded: (token: string) => Promise<SessionEndReason | null>;
  accessTokenValid: (session: SessionInfo, token: string) => Promise<boolean>;
  /** marks the session as seen now (presence), when it is due */
  touch: (session: SessionInfo) => Promise<void>;
  mayCall: (session: SessionInfo, method: string, path: string) => Promise<boolean>;
  checkApiKey: (key: string) => Promise<KeyCheck>;
  recordKeyCall: (keyId: number, tenantId: number, method: string, path: string, outcome: string, ip: string) => Promise<void>;
  /** the interface row of a call, for an API key's scopes */
  interfaceId: (method: string, path: string) => Promise<number | undefined>;
}

export interface AccessOptions {
  /** the platform operator's tenant (PLATFORM_TENANT): the only one that may make `platform` calls */
  platformTenant: number;
  /** resolves once the interface rows exist (syncInterfaces) */
  interfacesReady?: Promise<void>;
  /** what the chain asks: the database's (server/access/relations.ts: dbLookups), or a test's */
  lookups: AccessLookups;
}

/**
 * The one rule chain for /manage, in this order: the call's owner (no owner: refused), the session (the spec's
 * userToken缺失 / 401, then the AccessToken), the tenant (disabled or expired: 401), the page or button
 * permission through the interface's relations, and the platform tenant for platform calls (403). Department
 * scope is per row, in the handlers (server/access/permissions.ts: departmentScope, outsideScope).
 */
export function accessChain(calls: CallTable, options: AccessOptions): MiddlewareHandler<AppEnv> {
  const ask = options.lookups;
  /**
   * A call made with an API key: only page-or-button calls (never the shell's or the platform's), within the key's
   * scopes and what its maker may call now; rate-limited; every call logged with its outcome.
   */
  const keyCall = async (c: Context<AppEnv>, next: Next, owner: Owner, apiKey: string, path: string) => {
    const checked = await ask.checkApiKey(apiKey);
    const log = (keyId: number, tenantId: number, outcome: string) =>
      ask.recordKeyCall(keyId, tenantId, c.req.method, path, outcome, c.get('ip') ?? '');
    if (!checked.ok) {
      if (checked.keyId !== undefined) await log(checked.keyId, checked.tenantId!, String(checked.status));
      return checked.status === 429
        ? c.json({ result: 'error', errmsg: checked.errmsg }, 429, { 'Retry-After': '60' })
        : c.json({ result: checked.status, errmsg: checked.errmsg });
    }
    const { session, keyId, scopes } = checked;
    const refuse = async (why: string) => {
      await log(keyId, session.tenantId, 'forbidden');
      return c.json({ result: 403, errmsg: why });
    };
    // never the session's or the shell's calls, the platform's, or the keys' own management (a key does not make keys)
    if (typeof owner === 'string' || owner.platform || path.startsWith('/v1/openApi/')) {
      return refuse('API 密钥不能调用此接口');
    }
    await options.interfacesReady;
    const iface = await ask.interfaceId(c.req.method, path);
    if (iface === undefined || !scopes.includes(iface)) return refuse('该 API 密钥无权调用此接口');
    if (!(await ask.mayCall(session, c.req.method, path))) return refuse(forbidden.errmsg);
    c.set('session', session);
    await next();
    await log(keyId, session.tenantId, c.res.status === 200 ? 'ok' : String(c.res.status));
  };
  return async (c, next) => {
    const path = c.req.path.replace(/^\/manage/, '');
    const owner = calls.owner(c.req.method, path);
    if (!owner) {
      // Not a route: the 404 answers. A route nobody owns is a bug; never run it unchecked.
      if (!calls.serves(c.req.method, path)) return next();
      log.error({ method: c.req.method, path }, 'call without an owner refused');
      return c.json(forbidden);
    }
    if (owner === 'anonymous') return next();

    // 1. session, or an open-platform API key standing for its maker (X-Api-Key, no UserToken)
    const apiKey = c.req.header('X-Api-Key');
    if (apiKey && !c.req.header('UserToken')) return keyCall(c, next, owner, apiKey, path);
    const token = c.req.header('UserToken');
    if (!token) return c.json({ result: 'error', values: 'userToken缺失', errmsg: '登录失效，请重新登录' });
    // A page or button call's permission is read with the session (one statement), once the interface rows exist.
    const pageCall = typeof owner === 'object';
    if (pageCall) await options.interfacesReady;
    // An AccessToken header must be one this session holds and still valid (read with the session too); fetching a
    // new one and logging out need none (the client sends its old one along).
    const header = c.req.header('AccessToken');
    const accessToken = header && !ACCESS_TOKEN_FREE.test(c.req.path) ? header : undefined;
    const found = await ask.findSession(token, pageCall ? { method: c.req.method, path } : undefined, accessToken);
    if (!found) {
      // SPEC's 401, and why when an administrator ended it (the console then says so instead of "expired")
      const reason = await ask.whyEnded(token);
      return c.json({ result: 401, errmsg: 'userToken失效', ...(reason ? { reason } : {}) });
    }
    const { session } = found;
    if (accessToken && !(found.accessTokenValid ?? (await ask.accessTokenValid(session, accessToken)))) {
      return c.json({ result: 'error', values: 'accessToken失效', errmsg: 'accessToken失效' });
    }
    // 2. tenant
    if (!session.tenantActive) return c.json({ result: 401, errmsg: '所属租户已停用或已到期' });
    c.set('session', session);
    await ask.touch(session);
    // 3. page or button, through the interface's relations; platform calls only in the platform's tenant. A password
    // someone else chose opens nothing but the session's own calls and the change itself until it is changed.
    // (The change itself needs no page: nothing but the gate is asked.)
    if (session.mustChangePassword) return openBeforePasswordChange(owner) ? next() : c.json({ result: 403, errmsg: '请先修改初始密码' });
    if (typeof owner === 'object') {
      if (owner.platform && session.tenantId !== options.platformTenant) return c.json(forbidden);
      if (!(found.mayCall ?? (await ask.mayCall(session, c.req.method, path)))) return c.json(forbidden);
    }
    await next();
  };
}

/**
 * What a session whose initial password must still be changed may call: the session's own calls (start, stay, end)
 * and the change itself. The rest (the shell's other calls, every page and button) waits for the change.
 */
export const openBeforePasswordChange = (owner: Exclude<Owner, 'anonymous'>): boolean =>
  owner === 'session' || (owner as { initialPassword?: true }).initialPassword === true;

/** What a call does, by the last segment of its path (selSysTaskList, addSysTask, del, importExcel …). */
const ACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/logout/i, '退出登录'],
  [/login/i, '登录'],
  [/(^|[a-z])(del|delete|remove)/i, '删除'],
  [/import/i, '导入'],
  [/export|excel|sheet|download/i, '导出'],
  [/detail|info$|^get(?!Page)/i, '详情'],
  [/^(save|add|ins|upd|update|edit|modify|set|create)/i, '保存'],
  [/list|tree|^sel|^query|^search|count|statistics|dashboard/i, '查询'],
];

/**
 * A readable name for a server call nobody named (the interface list's 名称): the page that owns it and what it
 * does there (用户管理 · 查询), or its kind for calls no page owns (公开接口, 登录后通用). `names` finds a page's
 * menu name by its component, and the page a button sits on by the button's code.
 */
export function describeCall(
  owner: Owner | undefined,
  path: string,
  names: { page: (component: string) => string | undefined; button: (code: string) => string | undefined },
): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? path;
  const action = ACTIONS.find(([re]) => re.test(last))?.[1] ?? last;
  if (!owner) return action;
  if (owner === 'anonymous') return `公开接口 · ${action}`;
  if (owner === 'shell' || owner === 'session') return `登录后通用 · ${action}`;
  const page =
    owner.pages?.map(names.page).find(Boolean) ??
    owner.buttons?.map(names.button).find(Boolean) ??
    (owner.records ? '业务数据页' : undefined);
  return page ? `${page} · ${action}` : action;
}
