import type { Queryable } from '../../infra/db/db.ts';
import { offeredTo } from '../../access/menu.ts';
import type { InterfaceRow, MenuEntry } from '@/api/table/platform.ts';
import { MENU_NAMES_EN } from '../../seed/menu-names-en.ts';

/*
 * The shared menu's and the interfaces' SQL (issue 44 part 4): the routes (server/features/menus/routes.ts) decide who
 * may do what and which entry may go where; the statements are here. Every function takes the database or one
 * transaction of it, so a save and what it brings commit together.
 */

const MENU_COLUMNS = `m.id, m.parent_id AS "parentId", m.name, m.name_en AS "nameEn", m.path, m.icon, m.uri_type AS "uriType",
  m.need_button_permission AS "needButtonPermission", m.component, m.code, m.sort, m.tenant_id AS "tenantId", m.is_wrapper AS wrapper`;

/** One entry of the menu, or undefined. */
export async function menuEntry(db: Queryable, id: number): Promise<MenuEntry | undefined> {
  const [row] = await db.query<MenuEntry>(`SELECT ${MENU_COLUMNS} FROM menu m WHERE m.id = $1`, [id]);
  return row;
}

/** The entry's id and every descendant's. */
export async function menuSubtree(db: Queryable, id: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE t AS (SELECT id FROM menu WHERE id = $1 UNION ALL SELECT m.id FROM menu m JOIN t ON m.parent_id = t.id) SELECT id FROM t`,
    [id],
  );
  return rows.map((r) => r.id);
}

/** The entry's id and every ancestor's. */
export async function menuWithAncestors(db: Queryable, id: number): Promise<number[]> {
  const rows = await db.query<{ menu_id: number }>(
    `WITH RECURSIVE up AS (SELECT id, parent_id FROM menu WHERE id = $1 UNION ALL SELECT m.id, m.parent_id FROM menu m JOIN up ON m.id = up.parent_id)
     SELECT id AS menu_id FROM up`,
    [id],
  );
  return rows.map((r) => r.menu_id);
}

/** Every entry with how many roles hold it and how many interfaces it relates to, in menu order. */
export const menuCatalogue = (db: Queryable) =>
  db.query<MenuEntry & { roleCount: number; interfaceCount: number }>(
    `SELECT ${MENU_COLUMNS},
            (SELECT count(*)::int FROM role_perm rp WHERE rp.menu_id = m.id) AS "roleCount",
            (SELECT count(*)::int FROM page_func_relation pf WHERE pf.menu_id = m.id) AS "interfaceCount"
       FROM menu m ORDER BY m.sort, m.id`,
  );

/** Entries whose name, path, component or code contain the keyword, of one kind or all (at most 2,000). */
export const searchMenu = (db: Queryable, keyword: string, uriType: number | null) =>
  db.query<MenuEntry>(
    `SELECT ${MENU_COLUMNS} FROM menu m
      WHERE ($1 = '' OR strpos(lower(m.name || ' ' || m.path || ' ' || m.component || ' ' || m.code), lower($1)) > 0)
        AND ($2::int IS NULL OR m.uri_type = $2)
      ORDER BY m.sort, m.id LIMIT 2000`,
    [keyword, uriType],
  );

/** Whether another button under the page already has this code. */
export async function buttonCodeTaken(db: Queryable, parentId: number | null, code: string, exceptId: number | null) {
  const [dup] = await db.query('SELECT 1 FROM menu WHERE parent_id = $1 AND uri_type = 2 AND code = $2 AND ($3::int IS NULL OR id <> $3)', [
    parentId,
    code,
    exceptId,
  ]);
  return Boolean(dup);
}

/** The name of the page offered together with the tenant's (the shared ones and its own) that has this path, or undefined. */
export async function pathTakenBy(db: Queryable, path: string, exceptId: number | null, tenantId: number | null) {
  const [dup] = await db.query<{ name: string; nameEn: string }>(
    `SELECT name, name_en AS "nameEn" FROM menu WHERE uri_type = 1 AND lower(path) = lower($1) AND ($2::int IS NULL OR id <> $2)
       AND (tenant_id IS NULL OR $3::int IS NULL OR tenant_id = $3)`,
    [path, exceptId, tenantId],
  );
  return dup;
}

/** What a save writes of an entry. */
export interface EntryFields {
  name: string;
  nameEn: string;
  path: string;
  icon: string;
  needButtonPermission: boolean;
  component: string;
  code: string;
}

/** An entry's fields replaced (its place, kind and tenant stay). */
export async function updateEntry(db: Queryable, id: number, f: EntryFields): Promise<void> {
  await db.query(
    `UPDATE menu SET name = $2, path = $3, icon = $4, need_button_permission = $5, component = $6, code = $7, name_en = $8 WHERE id = $1`,
    [id, f.name, f.path, f.icon, f.needButtonPermission, f.component, f.code, f.nameEn],
  );
}

/** A new entry, last among its siblings; its id. */
export async function insertEntry(
  db: Queryable,
  at: { parentId: number | null; tenantId: number | null; uriType: number },
  f: EntryFields,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO menu (parent_id, tenant_id, name, path, icon, uri_type, need_button_permission, component, code, name_en, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE((SELECT max(sort) + 1 FROM menu WHERE parent_id IS NOT DISTINCT FROM $1), 0))
     RETURNING id`,
    [at.parentId, at.tenantId, f.name, f.path, f.icon, at.uriType, f.needButtonPermission, f.component, f.code, f.nameEn],
  );
  return row.id;
}

/**
 * A new shared entry offered to the platform tenant; a new button also to every tenant that has its page. Then the
 * directories above it, so the platform tenant's menu can show it.
 */
export async function offerNewSharedEntry(db: Queryable, id: number, platformTenant: number, parentId: number | null, isButton: boolean) {
  await db.query(
    `INSERT INTO tenant_page (tenant_id, menu_id)
     SELECT $2::int, $1::int UNION SELECT tenant_id, $1 FROM tenant_page WHERE menu_id = $3 AND $4
     ON CONFLICT DO NOTHING`,
    [id, platformTenant, parentId, isButton],
  );
  if (parentId === null) return;
  await db.query(
    `WITH RECURSIVE up AS (SELECT parent_id AS id FROM menu WHERE id = $1 UNION ALL SELECT m.parent_id FROM menu m JOIN up ON m.id = up.id)
     INSERT INTO tenant_page (tenant_id, menu_id) SELECT $2, id FROM up WHERE id IS NOT NULL ON CONFLICT DO NOTHING`,
    [id, platformTenant],
  );
}

/** The name of the meta table a page component renders (the caller's own tenant's first), or undefined. */
export async function tableNameOfComponent(db: Queryable, component: string, callerTenant: number): Promise<string | undefined> {
  const [table] = await db.query<{ name: string }>(
    `SELECT name FROM meta_table WHERE component = $1 ORDER BY (tenant_id = $2) DESC, id LIMIT 1`,
    [component, callerTenant],
  );
  return table?.name;
}

/** The record buttons of a page (one per code, in order), offered wherever the page is if it is shared; their ids. */
export async function insertPageButtons(
  db: Queryable,
  pageId: number,
  tenantId: number | null,
  buttons: ReadonlyArray<{ label: string; code: string }>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, b] of buttons.entries()) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO menu (parent_id, tenant_id, name, name_en, uri_type, code, sort) VALUES ($1, $2, $3, $6, 2, $4, $5) RETURNING id`,
      [pageId, tenantId, b.label, b.code, i, MENU_NAMES_EN[b.label] ?? ''],
    );
    ids.push(row.id);
  }
  if (tenantId === null) {
    await db.query(
      `INSERT INTO tenant_page (tenant_id, menu_id) SELECT tenant_id, b FROM tenant_page, unnest($2::int[]) b WHERE menu_id = $1 ON CONFLICT DO NOTHING`,
      [pageId, ids],
    );
  }
  await db.query('UPDATE menu SET need_button_permission = true WHERE id = $1', [pageId]);
  return ids;
}

/** The tenants that have an entry: offered it, or owning it. */
export async function tenantsWithEntry(db: Queryable, id: number): Promise<number[]> {
  const rows = await db.query<{ tenant_id: number }>(
    'SELECT tenant_id FROM tenant_page WHERE menu_id = $1 UNION SELECT tenant_id FROM menu WHERE id = $1 AND tenant_id IS NOT NULL',
    [id],
  );
  return rows.map((r) => r.tenant_id);
}

/** The tenants that have any of these entries. */
export async function tenantsWithEntries(db: Queryable, ids: number[]): Promise<number[]> {
  const rows = await db.query<{ tenant_id: number }>(
    `SELECT DISTINCT tenant_id FROM tenant_page WHERE menu_id = ANY($1::int[])
     UNION SELECT DISTINCT tenant_id FROM menu WHERE id = ANY($1::int[]) AND tenant_id IS NOT NULL`,
    [ids],
  );
  return rows.map((r) => r.tenant_id);
}

/** A tenant's own table (its name and page component), or undefined. */
export async function tenantTable(db: Queryable, tenantId: number, tableId: number | null) {
  const [table] = await db.query<{ name: string; component: string }>(
    'SELECT name, component FROM meta_table WHERE id = $1 AND tenant_id = $2',
    [tableId, tenantId],
  );
  return table;
}

/** The label of the tenant's table that renders this component, or undefined. */
export async function tableHoldingComponent(db: Queryable, tenantId: number, component: string) {
  const [holder] = await db.query<{ label: string; labelEn: string }>(
    'SELECT label, label_en AS "labelEn" FROM meta_table WHERE tenant_id = $1 AND component = $2',
    [tenantId, component],
  );
  return holder;
}

/** Whether the entry is a section of the tenant's menu: a first-level directory offered to it. */
export async function isSectionOf(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  const [section] = await db.query(
    `SELECT 1 FROM menu m WHERE m.id = $1 AND m.parent_id IS NULL AND m.uri_type = 1 AND m.component = '' AND NOT m.is_wrapper
       AND ${offeredTo('m', '$2')}`,
    [id, tenantId],
  );
  return Boolean(section);
}

/** The name of a page offered to the tenant that renders this component or has this path, or undefined. */
export async function pageShowing(db: Queryable, tenantId: number, component: string, path: string) {
  const [page] = await db.query<{ name: string; nameEn: string }>(
    `SELECT m.name, m.name_en AS "nameEn" FROM menu m WHERE m.uri_type = 1 AND (m.component = $1 OR lower(m.path) = lower($2)) AND ${offeredTo('m', '$3')}`,
    [component, path, tenantId],
  );
  return page;
}

/** The table's component set, only if it still has none; false when something gave it one meanwhile. */
export async function claimTableComponent(db: Queryable, tenantId: number, tableId: number, component: string): Promise<boolean> {
  const kept = await db.query(
    `UPDATE meta_table SET component = $3, updated_at = now() WHERE id = $1 AND tenant_id = $2 AND component = '' RETURNING id`,
    [tableId, tenantId, component],
  );
  return kept.length > 0;
}

/** A tenant's own page of a table, last in its section; its id. */
export async function insertTenantPage(
  db: Queryable,
  tenantId: number,
  page: { parentId: number; name: string; nameEn: string; path: string; component: string },
): Promise<number> {
  const [made] = await db.query<{ id: number }>(
    `INSERT INTO menu (parent_id, tenant_id, name, name_en, path, icon, uri_type, need_button_permission, component, code, sort)
     VALUES ($1, $2, $3, $6, $4, '', 1, true, $5, '', COALESCE((SELECT max(sort) + 1 FROM menu WHERE parent_id = $1), 0))
     RETURNING id`,
    [page.parentId, tenantId, page.name, page.path, page.component, page.nameEn],
  );
  return made.id;
}

/**
 * A page granted to every role of the user in the tenant, with its directories and its buttons, in one statement (a
 * button with its page).
 */
export async function grantPageToRolesOf(db: Queryable, tenantId: number, userId: number, pageId: number): Promise<void> {
  await db.query(
    `WITH RECURSIVE up AS (SELECT id, parent_id FROM menu WHERE id = $1
                           UNION ALL SELECT m.id, m.parent_id FROM menu m JOIN up ON m.id = up.parent_id),
          entries AS (SELECT id FROM up UNION SELECT id FROM menu WHERE parent_id = $1 AND uri_type = 2)
     INSERT INTO role_perm (role_id, menu_id)
     SELECT DISTINCT ur.role_id, e.id FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = $3, entries e
      WHERE ur.user_id = $2
     ON CONFLICT DO NOTHING`,
    [pageId, userId, tenantId],
  );
}

/** The ids of the entries under a parent (or at the top), in order, but one. */
export async function siblingsOf(db: Queryable, parentId: number | null, exceptId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM menu WHERE parent_id IS NOT DISTINCT FROM $1 AND id <> $2 ORDER BY sort, id',
    [parentId, exceptId],
  );
  return rows.map((r) => r.id);
}

/** One statement: the moved entry's parent, and every sibling's place in `order`. */
export async function placeEntries(db: Queryable, order: number[], movedId: number, parentId: number | null): Promise<void> {
  await db.query(
    `UPDATE menu m SET sort = o.n - 1, parent_id = CASE WHEN m.id = $2 THEN $3::int ELSE m.parent_id END
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE m.id = o.id`,
    [order, movedId, parentId],
  );
}

/** The page components among these entries. */
export async function componentsOf(db: Queryable, ids: number[]): Promise<string[]> {
  const rows = await db.query<{ component: string }>('SELECT component FROM menu WHERE id = ANY($1::int[])', [ids]);
  return rows.map((r) => r.component);
}

/** How many roles hold any of these entries. */
export async function rolesHolding(db: Queryable, ids: number[]): Promise<number> {
  const [impact] = await db.query<{ roles: number }>(
    'SELECT count(DISTINCT role_id)::int AS roles FROM role_perm WHERE menu_id = ANY($1::int[])',
    [ids],
  );
  return impact.roles;
}

/** An entry deleted (its descendants, grants and relations go with it by the foreign keys). */
export async function deleteEntry(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM menu WHERE id = $1', [id]);
}

/** Which entries exist among these ids. */
export async function knownEntries(db: Queryable, ids: number[]): Promise<number> {
  return (await db.query('SELECT id FROM menu WHERE id = ANY($1::int[])', [ids])).length;
}

// ---- interfaces and relations ----

export interface InterfaceFilters {
  keyword: string;
  source: string | null;
  menuId: number | null;
  pageNum: number;
  pageSize: number;
}

/** A page of interfaces (by path) with the entries related to each, and how many match. */
export async function interfacePage(db: Queryable, f: InterfaceFilters) {
  const where = `($1 = '' OR strpos(lower(i.path || ' ' || i.name), lower($1)) > 0) AND ($2::text IS NULL OR i.source = $2)
    AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM page_func_relation pf WHERE pf.interface_id = i.id AND pf.menu_id = $3))`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_interface i WHERE ${where}`, [
    f.keyword,
    f.source,
    f.menuId,
  ]);
  const rows = await db.query<Omit<InterfaceRow, 'access'>>(
    `SELECT i.id, i.method, i.path, i.name, i.source,
            COALESCE((SELECT array_agg(pf.menu_id ORDER BY pf.menu_id) FROM page_func_relation pf WHERE pf.interface_id = i.id), '{}') AS "menuIds"
       FROM api_interface i WHERE ${where} ORDER BY i.path, i.method LIMIT $4 OFFSET $5`,
    [f.keyword, f.source, f.menuId, f.pageSize, (f.pageNum - 1) * f.pageSize],
  );
  return { rows, count: n };
}

/** The names of pages by component and of buttons' pages by button code (a shared entry's first). */
export async function entryNames(db: Queryable) {
  const pages = await db.query<{ component: string; name: string }>(
    `SELECT DISTINCT ON (component) component, name FROM menu WHERE uri_type = 1 AND component <> '' ORDER BY component, tenant_id NULLS FIRST, id`,
  );
  const buttons = await db.query<{ code: string; name: string }>(
    `SELECT DISTINCT ON (b.code) b.code, p.name FROM menu b JOIN menu p ON p.id = b.parent_id
      WHERE b.uri_type = 2 AND b.code <> '' ORDER BY b.code, b.tenant_id NULLS FIRST, b.id`,
  );
  return { pages, buttons };
}

/** One interface (its method, path and source), or undefined. */
export async function interfaceById(db: Queryable, id: number) {
  const [row] = await db.query<{ method: string; path: string; source: string }>(
    'SELECT method, path, source FROM api_interface WHERE id = $1',
    [id],
  );
  return row;
}

/** An interface's name changed. */
export async function renameInterface(db: Queryable, id: number, name: string): Promise<void> {
  await db.query('UPDATE api_interface SET name = $2 WHERE id = $1', [id, name]);
}

/** Whether another interface has this method and path. */
export async function interfaceTaken(db: Queryable, method: string, path: string, exceptId: number | null): Promise<boolean> {
  const [dup] = await db.query('SELECT 1 FROM api_interface WHERE method = $1 AND path = $2 AND ($3::int IS NULL OR id <> $3)', [
    method,
    path,
    exceptId,
  ]);
  return Boolean(dup);
}

/** An external backend's interface added (id null) or changed; its id. */
export async function saveExternalInterface(db: Queryable, id: number | null, f: { method: string; path: string; name: string }) {
  const [row] =
    id === null
      ? await db.query<{ id: number }>(
          `INSERT INTO api_interface (method, path, name, source) VALUES ($1, $2, $3, 'external') RETURNING id`,
          [f.method, f.path, f.name],
        )
      : await db.query<{ id: number }>('UPDATE api_interface SET method = $2, path = $3, name = $4 WHERE id = $1 RETURNING id', [
          id,
          f.method,
          f.path,
          f.name,
        ]);
  return row.id;
}

/** An interface deleted. */
export async function deleteInterface(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM api_interface WHERE id = $1', [id]);
}

/** Which of these interfaces exist. */
export async function knownInterfaces(db: Queryable, ids: number[]): Promise<number> {
  return (await db.query('SELECT id FROM api_interface WHERE id = ANY($1::int[])', [ids])).length;
}

/** The server's interfaces among these, each with how many entries other than `leavingMenuId` relate to it. */
export const relationsLeft = (db: Queryable, interfaceIds: number[], leavingMenuId: number) =>
  db.query<{ method: string; path: string; n: number }>(
    `SELECT i.method, i.path, (SELECT count(*)::int FROM page_func_relation pf WHERE pf.interface_id = i.id AND pf.menu_id <> $2) AS n
       FROM api_interface i WHERE i.id = ANY($1::int[]) AND i.source = 'server'`,
    [interfaceIds, leavingMenuId],
  );

/** One interface with how many entries other than `menuId` relate to it, or undefined. */
export async function interfaceWithOthers(db: Queryable, interfaceId: number, menuId: number) {
  const [row] = await db.query<{ method: string; path: string; source: string; n: number }>(
    `SELECT method, path, source, (SELECT count(*)::int FROM page_func_relation WHERE interface_id = $1 AND menu_id <> $2) AS n
       FROM api_interface WHERE id = $1`,
    [interfaceId, menuId],
  );
  return row;
}

/** The interfaces an entry relates to. */
export async function interfacesOfEntry(db: Queryable, menuId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT interface_id AS id FROM page_func_relation WHERE menu_id = $1 ORDER BY 1', [menuId]);
  return rows.map((r) => r.id);
}

/** The entries an interface relates to. */
export async function entriesOfInterface(db: Queryable, interfaceId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT menu_id AS id FROM page_func_relation WHERE interface_id = $1 ORDER BY 1', [
    interfaceId,
  ]);
  return rows.map((r) => r.id);
}

/** An entry related to exactly these interfaces, in one statement. */
export async function setEntryInterfaces(db: Queryable, menuId: number, interfaceIds: number[]): Promise<void> {
  await db.query(
    `WITH del AS (DELETE FROM page_func_relation WHERE menu_id = $1 AND NOT (interface_id = ANY($2::int[])))
     INSERT INTO page_func_relation (menu_id, interface_id) SELECT $1, i FROM unnest($2::int[]) i ON CONFLICT DO NOTHING`,
    [menuId, interfaceIds],
  );
}

/** An interface related to exactly these entries, in one statement. */
export async function setInterfaceEntries(db: Queryable, interfaceId: number, menuIds: number[]): Promise<void> {
  await db.query(
    `WITH del AS (DELETE FROM page_func_relation WHERE interface_id = $1 AND NOT (menu_id = ANY($2::int[])))
     INSERT INTO page_func_relation (menu_id, interface_id) SELECT m, $1 FROM unnest($2::int[]) m ON CONFLICT DO NOTHING`,
    [interfaceId, menuIds],
  );
}

/** One relation removed; false when there was none. */
export async function deleteRelation(db: Queryable, menuId: number, interfaceId: number): Promise<boolean> {
  const removed = await db.query('DELETE FROM page_func_relation WHERE menu_id = $1 AND interface_id = $2 RETURNING 1', [
    menuId,
    interfaceId,
  ]);
  return removed.length > 0;
}
