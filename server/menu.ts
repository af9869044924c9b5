import type { Db } from './db.ts';
import type { MenuNode } from '../src/api/contract.ts';

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
  icon: string;
  uri_type: number;
  need_button_permission: boolean;
  component: string;
  code: string;
  is_wrapper: boolean;
}

/** Menu ids the user's roles grant, limited to entries offered to the user's tenant. */
export async function permittedMenuIds(db: Db, userId: number, tenantId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT DISTINCT m.id
       FROM user_role ur
       JOIN role r ON r.id = ur.role_id AND r.tenant_id = $2
       JOIN role_perm rp ON rp.role_id = r.id
       JOIN menu m ON m.id = rp.menu_id AND (m.tenant_id IS NULL OR m.tenant_id = $2)
      WHERE ur.user_id = $1
      ORDER BY m.id`,
    [userId, tenantId],
  );
  return rows.map((r) => r.id);
}

/** The user's menu tree: granted entries plus their ancestors, ordered by sort; wrappers carry no id. */
export async function loadMenuTree(db: Db, userId: number, tenantId: number): Promise<MenuNode[]> {
  const granted = new Set(await permittedMenuIds(db, userId, tenantId));
  const rows = await db.query<MenuRow>(
    `SELECT id, parent_id, name, path, icon, uri_type, need_button_permission, component, code, is_wrapper
       FROM menu WHERE tenant_id IS NULL OR tenant_id = $1 ORDER BY sort, id`,
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
      const kids = build(r.id);
      if (kids.length) node.children = kids;
      return node;
    });
  return build(null);
}
