import type { Db, Queryable } from '../infra/db/db.ts';
import { ApiError } from '../infra/http/http.ts';
import { PLATFORM_PAGES } from '@/api/contract/platform.ts';
import type { MenuNode } from '@/api/table/session.ts';

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  path: string;
  icon: string;
  uri_type: number;
  need_button_permission: boolean;
  component: string;
  code: string;
  is_wrapper: boolean;
}

/**
 * The SQL condition "menu row `m` is offered to tenant `$n`": the tenant's own entries, and the shared entries
 * the platform gave it (tenant_page). Every query that reads menu rows for a tenant uses it.
 */
export const offeredTo = (m: string, tenantParam: string) =>
  `(${m}.tenant_id = ${tenantParam} OR (${m}.tenant_id IS NULL AND EXISTS (SELECT 1 FROM tenant_page tp WHERE tp.tenant_id = ${tenantParam} AND tp.menu_id = ${m}.id)))`;

/** The SQL of the menu ids user `$1`'s roles grant in tenant `$2`, limited to entries offered to that tenant. */
export const PERMITTED_MENU_IDS = `SELECT DISTINCT m.id
       FROM user_role ur
       JOIN role r ON r.id = ur.role_id AND r.tenant_id = $2
       JOIN role_perm rp ON rp.role_id = r.id
       JOIN menu m ON m.id = rp.menu_id AND ${offeredTo('m', '$2')}
      WHERE ur.user_id = $1`;

/**
 * The menu rows `m` related to an interface (`method`, `path`) that the user holds in the tenant now, before any
 * further condition: what access checks select from. Each argument is an SQL expression (a parameter or a column).
 */
export const heldRelations = (user: string, tenant: string, method: string, path: string) => `FROM api_interface i
       JOIN page_func_relation pf ON pf.interface_id = i.id
       JOIN menu m ON m.id = pf.menu_id AND ${offeredTo('m', tenant)}
       JOIN role_perm rp ON rp.menu_id = m.id
       JOIN role r ON r.id = rp.role_id AND r.tenant_id = ${tenant}
       JOIN user_role ur ON ur.role_id = r.id AND ur.user_id = ${user}
      WHERE i.method = ${method} AND i.path = ${path}`;

/**
 * The condition on interface `i` and its relation `pf` by the stored ids' rule: `i` is this call's, and `pf` relates it
 * to one of the session's stored menu ids (`permissions`). Written once for amongGranted and grantedRelations.
 */
const relatedAmong = (method: string, path: string, permissions: string) =>
  `i.method = ${method} AND i.path = ${path} AND pf.menu_id = ANY(${permissions})`;

/**
 * heldRelations by callAllowed's rule for a session that stored its granted menu ids (`permissions`, an SQL int[]
 * expression): the menu rows `m` related to the interface among those ids. They were limited to the entries offered
 * to the tenant when stored, and every change of roles, grants, menus or offers clears them.
 */
export const grantedRelations = (method: string, path: string, permissions: string) => `FROM api_interface i
       JOIN page_func_relation pf ON pf.interface_id = i.id
       JOIN menu m ON m.id = pf.menu_id
      WHERE ${relatedAmong(method, path, permissions)}`;

/** The SQL boolean "a page or button related to the interface is among these granted menu ids". */
export const amongGranted = (method: string, path: string, permissions: string) =>
  `EXISTS (SELECT 1 FROM api_interface i JOIN page_func_relation pf ON pf.interface_id = i.id
            WHERE ${relatedAmong(method, path, permissions)})`;

/** The SQL boolean "the user's roles hold a page or button related to the interface now". */
export const heldNow = (user: string, tenant: string, method: string, path: string) =>
  `EXISTS (SELECT 1 ${heldRelations(user, tenant, method, path)})`;

/**
 * The SQL boolean "the user may make this call now", for a session row's stored menu ids (`permissions`, a column):
 * among them when initUserPermission stored them (every change of its roles, their grants or the menu clears them,
 * so they are never wider than what the roles grant now), else held through the roles themselves. The relations are
 * read live either way. A query given the ids as a parameter picks its branch in code instead: a CASE on a
 * parameter is planned at every call (relations.ts: mayCall).
 */
export const callAllowed = (user: string, tenant: string, method: string, path: string, permissions: string) =>
  `CASE WHEN ${permissions} IS NOT NULL THEN ${amongGranted(method, path, permissions)}
        ELSE ${heldNow(user, tenant, method, path)} END`;

/** Menu ids the user's roles grant, limited to entries offered to the user's tenant. */
export async function permittedMenuIds(db: Db, userId: number, tenantId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`${PERMITTED_MENU_IDS} ORDER BY m.id`, [userId, tenantId]);
  return rows.map((r) => r.id);
}

/** A session's stored menu ids from their array text ('{3,5,8}': SessionInfo.permissions). */
export const storedMenuIds = (text: string): number[] => text.slice(1, -1).split(',').filter(Boolean).map(Number);

/**
 * The user's menu tree: granted entries plus their ancestors, ordered by sort; wrappers carry no id. `granted` is
 * the session's permissions when initUserPermission stored them (and nothing changed them since), else computed.
 */
export async function loadMenuTree(db: Db, userId: number, tenantId: number, stored?: readonly number[] | null): Promise<MenuNode[]> {
  const granted = new Set(stored ?? (await permittedMenuIds(db, userId, tenantId)));
  const rows = await db.query<MenuRow>(
    `SELECT id, parent_id, name, name_en, path, icon, uri_type, need_button_permission, component, code, is_wrapper
       FROM menu m WHERE ${offeredTo('m', '$1')} ORDER BY sort, id`,
    [tenantId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const id of granted) {
    for (let r = byId.get(id); r && !keep.has(r.id); r = r.parent_id === null ? undefined : byId.get(r.parent_id)) keep.add(r.id);
  }
  const children = new Map<number | null, MenuRow[]>();
  for (const r of rows) {
    if (!keep.has(r.id)) continue;
    const list = children.get(r.parent_id) ?? [];
    list.push(r);
    children.set(r.parent_id, list);
  }
  const build = (parent: number | null): MenuNode[] =>
    (children.get(parent) ?? []).map((r) => {
      const node: MenuNode = {
        id: r.is_wrapper ? null : r.id,
        name: r.name,
        path: r.path,
        icon: r.icon,
        uriType: r.uri_type,
        needButtonPermission: r.need_button_permission,
        component: r.component,
      };
      if (r.code) node.code = r.code;
      if (r.name_en) node.nameEn = r.name_en;
      const kids = build(r.id);
      if (kids.length) node.children = kids;
      return node;
    });
  return build(null);
}

/** The ids with every ancestor they have in `byId` (a tenant given a page has the directories above it). */
export function withAncestors(ids: readonly number[], byId: ReadonlyMap<number, { id: number; parent_id: number | null }>): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    for (let r = byId.get(id); r && !out.has(r.id); r = r.parent_id === null ? undefined : byId.get(r.parent_id)) out.add(r.id);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The shared entries a new tenant starts with: every page but the platform's (PLATFORM_PAGES), their buttons, and
 * the directories above them (a directory holding only platform pages is left out).
 */
export async function defaultTenantPages(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number; parent_id: number | null; component: string; uri_type: number }>(
    'SELECT id, parent_id, component, uri_type FROM menu WHERE tenant_id IS NULL',
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const underPlatform = (id: number) => {
    for (let r = byId.get(id); r; r = r.parent_id === null ? undefined : byId.get(r.parent_id)) {
      if (PLATFORM_PAGES.includes(r.component)) return true;
    }
    return false;
  };
  const pages = rows.filter((r) => (r.component || r.uri_type === 2) && !underPlatform(r.id)).map((r) => r.id);
  return withAncestors(pages, byId);
}

/**
 * Grants entries a tenant was just given to the roles its userType 0 accounts hold: someone in the tenant must
 * hold a page before anyone can grant it to others (nobody grants what they do not hold).
 */
export async function grantToTenantAdmins(db: Queryable, tenantId: number, menuIds: readonly number[]): Promise<void> {
  if (!menuIds.length) return;
  await db.query(
    `INSERT INTO role_perm (role_id, menu_id)
     SELECT DISTINCT ur.role_id, m FROM user_role ur
       JOIN app_user u ON u.id = ur.user_id AND u.tenant_id = $1 AND u.user_type = 0 AND u.deleted_at IS NULL
       JOIN role r ON r.id = ur.role_id AND r.tenant_id = $1,
       unnest($2::int[]) m
     ON CONFLICT DO NOTHING`,
    [tenantId, menuIds],
  );
}

/**
 * Refuses a grant that holds a button without the page it sits on: a button is given with its page, never alone
 * (the trees tick a page's buttons with it and a button's page with it; this is the server's side of that rule).
 */
export async function refuseButtonsWithoutPage(db: Db, ids: readonly number[]): Promise<void> {
  const alone = await db.query<{ id: number; button: string; buttonEn: string; page: string; pageEn: string }>(
    `SELECT b.id, b.name AS button, b.name_en AS "buttonEn", p.name AS page, p.name_en AS "pageEn" FROM menu b JOIN menu p ON p.id = b.parent_id
      WHERE b.id = ANY($1::int[]) AND b.uri_type = 2 AND NOT (b.parent_id = ANY($1::int[]))
      ORDER BY b.id`,
    [ids],
  );
  if (!alone.length) return;
  const first = alone.slice(0, 3);
  const named = `${first.map((r) => `“${r.page}”的“${r.button}”`).join('、')}${alone.length > 3 ? ` 等 ${alone.length} 个` : ''}`;
  // the same list as the menu names them in English, for an English console
  const namedEn = `${first.map((r) => `“${r.buttonEn || r.button}” of “${r.pageEn || r.page}”`).join(', ')}${alone.length > 3 ? `, ${alone.length} in all` : ''}`;
  throw new ApiError(`按钮须和所在页面一起授予：${named}`, { values: alone.map((r) => r.id) }, [[named, namedEn]]);
}
