import { Hono, type Context } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { mount } from '../../infra/http/mount.ts';
import { USER_FIELDS, type UserInput, type UserRow } from '@/api/schema/system/user.ts';
import { declaredValues } from '@/api/schema/resource.ts';
import {
  accountTaken,
  deleteUser,
  insertUser,
  isLastAdmin,
  ownedCounts,
  phoneTaken,
  queryUsers,
  setUserStatus,
  updateUser,
  userById,
} from './queries.ts';
import { userApi } from '@/api/table/users.ts';
import { isMaskedOf, phoneView } from '../../access/privacy.ts';
import { emitEvent } from '../../services/webhooks.ts';
import { hashPassword } from '../../infra/crypto.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { newPassword } from '../../infra/passwords.ts';
import { assertInScope, departmentScope, inScope, rolesBeyondCaller } from '../../access/permissions.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { ACCOUNT_PATTERN, USER_TYPE_RANK } from '@/api/contract/users.ts';

/** A refused save, its message shown under `field` by the form. */
const fieldError = (field: string, message: string) => new ApiError(message, { field });

/**
 * System administration › users. Lists, details and every change stay within the caller's
 * department scope (userType 0: the whole tenant). Who may call is each route's owner (owns, server/access/access.ts);
 * saves also check, here, that nobody grants more than they hold (docs/api.md "Users").
 */
export function userRoutes(db: Db, events: SessionEvents) {
  const app = new Hono<AppEnv>();

  mount(app, userApi.list, async (c) => {
    const body = c.var.body;
    const { pageNum, pageSize } = body;
    const s = c.get('session');
    const { rows, count } = await queryUsers(db, s, body, pageNum, pageSize);
    const view = await phoneView(db, s);
    return { ...ok(rows.map((u) => ({ ...u, phone: view(u.phone) }))), count };
  });

  /** A user of the caller's tenant, or the refusal: unknown (another tenant's too) or outside the caller's scope. */
  const userInScope = async <E extends AppEnv>(c: Context<E>, id: number): Promise<UserRow> => {
    const s = c.get('session');
    const row = await userById(db, s.tenantId, id);
    if (!row) throw new ApiError('用户不存在');
    assertInScope(s, row.departIds);
    return row;
  };

  mount(app, userApi.detail, async (c) => {
    const { id } = c.var.body;
    const row = await userInScope(c, id);
    const view = await phoneView(db, c.get('session'));
    return ok({ ...row, phone: view(row.phone) });
  });

  mount(app, userApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    if (id === s.userId) throw new ApiError('不能删除当前登录的账号');
    const row = await userInScope(c, id);
    if (USER_TYPE_RANK[row.userType] > USER_TYPE_RANK[s.userType]) throw new ApiError('不能删除用户类型高于自己的账号');
    if (await isLastAdmin(db, s.tenantId, id)) throw new ApiError('不能删除租户的最后一个管理员账号');
    if (!(await deleteUser(db, s.tenantId, id))) throw new ApiError('用户不存在');
    await events.endUserSessions(id, '账号已删除');
    return ok();
  });

  mount(app, userApi.modifyStatus, async (c) => {
    const body = c.var.body;
    const { id } = body;
    const s = c.get('session');
    if (id === s.userId) throw new ApiError('不能停用或启用当前登录的账号');
    const row = await userInScope(c, id);
    if (USER_TYPE_RANK[row.userType] > USER_TYPE_RANK[s.userType]) throw new ApiError('不能修改用户类型高于自己的账号');
    if (body.status === 0 && (await isLastAdmin(db, s.tenantId, id))) throw new ApiError('不能停用租户的最后一个管理员账号');
    await setUserStatus(db, s.tenantId, id, body.status);
    if (body.status === 0) {
      await events.endUserSessions(id, '账号已停用');
      await emitEvent(db, s.tenantId, 'user.disabled', { id, userName: row.userName });
    }
    return ok();
  });

  // The path says anon, but telling which accounts exist is for those who create accounts.
  mount(app, userApi.checkUsername, async (c) => {
    const userName = c.var.body.userName.trim();
    if (!ACCOUNT_PATTERN.test(userName)) return ok({ available: false, reason: 'format' as const });
    return ok({ available: !(await accountTaken(db, userName)) });
  });

  mount(app, userApi.save, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const isNew = 'keyId' in body;
    const input: UserInput = {
      id: 'keyId' in body ? undefined : body.id,
      userName: body.userName?.trim(),
      nickname: body.nickname,
      phone: body.phone,
      userType: body.userType,
      departIds: body.departIds,
      roleIds: body.roleIds,
      storeId: body.storeId,
      ...declaredValues(USER_FIELDS, body),
    };
    const existing = isNew ? null : await userInScope(c, input.id!);
    // The form shows a masked phone while the privacy switch is on; sent back unchanged, the number stays.
    if (existing && isMaskedOf(input.phone, existing.phone as string)) input.phone = existing.phone as string;
    await checkGrants(db, s, input, existing);
    if (input.phone) {
      if (await phoneTaken(db, s.tenantId, input.phone, input.id ?? null)) throw fieldError('phone', '该手机号已被本租户的其他账号使用');
    }

    if (isNew) {
      const password = await newPassword(db, body);
      if (await accountTaken(db, input.userName!)) throw fieldError('userName', '该账号已被使用');
      const hash = await hashPassword(password);
      // One statement: the user and their roles, or nothing (a parallel save of the same account loses on the index).
      const [row] = await onDuplicate(
        insertUser(db, s.tenantId, input, hash, 'mustChangePassword' in body && body.mustChangePassword),
        '该账号已被使用',
      );
      await emitEvent(db, s.tenantId, 'user.created', { id: row.id, userName: input.userName, userType: input.userType });
      return ok({ id: row.id });
    }

    const rolesChanged = !sameSet(existing!.roleIds, input.roleIds);
    await updateUser(db, s.tenantId, input, rolesChanged);
    // Their open browsers rebuild menu and buttons at once.
    if (rolesChanged) await events.publish({ userId: input.id! }, 'permissions');
    return ok({ id: input.id! });
  });

  return app;
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * No privilege escalation: a caller gives no userType above their own and edits nobody above
 * themselves, changes neither their own roles nor their own userType, assigns only the tenant's roles whose
 * permissions they hold themselves, and only departments of the tenant within their own scope.
 */
async function checkGrants(db: Db, s: SessionInfo, input: UserInput, existing: UserRow | null): Promise<void> {
  const rank = USER_TYPE_RANK[s.userType];
  if (USER_TYPE_RANK[input.userType] > rank) throw fieldError('userType', '不能设置高于自己的用户类型');
  if (existing && USER_TYPE_RANK[existing.userType] > rank) throw new ApiError('不能修改用户类型高于自己的账号');
  if (existing && existing.id === s.userId) {
    if (!sameSet(existing.roleIds, input.roleIds)) throw fieldError('roleIds', '不能修改自己的角色');
    if (existing.userType !== input.userType) throw fieldError('userType', '不能修改自己的用户类型');
  }
  const owned = await ownedCounts(db, s.tenantId, input.departIds, input.roleIds);
  if (owned.departs !== input.departIds.length) throw fieldError('departIds', '部门不存在');
  const scope = departmentScope(s);
  if (scope !== null && !input.departIds.every((d) => inScope(scope, [d]))) {
    throw fieldError('departIds', '不能分配自己数据权限范围之外的部门');
  }
  if (input.roleIds.length) {
    if (owned.roles !== input.roleIds.length) throw fieldError('roleIds', '角色不存在');
    // Roles the user keeps need no check; each added role's permissions must all be the caller's own.
    const added = input.roleIds.filter((r) => !existing?.roleIds.includes(r));
    if (added.length) {
      const beyond = await rolesBeyondCaller(db, s);
      if (added.some((r) => beyond.has(r))) throw fieldError('roleIds', '不能分配超出自己权限的角色');
    }
  }
}
