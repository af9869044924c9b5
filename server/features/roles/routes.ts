import { Hono, type Context } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { refuseButtonsWithoutPage } from '../../access/menu.ts';
import { emitEvent } from '../../services/webhooks.ts';
import { assertInScope, departmentScope, heldMenuIds, rolesBeyondCaller } from '../../access/permissions.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { roleApi, type RoleRow } from '@/api/table/roles.ts';
import { wantsEnglish } from '../../infra/http/language.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';
import { accountDeparts } from '../users/queries.ts';

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

  const tenantRoles = (tenantId: number) => q.tenantRoles(db, tenantId);

  /** The roles the caller may edit: every role (userType 0), else the descendants of the caller's own roles. */
  const editable = async (s: SessionInfo): Promise<Set<number>> => {
    const roles = await tenantRoles(s.tenantId);
    if (s.userType === 0) return new Set(roles.map((r) => r.id));
    const mine = await q.rolesOfUser(db, s.userId);
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
    const role = await q.roleById(db, s.tenantId, id);
    if (!role) throw new ApiError('角色不存在');
    if (!(await editable(s)).has(id)) throw new ApiError('只能修改自己角色之下的角色');
    return role;
  };

  /** Tells every live session of the users holding these roles that their permissions changed. */
  const tellHolders = async (roleIds: number[]) => {
    for (const userId of await q.holdersOf(db, roleIds)) await events.publish({ userId }, 'permissions');
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
      if (!(await q.roleExists(db, s.tenantId, parentId))) throw new ApiError('上级角色不存在', { field: 'parentId' });
    }
    if (given === null) {
      // A new role sits under one of the caller's own roles or below (userType 0: anywhere).
      if (s.userType !== 0) {
        const own = await q.rolesOfUser(db, s.userId);
        if (parentId === null || !(own.includes(parentId) || mine.has(parentId)))
          throw new ApiError('新角色须在自己的角色之下', { field: 'parentId' });
      }
      return ok({ id: await onDuplicate(q.insertRole(db, s.tenantId, { name, nameEn: nameEn ?? '', parentId }), '角色名称已存在') });
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
    await onDuplicate(q.updateRole(db, s.tenantId, id, { name, nameEn: nameEn ?? null, parentId }), '角色名称已存在');
    return ok({ id });
  });

  mount(app, roleApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const role = await editableRole(s, id);
    if (role.userCount > 0) throw new ApiError(`该角色下还有 ${role.userCount} 个用户，请先移除这些用户的角色`);
    if (await q.hasChildRoles(db, id)) throw new ApiError('该角色下还有下级角色，请先删除或移走它们');
    // A user given the role meanwhile keeps it (nothing is deleted then).
    if (!(await q.deleteUnheldRole(db, s.tenantId, id))) throw new ApiError('该角色刚被分配给用户，未删除');
    return ok();
  });

  mount(app, roleApi.permissions, async (c) => {
    const id = c.var.body.roleId;
    const s = c.get('session');
    if (!(await q.roleExists(db, s.tenantId, id))) throw new ApiError('角色不存在');
    return ok(await q.grantsOf(db, id));
  });

  /**
   * The whole permission tree the caller can see: every menu entry offered to the tenant (its buttons as leaves),
   * each with `checked` for the role and `grantable` (the caller holds it, so may give or take it).
   */
  mount(app, roleApi.permissionTree, async (c) => {
    const id = c.var.body.roleId;
    const s = c.get('session');
    if (!(await q.roleExists(db, s.tenantId, id))) throw new ApiError('角色不存在');
    const granted = new Set(await q.grantsOf(db, id));
    const mine = new Set(await heldMenuIds(db, s));
    const rows = await q.offeredEntries(db, s.tenantId);
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
    const mine = new Set(await heldMenuIds(db, s));
    const beyond = wanted.filter((m) => !mine.has(m));
    if (beyond.length) throw new ApiError('不能授予自己没有的权限', { values: beyond });
    if ((await q.offeredCount(db, s.tenantId, wanted)) !== wanted.length) throw new ApiError('菜单不存在');
    // Only what the caller holds is touched: permissions beyond them stay as they are.
    const diff = await q.setGrantsWithin(db, roleId, wanted, [...mine]);
    await tellHolders([roleId]);
    await emitEvent(db, s.tenantId, 'role.changed', { roleId, ...diff });
    return diff;
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
    if (!(await q.roleExists(db, s.tenantId, from))) throw new ApiError('角色不存在');
    await editableRole(s, to);
    return ok(await setPermissions(s, to, await q.grantsOf(db, from)));
  });

  mount(app, roleApi.users, async (c) => {
    const { roleId, pageNum, pageSize } = c.var.body;
    const s = c.get('session');
    const scope = departmentScope(s);
    const { rows, count } = await q.usersOfRole(db, s.tenantId, roleId, scope, { pageNum, pageSize });
    return { ...ok(rows), count };
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
    const departs = await accountDeparts(db, s.tenantId, uid);
    if (!departs) throw new ApiError('用户不存在');
    assertInScope(s, departs);
    if ((await q.knownRoles(db, s.tenantId, rids)) !== rids.length) throw new ApiError('角色不存在');
    const current = await q.rolesOfUser(db, uid);
    const added = rids.filter((r) => !current.includes(r));
    if (added.length) {
      const beyond = await rolesBeyondCaller(db, s);
      if (added.some((r) => beyond.has(r))) throw new ApiError('不能分配超出自己权限的角色');
    }
    await q.setUserRoles(db, uid, rids);
    await events.publish({ userId: uid }, 'permissions');
    return { uid, rids };
  };

  // the spec's misspelling kept: the users of the tenant with their roles (or one user's, with uid).
  mount(app, roleApi.userRoles, async (c) => {
    const { uid } = c.var.body;
    const s = c.get('session');
    const scope = departmentScope(s);
    const rows = await q.usersWithRoles(db, s.tenantId, uid, scope);
    return ok(rows);
  });

  return app;
}
