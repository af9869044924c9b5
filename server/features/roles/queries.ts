import type { Queryable } from '../../infra/db/db.ts';
import { offeredTo } from '../../access/menu.ts';
import type { RoleRow, RoleUser } from '@/api/table/roles.ts';

/*
 * The roles' SQL (issue 44 part 4): the routes (server/features/roles/routes.ts) decide which roles a caller may edit
 * and what they may grant; the statements are here, each kept to its tenant.
 */

const ROLE_COLUMNS = `r.id, r.name, r.name_en AS "nameEn", r.parent_id AS "parentId",
  (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id AND u.deleted_at IS NULL WHERE ur.role_id = r.id) AS "userCount"`;

/** Every role of the tenant, by id. */
export const tenantRoles = (db: Queryable, tenantId: number) =>
  db.query<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM role r WHERE r.tenant_id = $1 ORDER BY r.id`, [tenantId]);

/** One role of the tenant, or undefined. */
export async function roleById(db: Queryable, tenantId: number, id: number): Promise<RoleRow | undefined> {
  const [role] = await db.query<RoleRow>(`SELECT ${ROLE_COLUMNS} FROM role r WHERE r.id = $1 AND r.tenant_id = $2`, [id, tenantId]);
  return role;
}

/** Whether the tenant has this role. */
export async function roleExists(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM role WHERE id = $1 AND tenant_id = $2', [id, tenantId])).length > 0;
}

/** How many of these roles the tenant has. */
export async function knownRoles(db: Queryable, tenantId: number, ids: number[]): Promise<number> {
  return (await db.query('SELECT id FROM role WHERE tenant_id = $1 AND id = ANY($2::int[])', [tenantId, ids])).length;
}

/** The roles a user holds. */
export async function rolesOfUser(db: Queryable, userId: number): Promise<number[]> {
  return (await db.query<{ role_id: number }>('SELECT role_id FROM user_role WHERE user_id = $1', [userId])).map((r) => r.role_id);
}

/** The users holding any of these roles. */
export async function holdersOf(db: Queryable, roleIds: number[]): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>('SELECT DISTINCT user_id FROM user_role WHERE role_id = ANY($1::int[])', [roleIds]);
  return rows.map((r) => r.user_id);
}

/** A new role (the unique index refuses a taken name: the caller says so); its id. */
export async function insertRole(db: Queryable, tenantId: number, f: { name: string; nameEn: string; parentId: number | null }) {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO role (tenant_id, name, parent_id, name_en) VALUES ($1, $2, $3, $4) RETURNING id',
    [tenantId, f.name, f.parentId, f.nameEn],
  );
  return row.id;
}

/** A role renamed or moved (an English name left out keeps the one it has). */
export async function updateRole(
  db: Queryable,
  tenantId: number,
  id: number,
  f: { name: string; nameEn: string | null; parentId: number | null },
) {
  await db.query('UPDATE role SET name = $3, parent_id = $4, name_en = COALESCE($5, name_en) WHERE id = $1 AND tenant_id = $2', [
    id,
    tenantId,
    f.name,
    f.parentId,
    f.nameEn,
  ]);
}

/** Whether any role sits under this one. */
export async function hasChildRoles(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM role WHERE parent_id = $1', [id])).length > 0;
}

/** One statement: the role deleted unless someone holds it (a user given the role meanwhile keeps it); whether it went. */
export async function deleteUnheldRole(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  const gone = await db.query(
    `DELETE FROM role r WHERE r.id = $1 AND r.tenant_id = $2 AND NOT EXISTS (SELECT 1 FROM user_role WHERE role_id = r.id) RETURNING id`,
    [id, tenantId],
  );
  return gone.length > 0;
}

/** The menu entries granted to a role, by id. */
export async function grantsOf(db: Queryable, roleId: number): Promise<number[]> {
  const rows = await db.query<{ menu_id: number }>('SELECT menu_id FROM role_perm WHERE role_id = $1 ORDER BY menu_id', [roleId]);
  return rows.map((r) => r.menu_id);
}

/** Every menu entry offered to the tenant, in menu order. */
export const offeredEntries = (db: Queryable, tenantId: number) =>
  db.query<{ id: number; parent_id: number | null; name: string; name_en: string; uri_type: number; code: string; is_wrapper: boolean }>(
    `SELECT id, parent_id, name, name_en, uri_type, code, is_wrapper FROM menu m WHERE ${offeredTo('m', '$1')} ORDER BY sort, id`,
    [tenantId],
  );

/** How many of these entries are offered to the tenant. */
export async function offeredCount(db: Queryable, tenantId: number, ids: number[]): Promise<number> {
  return (await db.query(`SELECT id FROM menu m WHERE id = ANY($1::int[]) AND ${offeredTo('m', '$2')}`, [ids, tenantId])).length;
}

/**
 * One statement: the role holds exactly `wanted` among `within` (what the caller holds); what lies beyond stays.
 * Answers what was added and removed.
 */
export async function setGrantsWithin(db: Queryable, roleId: number, wanted: number[], within: number[]) {
  const [diff] = await db.query<{ added: number[] | null; removed: number[] | null }>(
    `WITH del AS (DELETE FROM role_perm WHERE role_id = $1 AND menu_id = ANY($3::int[]) AND NOT (menu_id = ANY($2::int[])) RETURNING menu_id),
          ins AS (INSERT INTO role_perm (role_id, menu_id) SELECT $1, m FROM unnest($2::int[]) m ON CONFLICT DO NOTHING RETURNING menu_id)
     SELECT (SELECT array_agg(menu_id ORDER BY menu_id) FROM ins) AS added, (SELECT array_agg(menu_id ORDER BY menu_id) FROM del) AS removed`,
    [roleId, wanted, within],
  );
  return { added: diff.added ?? [], removed: diff.removed ?? [] };
}

/** A page of the role's users within a department scope (null: every department), and how many there are. */
export async function usersOfRole(
  db: Queryable,
  tenantId: number,
  roleId: number,
  scope: number[] | null,
  page: { pageNum: number; pageSize: number },
) {
  const where = `ur.role_id = $1 AND u.tenant_id = $2 AND u.deleted_at IS NULL AND ($3::int[] IS NULL OR u.depart_ids && $3::int[])`;
  const rows = await db.query<RoleUser>(
    `SELECT u.id, u.user_name AS "userName", u.nickname, u.user_type AS "userType", u.status
       FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ${where} ORDER BY u.id LIMIT $4 OFFSET $5`,
    [roleId, tenantId, scope, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ${where}`,
    [roleId, tenantId, scope],
  );
  return { rows, count: n };
}

/** One statement: the user holds exactly these roles. */
export async function setUserRoles(db: Queryable, userId: number, roleIds: number[]): Promise<void> {
  await db.query(
    `WITH d AS (DELETE FROM user_role WHERE user_id = $1 AND NOT (role_id = ANY($2::int[])))
     INSERT INTO user_role (user_id, role_id) SELECT $1, r FROM unnest($2::int[]) r ON CONFLICT DO NOTHING`,
    [userId, roleIds],
  );
}

/** The tenant's users within a department scope (or one of them) with their roles, by id (at most 500). */
export const usersWithRoles = (db: Queryable, tenantId: number, userId: number | null, scope: number[] | null) =>
  db.query<{ userId: number; userName: string; roleIds: number[]; roleNames: string }>(
    `SELECT u.id AS "userId", u.user_name AS "userName",
            COALESCE(array_agg(r.id ORDER BY r.id) FILTER (WHERE r.id IS NOT NULL), '{}') AS "roleIds",
            COALESCE(string_agg(r.name, '、' ORDER BY r.id), '') AS "roleNames"
       FROM app_user u LEFT JOIN user_role ur ON ur.user_id = u.id LEFT JOIN role r ON r.id = ur.role_id AND r.tenant_id = u.tenant_id
      WHERE u.tenant_id = $1 AND u.deleted_at IS NULL AND ($2::int IS NULL OR u.id = $2) AND ($3::int[] IS NULL OR u.depart_ids && $3::int[])
      GROUP BY u.id ORDER BY u.id LIMIT 500`,
    [tenantId, userId, scope],
  );
