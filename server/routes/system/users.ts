import { Hono, type Context } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import { PER_CALL, type Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { mount } from '../../infra/http/mount.ts';
import { USER_FIELDS, USER_SORT_FIELDS, type UserFilters, type UserInput, type UserRow } from '@/api/schema/system/user.ts';
import { declaredCells, declaredEntries, declaredValues } from '@/api/schema/resource.ts';
import { userApi } from '@/api/table/users.ts';
import { isMaskedOf, phoneView } from '../../access/privacy.ts';
import { emitEvent } from '../../services/webhooks.ts';
import { hashPassword } from '../../infra/crypto.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { newPassword } from '../../infra/passwords.ts';
import { assertInScope, departmentScope, inScope, rolesBeyondCaller } from '../../access/permissions.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { ACCOUNT_PATTERN, USER_TYPE_RANK } from '@/api/contract/users.ts';
import { contains } from '../../infra/db/like.ts';

/** The users' declared fields (USER_FIELDS): their columns and the names the calls give them. */
const DECLARED = declaredEntries(USER_FIELDS);

/** A user row as lists and details answer it. `createdAt` is an instant (ISO 8601); the client formats it. */
const USER_COLUMNS = `u.id, u.user_name AS "userName", u.nickname, u.phone, u.user_type AS "userType", u.status,
  u.store_id AS "storeId", u.depart_ids AS "departIds", to_json(u.created_at) #>> '{}' AS "createdAt",
  ${DECLARED.map(([name, f]) => `u.${f.column} AS "${name}",`).join(' ')}
  COALESCE((SELECT array_agg(r.id ORDER BY r.id) FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id
             WHERE ur.user_id = u.id), '{}') AS "roleIds",
  COALESCE((SELECT string_agg(r.name, '、' ORDER BY r.id) FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id
             WHERE ur.user_id = u.id), '') AS "roleNames"`;

/** What a keyword is looked for in: one expression, so one trigram index serves it (migration 007). */
const SEARCH_TEXT = `(u.user_name || ' | ' || u.nickname || ' | ' || u.phone)`;

/** Columns a list may be sorted by (the client names them; anything else is refused). */
const SORTABLE: Readonly<Record<(typeof USER_SORT_FIELDS)[number], string>> = {
  id: 'u.id',
  userName: 'u.user_name',
  nickname: 'u.nickname',
  userType: 'u.user_type',
  status: 'u.status',
  createdAt: 'u.created_at',
};

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
    const [row] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM app_user u WHERE u.id = $1 AND u.tenant_id = $2 AND u.deleted_at IS NULL`,
      [id, s.tenantId],
    );
    if (!row) throw new ApiError('用户不存在');
    await assertInScope(db, s, row.departIds);
    return row;
  };

  mount(app, userApi.detail, async (c) => {
    const { id } = c.var.body;
    const row = await userInScope(c, id);
    const view = await phoneView(db, c.get('session'));
    return ok({ ...row, phone: view(row.phone) });
  });

  /** Whether `userId` is the last enabled userType 0 account of the tenant (it must never go). */
  const lastAdmin = async (tenantId: number, userId: number) => {
    const [row] = await db.query<{ others: number; is_admin: boolean }>(
      `SELECT count(*) FILTER (WHERE id <> $2)::int AS others, bool_or(id = $2) AS is_admin
         FROM app_user WHERE tenant_id = $1 AND user_type = 0 AND status = 1 AND deleted_at IS NULL`,
      [tenantId, userId],
    );
    return Boolean(row?.is_admin) && row.others === 0;
  };

  mount(app, userApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    if (id === s.userId) throw new ApiError('不能删除当前登录的账号');
    const row = await userInScope(c, id);
    if (USER_TYPE_RANK[row.userType] > USER_TYPE_RANK[s.userType]) throw new ApiError('不能删除用户类型高于自己的账号');
    if (await lastAdmin(s.tenantId, id)) throw new ApiError('不能删除租户的最后一个管理员账号');
    const rows = await db.query(
      'UPDATE app_user SET deleted_at = now(), status = 0 WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL RETURNING id',
      [id, s.tenantId],
    );
    if (!rows.length) throw new ApiError('用户不存在');
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
    if (body.status === 0 && (await lastAdmin(s.tenantId, id))) throw new ApiError('不能停用租户的最后一个管理员账号');
    await db.query('UPDATE app_user SET status = $3, updated_at = now() WHERE id = $1 AND tenant_id = $2', [id, s.tenantId, body.status]);
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
    const [taken] = await db.query('SELECT 1 FROM app_user WHERE lower(user_name) = lower($1)', [userName]);
    return ok({ available: !taken });
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
      const [owner] = await db.query(
        'SELECT 1 FROM app_user WHERE tenant_id = $1 AND phone = $2 AND deleted_at IS NULL AND ($3::int IS NULL OR id <> $3)',
        [s.tenantId, input.phone, input.id ?? null],
      );
      if (owner) throw fieldError('phone', '该手机号已被本租户的其他账号使用');
    }

    if (isNew) {
      const password = await newPassword(db, body);
      const [taken] = await db.query('SELECT 1 FROM app_user WHERE lower(user_name) = lower($1)', [input.userName]);
      if (taken) throw fieldError('userName', '该账号已被使用');
      const hash = await hashPassword(password);
      // One statement: the user and their roles, or nothing (a parallel save of the same account loses on the index).
      const [row] = await onDuplicate(
        db.query<{ id: number }>(
          `WITH u AS (INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, store_id, depart_ids,
                                        must_change_password${DECLARED.map(([, f]) => `, ${f.column}`).join('')})
                      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10${DECLARED.map((_, i) => `, $${11 + i}`).join('')}) RETURNING id),
                r AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, unnest($9::int[]) FROM u)
           SELECT id FROM u`,
          [
            s.tenantId,
            input.userName,
            hash,
            input.nickname,
            input.phone,
            input.userType,
            input.storeId,
            input.departIds,
            input.roleIds,
            // The administrator chose this password: the form asks (ticked by default) that it be changed first.
            'mustChangePassword' in body && body.mustChangePassword,
            ...declaredCells(USER_FIELDS, input),
          ],
        ),
        '该账号已被使用',
      );
      await emitEvent(db, s.tenantId, 'user.created', { id: row.id, userName: input.userName, userType: input.userType });
      return ok({ id: row.id });
    }

    const rolesChanged = !sameSet(existing!.roleIds, input.roleIds);
    await db.query(
      `WITH u AS (UPDATE app_user SET nickname = $3, phone = $4, user_type = $5, store_id = $6, depart_ids = $7, updated_at = now()
                         ${DECLARED.map(([, f], i) => `, ${f.column} = $${10 + i}`).join('')}
                   WHERE id = $1 AND tenant_id = $2 RETURNING id),
            d AS (DELETE FROM user_role WHERE $9 AND user_id IN (SELECT id FROM u)),
            r AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, unnest($8::int[]) FROM u WHERE $9)
       SELECT id FROM u`,
      [
        input.id,
        s.tenantId,
        input.nickname,
        input.phone,
        input.userType,
        input.storeId,
        input.departIds,
        input.roleIds,
        rolesChanged,
        ...declaredCells(USER_FIELDS, input),
      ],
    );
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
  const departs = await db.query<{ id: number }>('SELECT id FROM depart WHERE tenant_id = $1 AND id = ANY($2::int[])', [
    s.tenantId,
    input.departIds,
  ]);
  if (departs.length !== input.departIds.length) throw fieldError('departIds', '部门不存在');
  const scope = await departmentScope(db, s);
  if (scope !== null && !input.departIds.every((d) => inScope(scope, [d]))) {
    throw fieldError('departIds', '不能分配自己数据权限范围之外的部门');
  }
  if (input.roleIds.length) {
    const roles = await db.query<{ id: number }>('SELECT id FROM role WHERE tenant_id = $1 AND id = ANY($2::int[])', [
      s.tenantId,
      input.roleIds,
    ]);
    if (roles.length !== input.roleIds.length) throw fieldError('roleIds', '角色不存在');
    // Roles the user keeps need no check; each added role's permissions must all be the caller's own.
    const added = input.roleIds.filter((r) => !existing?.roleIds.includes(r));
    if (added.length) {
      const beyond = await rolesBeyondCaller(db, s);
      if (added.some((r) => beyond.has(r))) throw fieldError('roleIds', '不能分配超出自己权限的角色');
    }
  }
}

/** The SQL of the users list's filters within the caller's scope, its sort column and direction, and how many match. */
async function usersWhere(db: Db, s: SessionInfo, filters: UserFilters) {
  const { keyword, status, userType, roleId, departId } = filters;
  const column = SORTABLE[filters.sortField];
  const direction: 'ASC' | 'DESC' = filters.sortOrder === 'descend' ? 'DESC' : 'ASC';
  const scope = await departmentScope(db, s);
  // Keyword: account, nickname or phone containing it (LIKE wildcards in the keyword match themselves).
  const like = contains(keyword);
  const where = `u.tenant_id = $1 AND u.deleted_at IS NULL
      AND ($2 = '' OR ${SEARCH_TEXT} ILIKE $3)
      AND ($4::int[] IS NULL OR u.depart_ids && $4::int[])
      AND ($5::int IS NULL OR u.status = $5) AND ($6::int IS NULL OR u.user_type = $6)
      AND ($7::int IS NULL OR EXISTS (SELECT 1 FROM user_role ur WHERE ur.user_id = u.id AND ur.role_id = $7))
      AND ($8::int IS NULL OR $8 = ANY(u.depart_ids))`;
  const params = [s.tenantId, keyword, like, scope, status, userType, roleId, departId];
  // A keyword is best found by the trigram index when it is rare and by the sort's index when it is common: such a
  // list is planned for its keyword each time. Without one, the plan is the same for every call.
  const plan = keyword ? PER_CALL : undefined;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_user u WHERE ${where}`, params, plan);
  return { where, params, column, direction, n, plan };
}

/**
 * The users of the list's filters, sort and page, within the caller's scope (the list, and the export of the
 * same rows). The page's ids are chosen first (an index walk), then only those rows get their roles.
 */
export async function queryUsers(db: Db, s: SessionInfo, filters: UserFilters, pageNum: number, pageSize: number) {
  const { where, params, column, direction, n, plan } = await usersWhere(db, s, filters);
  const offset = (pageNum - 1) * pageSize;
  if (offset >= n) return { rows: [] as UserRow[], count: n };
  // A page past the middle is read from the other end (order reversed, a shorter offset), then put back in order.
  const fromEnd = offset > n / 2;
  const take = Math.min(pageSize, n - offset);
  const order = fromEnd ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction;
  // The page's ids first (an index walk), then the columns of those rows only: the role look-ups never run for
  // the rows a deep page skips.
  const rows = await db.query(
    `WITH page AS (SELECT u.id, row_number() OVER () AS n FROM (
                     SELECT u.id FROM app_user u WHERE ${where} ORDER BY ${column} ${order}, u.id ${order} LIMIT $9 OFFSET $10) u)
     SELECT ${USER_COLUMNS} FROM page JOIN app_user u ON u.id = page.id ORDER BY page.n ${fromEnd ? 'DESC' : 'ASC'}`,
    [...params, take, fromEnd ? n - offset - take : offset],
    plan,
  );
  return { rows: rows as unknown as UserRow[], count: n };
}

/** Where a walk of the users list stands: the last row's sort key (as text) and id. */
export interface UserCursor {
  k: string;
  id: number;
}

/** The SQL type a sort column's key is read back as, so a cursor compares as the column does. */
const SORT_TYPES: Readonly<Record<string, string>> = {
  'u.id': 'bigint',
  'u.user_name': 'text',
  'u.nickname': 'text',
  'u.user_type': 'int',
  'u.status': 'int',
  'u.created_at': 'timestamptz',
};

/**
 * The users list (its filters, sort and the caller's scope) counted, and walked slice by slice in its order by a
 * keyset (sort key, id: every sort column is NOT NULL), for an export of any length: no OFFSET, and a user added
 * meanwhile neither repeats nor hides a row.
 */
export async function walkUsers(db: Db, s: SessionInfo, filters: UserFilters) {
  const { where, params, column, direction, n, plan } = await usersWhere(db, s, filters);
  const next = async (after: UserCursor | null, limit: number) => {
    const p: unknown[] = [...params];
    const at = (v: unknown) => `$${p.push(v)}`;
    const past = after
      ? ` AND (${column}, u.id) ${direction === 'ASC' ? '>' : '<'} (${at(after.k)}::${SORT_TYPES[column]}, ${at(after.id)})`
      : '';
    const rows = await db.query<UserRow & { k: string }>(
      `SELECT ${USER_COLUMNS}, (${column})::text AS k FROM app_user u WHERE ${where}${past}
        ORDER BY ${column} ${direction}, u.id ${direction} LIMIT ${limit}`,
      p,
      plan,
    );
    const last = rows.at(-1);
    return { rows, cursor: last && rows.length === limit ? { k: last.k, id: last.id } : null };
  };
  return { count: n, next };
}
