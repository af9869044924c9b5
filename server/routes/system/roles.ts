import { Hono, type Context } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { offeredTo, permittedMenuIds, refuseButtonsWithoutPage } from '../../access/menu.ts';
import { emitEvent } from '../../services/webhooks.ts';
import { assertInScope, departmentScope, rolesBeyondCaller } from '../../access/permissions.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { roleApi, type RoleRow, type RoleUser } from '@/api/table/roles.ts';
import { wantsEnglish } from '../../infra/http/language.ts';
import { mount } from '../../infra/http/mount.ts';

const ROLE_COLUMNS = `r.id, r.name, r.name_en AS "nameEn", r.parent_id AS "parentId",
  (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id AND u.deleted_at IS NULL WHERE ur.role_id = r.id) AS "userCount"`;

/** Roles as a tree by parent (a role whose parent is gone is a root). */
function toTree(rows: RoleRow[]) {
  type Node = RoleRow & { children: Node[] };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/**
 * System administration › roles and permissions (paths and misspellings kept).
 * A caller edits only roles below their own in the role tree (userType 0: every role of the tenant), grants only
 * permissions they hold, and never changes their own roles (docs/api.md "Roles").
 */
export function roleRoutes(db: Db, events: SessionEvents) {
  const app = new Hono<AppEnv>();

  const tenantRoles = (tenantId: number) =>
    db.query<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM role r WHERE r.tenant_id = $1 ORDER BY r.id`, [tenantId]);

  /** The roles the caller may edit: every role (userType 0), else the descendants of the caller's own roles. */
  const editable = async (s: SessionInfo): Promise<Set<number>> => {
    const roles = await tenantRoles(s.tenantId);
    if (s.userType === 0) return new Set(roles.map((r) => r.id));
    const mine = (await db.query<{ role_id: number }>('SELECT role_id FROM user_role WHERE user_id = $1', [s.userId])).map(
      (r) => r.role_id,
    );
    const below = new Set<number>();
    let frontier = mine;
    while (frontier.length) {
      const next = roles.filter((r) => r.parentId !== null && frontier.includes(r.parentId) && !below.has(r.id)).map((r) => r.id);
      next.forEach((id) => below.add(id));
      frontier = next;
    }
    return below;
  };

  /** A role of the caller's tenant that the caller may edit, or the refusal. */
  const editableRole = async (s: SessionInfo, id: number) => {
    const [role] = await db.query<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM role r WHERE r.id = $1 AND r.tenant_id = $2`, [id, s.tenantId]);
    if (!role) throw new ApiError('角色不存在');
    if (!(await editable(s)).has(id)) throw new ApiError('只能修改自己角色之下的角色');
    return role;
  };

  /** Tells every live session of the users holding these roles that their permissions changed. */
  const tellHolders = async (roleIds: number[]) => {
    const users = await db.query<{ user_id: number }>('SELECT DISTINCT user_id FROM user_role WHERE role_id = ANY($1::int[])', [roleIds]);
    for (const u of users) await events.publish({ userId: u.user_id }, 'permissions');
  };

  mount(app, roleApi.list, async (c) => {
    return ok(await tenantRoles(c.get('session').tenantId));
  });

  mount(app, roleApi.tree, async (c) => {
    const s = c.get('session');
    const mine = await editable(s);
    return ok(toTree((await tenantRoles(s.tenantId)).map((r) => ({ ...r, editable: mine.has(r.id) }))));
  });

  mount(app, roleApi.treeOfTenant, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    // A tenant's own tree; another tenant's is the platform operator's business (tenant administration).
    if (body.tenantId !== null && body.tenantId !== s.tenantId) throw new ApiError('租户不存在');
    return ok(toTree(await tenantRoles(s.tenantId)));
  });

  mount(app, roleApi.save, async (c) => {
    const { id: given, name, nameEn, parentId } = c.var.body;
    const s = c.get('session');
    const mine = await editable(s);
    if (parentId !== null) {
      const [parent] = await db.query('SELECT 1 FROM role WHERE id = $1 AND tenant_id = $2', [parentId, s.tenantId]);
      if (!parent) throw new ApiError('上级角色不存在', { field: 'parentId' });
    }
    if (given === null) {
      // A new role sits under one of the caller's own roles or below (userType 0: anywhere).
      if (s.userType !== 0) {
        const own = (await db.query<{ role_id: number }>('SELECT role_id FROM user_role WHERE user_id = $1', [s.userId])).map(
          (r) => r.role_id,
        );
        if (parentId === null || !(own.includes(parentId) || mine.has(parentId)))
          throw new ApiError('新角色须在自己的角色之下', { field: 'parentId' });
      }
      const [row] = await onDuplicate(
        db.query<{ id: number }>('INSERT INTO role (tenant_id, name, parent_id, name_en) VALUES ($1, $2, $3, $4) RETURNING id', [
          s.tenantId,
          name,
          parentId,
          nameEn ?? '',
        ]),
        '角色名称已存在',
      );
      return ok({ id: row.id });
    }
    const id = given;
    await editableRole(s, id);
    if (parentId === id) throw new ApiError('上级角色不能是自己', { field: 'parentId' });
    // No cycles: the new parent must not sit under this role.
    if (parentId !== null) {
      const roles = await tenantRoles(s.tenantId);
      for (let p: number | null = parentId; p !== null; p = roles.find((r) => r.id === p)?.parentId ?? null) {
        if (p === id) throw new ApiError('上级角色不能是自己的下级', { field: 'parentId' });
      }
    }
    await onDuplicate(
      db.query('UPDATE role SET name = $3, parent_id = $4, name_en = COALESCE($5, name_en) WHERE id = $1 AND tenant_id = $2', [
        id,
        s.tenantId,
        name,
        parentId,
        nameEn ?? null,
      ]),
      '角色名称已存在',
    );
    return ok({ id });
  });

  mount(app, roleApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const role = await editableRole(s, id);
    if (role.userCount > 0) throw new ApiError(`该角色下还有 ${role.userCount} 个用户，请先移除这些用户的角色`);
    const [child] = await db.query('SELECT 1 FROM role WHERE parent_id = $1', [id]);
    if (child) throw new ApiError('该角色下还有下级角色，请先删除或移走它们');
    // One statement: a user given the role meanwhile keeps it (nothing is deleted then).
    const gone = await db.query(
      `DELETE FROM role r WHERE r.id = $1 AND r.tenant_id = $2 AND NOT EXISTS (SELECT 1 FROM user_role WHERE role_id = r.id) RETURNING id`,
      [id, s.tenantId],
    );
    if (!gone.length) throw new ApiError('该角色刚被分配给用户，未删除');
    return ok();
  });

  mount(app, roleApi.permissions, async (c) => {
    const id = c.var.body.roleId;
    const s = c.get('session');
    const [role] = await db.query('SELECT 1 FROM role WHERE id = $1 AND tenant_id = $2', [id, s.tenantId]);
    if (!role) throw new ApiError('角色不存在');
    const rows = await db.query<{ menu_id: number }>('SELECT menu_id FROM role_perm WHERE role_id = $1 ORDER BY menu_id', [id]);
    return ok(rows.map((r) => r.menu_id));
  });

  /**
   * The whole permission tree the caller can see: every menu entry offered to the tenant (its buttons as leaves),
   * each with `checked` for the role and `grantable` (the caller holds it, so may give or take it).
   */
  mount(app, roleApi.permissionTree, async (c) => {
    const id = c.var.body.roleId;
    const s = c.get('session');
    const [role] = await db.query('SELECT 1 FROM role WHERE id = $1 AND tenant_id = $2', [id, s.tenantId]);
    if (!role) throw new ApiError('角色不存在');
    const granted = new Set(
      (await db.query<{ menu_id: number }>('SELECT menu_id FROM role_perm WHERE role_id = $1', [id])).map((r) => r.menu_id),
    );
    const mine = new Set(await permittedMenuIds(db, s.userId, s.tenantId));
    const rows = await db.query<{
      id: number;
      parent_id: number | null;
      name: string;
      name_en: string;
      uri_type: number;
      code: string;
      is_wrapper: boolean;
    }>(`SELECT id, parent_id, name, name_en, uri_type, code, is_wrapper FROM menu m WHERE ${offeredTo('m', '$1')} ORDER BY sort, id`, [
      s.tenantId,
    ]);
    type Node = { id: number; name: string; code?: string; button: boolean; checked: boolean; grantable: boolean; children: Node[] };
    const nodes = new Map<number, Node>();
    // named in the language asked for: an entry's English where it has one (issue 45)
    const english = wantsEnglish(c);
    for (const r of rows) {
      nodes.set(r.id, {
        id: r.id,
        name: (english && r.name_en.trim()) || (r.is_wrapper && !r.name ? (english ? 'Home' : '首页') : r.name),
        ...(r.code ? { code: r.code } : {}),
        button: r.uri_type === 2,
        checked: granted.has(r.id),
        grantable: mine.has(r.id),
        children: [],
      });
    }
    const roots: Node[] = [];
    for (const r of rows)
      (r.parent_id !== null && nodes.get(r.parent_id) ? nodes.get(r.parent_id)!.children : roots).push(nodes.get(r.id)!);
    return ok(roots);
  });

  /** Replaces a role's permissions within what the caller holds; answers what changed. */
  const setPermissions = async (s: SessionInfo, roleId: number, wanted: number[]) => {
    const mine = new Set(await permittedMenuIds(db, s.userId, s.tenantId));
    const beyond = wanted.filter((m) => !mine.has(m));
    if (beyond.length) throw new ApiError('不能授予自己没有的权限', { values: beyond });
    const offered = await db.query<{ id: number }>(`SELECT id FROM menu m WHERE id = ANY($1::int[]) AND ${offeredTo('m', '$2')}`, [
      wanted,
      s.tenantId,
    ]);
    if (offered.length !== wanted.length) throw new ApiError('菜单不存在');
    // Only what the caller holds is touched: permissions beyond them stay as they are.
    const [diff] = await db.query<{ added: number[] | null; removed: number[] | null }>(
      `WITH del AS (DELETE FROM role_perm WHERE role_id = $1 AND menu_id = ANY($3::int[]) AND NOT (menu_id = ANY($2::int[])) RETURNING menu_id),
            ins AS (INSERT INTO role_perm (role_id, menu_id) SELECT $1, m FROM unnest($2::int[]) m ON CONFLICT DO NOTHING RETURNING menu_id)
       SELECT (SELECT array_agg(menu_id ORDER BY menu_id) FROM ins) AS added, (SELECT array_agg(menu_id ORDER BY menu_id) FROM del) AS removed`,
      [roleId, wanted, [...mine]],
    );
    await tellHolders([roleId]);
    await emitEvent(db, s.tenantId, 'role.changed', { roleId, added: diff.added ?? [], removed: diff.removed ?? [] });
    return { added: diff.added ?? [], removed: diff.removed ?? [] };
  };

  mount(app, roleApi.savePermissions, async (c) => {
    const { roleId, menuIds: wanted } = c.var.body;
    const s = c.get('session');
    await editableRole(s, roleId);
    await refuseButtonsWithoutPage(db, wanted);
    return ok(await setPermissions(s, roleId, wanted));
  });

  mount(app, roleApi.copy, async (c) => {
    const { fromRoleId: from, toRoleId: to } = c.var.body;
    const s = c.get('session');
    if (from === to) throw new ApiError('来源角色和目标角色不能相同');
    const [source] = await db.query('SELECT 1 FROM role WHERE id = $1 AND tenant_id = $2', [from, s.tenantId]);
    if (!source) throw new ApiError('角色不存在');
    await editableRole(s, to);
    const perms = (await db.query<{ menu_id: number }>('SELECT menu_id FROM role_perm WHERE role_id = $1', [from])).map((r) => r.menu_id);
    return ok(await setPermissions(s, to, perms));
  });

  mount(app, roleApi.users, async (c) => {
    const { roleId, pageNum, pageSize } = c.var.body;
    const s = c.get('session');
    const scope = await departmentScope(db, s);
    const where = `ur.role_id = $1 AND u.tenant_id = $2 AND u.deleted_at IS NULL AND ($3::int[] IS NULL OR u.depart_ids && $3::int[])`;
    const rows = await db.query<RoleUser>(
      `SELECT u.id, u.user_name AS "userName", u.nickname, u.user_type AS "userType", u.status
         FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ${where} ORDER BY u.id LIMIT $4 OFFSET $5`,
      [roleId, s.tenantId, scope, pageSize, (pageNum - 1) * pageSize],
    );
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ${where}`,
      [roleId, s.tenantId, scope],
    );
    return { ...ok(rows), count: n };
  });

  // a multipart form with uid and rids (rids repeated, or comma-separated).
  mount(app, roleApi.assign, async (c) => {
    const { uid, rids } = c.var.body;
    return ok(await assignRoles(c, uid, rids));
  });

  /** Gives a user exactly these roles, under the same rules as a user save (docs/api.md). */
  const assignRoles = async <E extends AppEnv>(c: Context<E>, uid: number, rids: number[]) => {
    const s = c.get('session');
    if (uid === s.userId) throw new ApiError('不能修改自己的角色');
    const [user] = await db.query<{ depart_ids: number[]; user_type: number }>(
      'SELECT depart_ids, user_type FROM app_user WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL',
      [uid, s.tenantId],
    );
    if (!user) throw new ApiError('用户不存在');
    await assertInScope(db, s, user.depart_ids);
    const roles = await db.query<{ id: number }>('SELECT id FROM role WHERE tenant_id = $1 AND id = ANY($2::int[])', [s.tenantId, rids]);
    if (roles.length !== rids.length) throw new ApiError('角色不存在');
    const current = (await db.query<{ role_id: number }>('SELECT role_id FROM user_role WHERE user_id = $1', [uid])).map((r) => r.role_id);
    const added = rids.filter((r) => !current.includes(r));
    if (added.length) {
      const beyond = await rolesBeyondCaller(db, s);
      if (added.some((r) => beyond.has(r))) throw new ApiError('不能分配超出自己权限的角色');
    }
    await db.query(
      `WITH d AS (DELETE FROM user_role WHERE user_id = $1 AND NOT (role_id = ANY($2::int[])))
       INSERT INTO user_role (user_id, role_id) SELECT $1, r FROM unnest($2::int[]) r ON CONFLICT DO NOTHING`,
      [uid, rids],
    );
    await events.publish({ userId: uid }, 'permissions');
    return { uid, rids };
  };

  // the spec's misspelling kept: the users of the tenant with their roles (or one user's, with uid).
  mount(app, roleApi.userRoles, async (c) => {
    const { uid } = c.var.body;
    const s = c.get('session');
    const scope = await departmentScope(db, s);
    const rows = await db.query<{ userId: number; userName: string; roleIds: number[]; roleNames: string }>(
      `SELECT u.id AS "userId", u.user_name AS "userName",
              COALESCE(array_agg(r.id ORDER BY r.id) FILTER (WHERE r.id IS NOT NULL), '{}') AS "roleIds",
              COALESCE(string_agg(r.name, '、' ORDER BY r.id), '') AS "roleNames"
         FROM app_user u LEFT JOIN user_role ur ON ur.user_id = u.id LEFT JOIN role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id
        WHERE u.tenant_id = $1 AND u.deleted_at IS NULL AND ($2::int IS NULL OR u.id = $2) AND ($3::int[] IS NULL OR u.depart_ids && $3::int[])
        GROUP BY u.id ORDER BY u.id LIMIT 500`,
      [s.tenantId, uid, scope],
    );
    return ok(rows);
  });

  return app;
}
