import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SessionInfo } from './auth.ts';
import { findSession, ACCESS_TOKEN_FREE, accessTokenValid } from './auth.ts';
import type { Db } from './db.ts';
import { dueForTouch, touchSession } from './presence.ts';

/**
 * Who may make a call:
 * - `anonymous`: anyone (passport, captcha, anonymous SMS, demo outbox);
 * - `shell`: every signed-in user (the calls the session shell itself makes);
 * - `pages` / `buttons`: a signed-in user whose roles grant one of these menu pages (by component name) or one of
 *   these type-2 button codes, read live at each call.
 */
export type Owner = 'anonymous' | 'shell' | { pages?: readonly string[]; buttons?: readonly string[] };

/**
 * Every call the server answers and who owns it (docs/api.md). A route missing here is refused, and
 * tests/api/access.test.ts walks the server's routes and fails on any call no entry owns. The platform
 * administration pages turn this table into editable page-function relations.
 */
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
};

/** Whether the caller's roles grant one of the owner's pages or buttons now (menu rows: shared or the tenant's own). */
export async function grants(db: Db, s: SessionInfo, owner: Exclude<Owner, 'anonymous' | 'shell'>): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM user_role ur
       JOIN role r ON r.id = ur.role_id AND r.tenant_id = $2
       JOIN role_perm rp ON rp.role_id = r.id
       JOIN menu m ON m.id = rp.menu_id AND (m.tenant_id IS NULL OR m.tenant_id = $2)
      WHERE ur.user_id = $1
        AND ((m.uri_type = 1 AND m.component = ANY($3::text[])) OR (m.uri_type = 2 AND m.code = ANY($4::text[])))
      LIMIT 1`,
    [s.userId, s.tenantId, owner.pages ?? [], owner.buttons ?? []],
  );
  return rows.length > 0;
}

const forbidden = { result: 403, errmsg: '您没有当前操作的权限' } as const;

/**
 * The one rule chain for /manage, in this order: the call's owner (no owner: refused), the session (SPEC 8's
 * userToken缺失 / 401, then the AccessToken), the tenant (disabled or expired: 401), the page or button
 * permission (403). Department scope is per row, in the handlers (server/permissions.ts: departmentScope, outsideScope).
 */
export function accessChain(db: Db, routes: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = `${c.req.method} ${c.req.path.replace(/^\/manage/, '')}`;
    const owner = CALL_OWNERS[key];
    if (!owner) {
      // Not a route: the 404 answers. A route nobody owns is a bug; never run it unchecked.
      if (!routes.has(key)) return next();
      console.error(`call without an owner refused: ${key}`);
      return c.json(forbidden);
    }
    if (owner === 'anonymous') return next();

    // 1. session
    const token = c.req.header('UserToken');
    if (!token) return c.json({ result: 'error', values: 'userToken缺失', errmsg: '登录失效，请重新登录' });
    const session = await findSession(db, token);
    if (!session) return c.json({ result: 401, errmsg: 'userToken失效' });
    // An AccessToken header must be one this session holds and still valid; fetching a new one and logging out
    // need none (the client sends its old one along).
    const accessToken = c.req.header('AccessToken');
    if (accessToken && !ACCESS_TOKEN_FREE.test(c.req.path) && !(await accessTokenValid(db, session, accessToken))) {
      return c.json({ result: 'error', values: 'accessToken失效', errmsg: 'accessToken失效' });
    }
    // 2. tenant
    if (!session.tenantActive) return c.json({ result: 401, errmsg: '所属租户已停用或已到期' });
    c.set('session', session);
    if (dueForTouch(session.lastSeenAt)) await touchSession(db, session.tokenHash);
    // 3. page or button
    if (owner !== 'shell' && !(await grants(db, session, owner))) return c.json(forbidden);
    await next();
  };
}
