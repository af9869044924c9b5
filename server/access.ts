import type { Context, MiddlewareHandler, Next } from 'hono';
import type { KeyCheck } from './api-keys.ts';
import type { AppEnv, SessionInfo } from './auth.ts';
import { ACCESS_TOKEN_FREE } from './auth.ts';
import { CAMPAIGN_PAGES } from '../src/api/campaign-rules.ts';

/** What a call does to a data-dictionary table's records: the button it needs is `<table>:<op>` (view: the page). */
export type RecordOp = 'view' | 'add' | 'edit' | 'del' | 'import' | 'export';

/**
 * Who may make a call:
 * - `anonymous`: anyone (passport, captcha, anonymous SMS, demo outbox);
 * - `shell`: every signed-in user (the calls the session shell itself makes);
 * - `pages` / `buttons`: a signed-in user whose roles grant a menu page or button related to the call's interface
 *   (page_func_relation, read live at each call). The pages (by component name) and button codes named here are
 *   the relations a new interface row starts with; after that the data decides (the interface list page).
 *   `platform`: only the platform operator's tenant, whatever the relations say.
 *   `records`: the records calls of issue 14. Their first relations are every page whose component a meta table
 *   names (`view`) and every `<table>:<op>` button under such a page; the handler then narrows the relation to the
 *   table the call names (server/records.ts: mayRecord).
 */
export type Owner =
  'anonymous' | 'shell' | { pages?: readonly string[]; buttons?: readonly string[]; platform?: true; records?: readonly RecordOp[] };

/**
 * Every call the server answers and who owns it (docs/api.md). A route missing here is refused, and
 * tests/api/access.test.ts walks the server's routes and fails on any call no entry owns. For page and button
 * calls this is only the first relations of each interface (`syncInterfaces`); the interface list edits them.
 */
// Stryker disable all: a declaration table, not logic. tests/api/access.test.ts checks it against the routes the server
// serves and the menu's forms; the relations it seeds are exercised by the API suite on a real database.
export const CALL_OWNERS: Readonly<Record<string, Owner>> = {
  // passport, captcha and anonymous SMS (SPEC 7, DECISIONS.md)
  'POST /anon/passport/aesKey': 'anonymous',
  'POST /anon/passport/login': 'anonymous',
  'POST /anon/passport/loginByUserToken': 'anonymous',
  'POST /anon/passport/register': 'anonymous',
  'POST /anon/passport/resetPassword': 'anonymous',
  'POST /anon/tenant/info': 'anonymous',
  'GET /v1/anon/user/create/verifyCode': 'anonymous',
  'POST /anon/sms/sendSMS': 'anonymous',
  'GET /anon/dev/outbox': 'anonymous',
  'POST /anon/dev/fault': 'anonymous',
  'DELETE /anon/dev/fault': 'anonymous',
  // the session shell: every signed-in user
  'POST /vue/userInfo': 'shell',
  'POST /v1/userRole/initUserPermission': 'shell',
  'POST /permission/treeMenu4VUE': 'shell',
  'POST /anon/vue/token': 'shell',
  'POST /anon/vue/logout': 'shell',
  'POST /v1/systemSetting/getByType': 'shell',
  'POST /v2/sms/sendSMS': 'shell',
  'POST /v1/third/bindPhone': 'shell',
  'POST /v1/userOperationLog/save': 'shell',
  'GET /v1/session/events': 'shell',
  'POST /v1/menu/pinyin': 'shell',
  // one's own profile (the user centre, reached by every user from the dropdown)
  'POST /v1/user/updateInfo': 'shell',
  // uploads (SPEC 7 get7niuToken): avatars, record images, campaign images; the upload itself carries the token
  'GET /v1/system/get7niuToken': 'shell',
  'POST /anon/upload': 'anonymous',
  // the top bar's online count and drawer; SPEC 6's userType rule is checked by the handler
  'POST /v1/user/listOnlineUser': 'shell',
  'POST /v1/user/forceLogout': 'shell',
  // system administration
  'POST /v1/user/list': { pages: ['manage/users'] },
  'POST /vue/user/detail': { pages: ['manage/users'] },
  'POST /v1/user/save': { buttons: ['user:add', 'user:edit'] },
  'POST /v1/user/modifyStatus': { buttons: ['user:edit'] },
  'POST /vue/user/del': { buttons: ['user:del'] },
  // SPEC's path says anon, but telling which accounts exist is for those who create accounts.
  'POST /anon/user/checkUsername': { buttons: ['user:add'] },
  // multipart: start an import; JSON { jobId }: its progress and report (and cancel)
  'POST /v1/user/importExcel': { buttons: ['user:import'] },
  // the import template (user:import, checked in the handler) or the export of the list the page shows
  'POST /v1/common/excel/getExcelUrl': { pages: ['manage/users'] },
  // staff records: the staff page, or an account editor binding one
  'POST /v1/staffInfo/selectStaffInfoByUserId': { pages: ['manage/users', 'base-info/staff-mng'] },
  'POST /v1/staff/save': { pages: ['base-info/staff-mng'], buttons: ['user:edit'] },
  'POST /v1/staff/list': { pages: ['base-info/staff-mng'] },
  'POST /v1/staff/del': { pages: ['base-info/staff-mng'] },
  // 基础数据 › 部门管理 on the real department table (issue 14); changes by userType 0 only (the handler)
  'POST /v1/depart/list': { pages: ['base-info/department'] },
  'POST /v1/depart/save': { pages: ['base-info/department'] },
  'POST /v1/depart/del': { pages: ['base-info/department'] },
  'POST /v1/staffAccount/saveCheck': { pages: ['base-info/staff-mng'], buttons: ['user:edit'] },
  'POST /v1/role/list': { pages: ['manage/roles', 'manage/users'] },
  'POST /v1/role/tree': { pages: ['manage/roles'] },
  'POST /v1/role/treeByTenantId': { pages: ['manage/roles'] },
  'POST /v1/role/save': { buttons: ['role:save'] },
  'POST /v1/role/del': { buttons: ['role:delete'] },
  'POST /v1/rolePerm/list': { pages: ['manage/roles'] },
  'POST /v1/rolePerm/save': { buttons: ['role:save'] },
  'POST /v1/role/queryRolePemission': { pages: ['manage/roles'] },
  'POST /v1/permission/copyRolePermission': { buttons: ['role:copy'] },
  'POST /v1/userRole/list': { pages: ['manage/roles'] },
  'POST /v1/userRole/save': { buttons: ['user:edit', 'role:save'] },
  'POST /v1/renant/selectUserRoleList': { pages: ['manage/roles', 'manage/users'] },
  'POST /v1/userOperationLog/list': { pages: ['manage/logs'] },
  // the logs page: sign-ins and sessions, who signed in lately, errors, SMS sent
  'POST /v1/userLoginLog/list': { pages: ['manage/logs'] },
  'POST /v1/userLoginLog/detail': { pages: ['manage/logs'] },
  'POST /v1/loginInfo/selUserLoginInfoList': { pages: ['manage/logs'] },
  'POST /v1/errLogger/controller/list': { pages: ['manage/logs'] },
  // the console reports its own uncaught errors and chunk failures
  'POST /v1/errLogger/controller/report': 'shell',
  'POST /v1/msg/getSmsRecoedList': { pages: ['manage/logs', 'manage/sms-platform'] },
  // the open platform's API keys: a tenant's own
  'POST /v1/openApi/key/scopes': { pages: ['open-platform/api-key'] },
  'POST /v1/openApi/key/list': { pages: ['open-platform/api-key'] },
  'POST /v1/openApi/key/save': { pages: ['open-platform/api-key'] },
  'POST /v1/openApi/key/revoke': { pages: ['open-platform/api-key'] },
  'POST /v1/openApi/key/logs': { pages: ['open-platform/api-key'] },
  // the open platform's message subscriptions: a tenant's own
  'POST /v1/openApi/webhook/list': { pages: ['open-platform/subscription'] },
  'POST /v1/openApi/webhook/save': { pages: ['open-platform/subscription'] },
  'POST /v1/openApi/webhook/delete': { pages: ['open-platform/subscription'] },
  'POST /v1/openApi/webhook/test': { pages: ['open-platform/subscription'] },
  'POST /v1/openApi/webhook/deliveries': { pages: ['open-platform/subscription'] },
  // SMS platforms: a tenant's own
  'POST /v1/smsPlatform/list': { pages: ['manage/sms-platform'] },
  'POST /v1/smsPlatform/detail': { pages: ['manage/sms-platform'] },
  'POST /v1/smsPlatform/save': { pages: ['manage/sms-platform'] },
  'POST /v1/smsPlatform/delete': { pages: ['manage/sms-platform'] },
  'POST /v1/smsPlatform/test': { pages: ['manage/sms-platform'] },
  // scheduled tasks: the platform's (they run for every tenant)
  'POST /v1/sysTask/selSysTaskList': { pages: ['manage/tasks'], platform: true },
  'POST /v1/sysTask/selSysTaskLogList': { pages: ['manage/tasks'], platform: true },
  'POST /v1/sysTask/cronPreview': { pages: ['manage/tasks'], platform: true },
  'POST /v1/sysTask/addSysTask': { pages: ['manage/tasks'], platform: true },
  'POST /v1/sysTask/delTaskLock': { pages: ['manage/tasks'], platform: true },
  'POST /v1/sysTask/run': { pages: ['manage/tasks'], platform: true },
  // the privacy switch: every signed-in user's lists follow it
  'POST /v1/systemSetting/getIsPrivacy': 'shell',
  // platform administration: tenants (the operator only), and a tenant's own parameters
  'POST /v1/tenant/list': { pages: ['tenant-manage/tenant-list', 'manage/tenant-pages'], platform: true },
  'POST /v1/tenant/save': { pages: ['tenant-manage/tenant-list'], platform: true },
  'POST /v1/tenantPagesRelation/selRelationList': { pages: ['manage/tenant-pages', 'tenant-manage/tenant-list'], platform: true },
  'POST /v1/tenantPagesRelation/addRelation': { pages: ['manage/tenant-pages', 'tenant-manage/tenant-list'], platform: true },
  // a tenant's own parameters; the operator's tenant list names any tenant (checked by the handler)
  'POST /v1/tenantOverallParams/query': { pages: ['manage/parameters', 'tenant-manage/tenant-list'] },
  'POST /v1/tenantOverallParams/update': { pages: ['manage/parameters', 'tenant-manage/tenant-list'] },
  // the shared menu, the interfaces and their relations (the operator only)
  'POST /v1/menu/tree': {
    pages: ['manage/menu-list', 'manage/interface-list', 'manage/tenant-pages', 'tenant-manage/tenant-list'],
    platform: true,
  },
  'POST /vue/menu/list': { pages: ['manage/menu-list', 'manage/interface-list'], platform: true },
  'POST /vue/menu/del': { pages: ['manage/menu-list'], platform: true },
  'POST /vue/menu/move': { pages: ['manage/menu-list'], platform: true },
  'POST /vue/perm/save': { pages: ['manage/menu-list'], platform: true },
  'POST /vue/interface/list': { pages: ['manage/interface-list', 'manage/menu-list'], platform: true },
  'POST /vue/interface/save': { pages: ['manage/interface-list'], platform: true },
  'POST /vue/interface/del': { pages: ['manage/interface-list'], platform: true },
  'POST /permission/getPageFuncRelation': { pages: ['manage/interface-list', 'manage/menu-list'], platform: true },
  'POST /permission/setPageFuncRelation': { pages: ['manage/interface-list', 'manage/menu-list'], platform: true },
  'POST /v1/permission/delPageFuncRelation': { pages: ['manage/interface-list', 'manage/menu-list'], platform: true },
  // the data dictionary and the document collections, per tenant
  'POST /v1/metaData/selMetaTableList': { pages: ['manage/meta-data'] },
  'POST /v1/metaData/selMetaFieldList': { pages: ['manage/meta-data'] },
  'POST /v1/metaData/saveMetaTable': { buttons: ['meta:save'] },
  'POST /v1/metaData/saveMetaField': { buttons: ['meta:save'] },
  'POST /v1/metaData/delMetaTable': { buttons: ['meta:del'] },
  'POST /v1/metaData/delMetaField': { buttons: ['meta:del'] },
  'POST /v1/mongo/mongoTableList': { pages: ['manage/mongo-tables'] },
  'POST /v1/mongo/mongoTableFileList': { pages: ['manage/mongo-tables'] },
  'POST /v1/mongo/insTable': { buttons: ['mongo:save'] },
  'POST /v1/mongo/insTableFile': { buttons: ['mongo:save'] },
  'POST /v1/mongo/delTable': { buttons: ['mongo:del'] },
  'POST /v1/mongo/delTableFile': { buttons: ['mongo:del'] },
  // campaigns of the content area: each type's list and the setting wizard (issue 15), and their audit
  'POST /v1/campaign/list': { pages: [...CAMPAIGN_PAGES, 'campaign-audit/list'] },
  'POST /v1/campaign/detail': { pages: [...CAMPAIGN_PAGES, 'campaign-audit/list'] },
  'POST /v1/campaign/saveStep': { pages: CAMPAIGN_PAGES },
  'POST /v1/campaign/submit': { pages: CAMPAIGN_PAGES },
  'POST /v1/campaignAudit/list': { pages: ['campaign-audit/list'] },
  'POST /v1/campaignAudit/approve': { pages: ['campaign-audit/list'] },
  'POST /v1/campaignAudit/reject': { pages: ['campaign-audit/list'] },
  // the page builder's pages and its component palette (SPEC 7 Pages)
  'POST /v1/pageInfo/queryPageInfo': { pages: ['template/custom-page'] },
  'POST /v1/pageInfo/insertPageInfo': { pages: ['template/custom-page'] },
  'POST /v1/pageInfo/updatePageInfo': { pages: ['template/custom-page'] },
  'POST /v1/pageInfo/deletePageInfo': { pages: ['template/custom-page'] },
  'POST /v1/componentMiniprogramInfo/queryList': { pages: ['template/custom-page'] },
  // the user centre's set-password page: one's own password (issue 15)
  'POST /v1/user/updatePassword': { pages: ['user-center/set-password'] },
  // the landing page and the statistics page (issue 14)
  'POST /v1/dataStatistics/dashboard': { pages: ['data-statistics/dashboard'] },
  'POST /v1/dataStatistics/mallStatistics': { pages: ['data-statistics/mall-statistics'] },
  // the records of the business areas (issue 14): each call names its table, checked again per table
  'POST /v1/metaRecord/schema': { records: ['view'] },
  'POST /v1/metaRecord/list': { records: ['view'] },
  'POST /v1/metaRecord/detail': { records: ['view'] },
  'POST /v1/metaRecord/options': { records: ['view'] },
  'POST /v1/metaRecord/save': { records: ['add', 'edit'] },
  'POST /v1/metaRecord/del': { records: ['del'] },
  'POST /v1/metaRecord/import': { records: ['import'] },
  'POST /v1/metaRecord/export': { records: ['export', 'import'] },
};
// Stryker restore all

const forbidden = { result: 403, errmsg: '您没有当前操作的权限' } as const;

/** What the chain asks the database: sessions, access tokens, API keys, interfaces and their relations. */
export interface AccessLookups {
  findSession: (token: string) => Promise<SessionInfo | null>;
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
  /** what the chain asks: the database's (server/relations.ts: dbLookups), or a test's */
  lookups: AccessLookups;
}

/**
 * The one rule chain for /manage, in this order: the call's owner (no owner: refused), the session (SPEC 8's
 * userToken缺失 / 401, then the AccessToken), the tenant (disabled or expired: 401), the page or button
 * permission through the interface's relations, and the platform tenant for platform calls (403). Department
 * scope is per row, in the handlers (server/permissions.ts: departmentScope, outsideScope).
 */
export function accessChain(routes: ReadonlySet<string>, options: AccessOptions): MiddlewareHandler<AppEnv> {
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
    // never the shell's calls, the platform's, or the keys' own management (a key does not make keys)
    if (owner === 'shell' || (typeof owner === 'object' && owner.platform) || path.startsWith('/v1/openApi/')) {
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
    const key = `${c.req.method} ${path}`;
    const owner = CALL_OWNERS[key];
    if (!owner) {
      // Not a route: the 404 answers. A route nobody owns is a bug; never run it unchecked.
      if (!routes.has(key)) return next();
      console.error(`call without an owner refused: ${key}`);
      return c.json(forbidden);
    }
    if (owner === 'anonymous') return next();

    // 1. session, or an open-platform API key standing for its maker (X-Api-Key, no UserToken)
    const apiKey = c.req.header('X-Api-Key');
    if (apiKey && !c.req.header('UserToken')) return keyCall(c, next, owner, apiKey, path);
    const token = c.req.header('UserToken');
    if (!token) return c.json({ result: 'error', values: 'userToken缺失', errmsg: '登录失效，请重新登录' });
    const session = await ask.findSession(token);
    if (!session) return c.json({ result: 401, errmsg: 'userToken失效' });
    // An AccessToken header must be one this session holds and still valid; fetching a new one and logging out
    // need none (the client sends its old one along).
    const accessToken = c.req.header('AccessToken');
    if (accessToken && !ACCESS_TOKEN_FREE.test(c.req.path) && !(await ask.accessTokenValid(session, accessToken))) {
      return c.json({ result: 'error', values: 'accessToken失效', errmsg: 'accessToken失效' });
    }
    // 2. tenant
    if (!session.tenantActive) return c.json({ result: 401, errmsg: '所属租户已停用或已到期' });
    c.set('session', session);
    await ask.touch(session);
    // 3. page or button, through the interface's relations; platform calls only in the platform's tenant
    if (owner !== 'shell') {
      if (owner.platform && session.tenantId !== options.platformTenant) return c.json(forbidden);
      await options.interfacesReady;
      if (!(await ask.mayCall(session, c.req.method, path))) return c.json(forbidden);
    }
    await next();
  };
}

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
  method: string,
  path: string,
  names: { page: (component: string) => string | undefined; button: (code: string) => string | undefined },
): string {
  const owner = CALL_OWNERS[`${method} ${path}`];
  const last = path.split('/').filter(Boolean).at(-1) ?? path;
  const action = ACTIONS.find(([re]) => re.test(last))?.[1] ?? last;
  if (!owner) return action;
  if (owner === 'anonymous') return `公开接口 · ${action}`;
  if (owner === 'shell') return `登录后通用 · ${action}`;
  const page =
    owner.pages?.map(names.page).find(Boolean) ??
    owner.buttons?.map(names.button).find(Boolean) ??
    (owner.records ? '业务数据页' : undefined);
  return page ? `${page} · ${action}` : action;
}
