import type { Queryable } from '../../infra/db/db.ts';
import { TENANT_ACTIVE } from '../../access/auth.ts';
import type { TenantInput } from '@/api/schema/system/tenant.ts';
import type { TenantRow } from '@/api/table/platform.ts';

/*
 * The tenants' SQL (issue 44 part 4): the platform operator's tenant list and editor, each tenant's pages and its
 * parameters. The routes (server/features/tenants/routes.ts) decide who may do what; the statements are here.
 */

const TENANT_COLUMNS = `t.id, t.name, t.code, t.contact_name AS "contactName", t.contact_phone AS "contactPhone", t.status,
  to_json(t.expires_at) #>> '{}' AS "expiresAt", to_json(t.created_at) #>> '{}' AS "createdAt",
  (SELECT count(*)::int FROM app_user u WHERE u.tenant_id = t.id AND u.deleted_at IS NULL) AS "userCount"`;

/** One tenant, marked when it is the platform operator's, or undefined. */
export async function tenantById(db: Queryable, id: number, platformTenant: number): Promise<TenantRow | undefined> {
  const [row] = await db.query<TenantRow>(`SELECT ${TENANT_COLUMNS}, t.id = $2 AS platform FROM tenant t WHERE t.id = $1`, [
    id,
    platformTenant,
  ]);
  return row;
}

/** A page of the tenants matching a keyword and an active state (null: any), and how many match. */
export async function tenantPage(
  db: Queryable,
  platformTenant: number,
  f: { keyword: string; status: number | null; pageNum: number; pageSize: number },
) {
  const where = `($1 = '' OR strpos(lower(t.name || ' ' || t.code || ' ' || t.contact_name || ' ' || t.contact_phone), lower($1)) > 0)
    AND ($2::int IS NULL OR (CASE WHEN ${TENANT_ACTIVE} THEN 1 ELSE 0 END) = $2)`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tenant t WHERE ${where}`, [f.keyword, f.status]);
  const rows = await db.query<TenantRow>(
    `SELECT ${TENANT_COLUMNS}, t.id = $5 AS platform FROM tenant t WHERE ${where} ORDER BY t.id LIMIT $3 OFFSET $4`,
    [f.keyword, f.status, f.pageSize, (f.pageNum - 1) * f.pageSize, platformTenant],
  );
  return { rows, count: n };
}

/** Whether another tenant has this code (letter case aside). */
export async function codeTaken(db: Queryable, code: string, exceptId: number | null): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM tenant WHERE lower(code) = lower($1) AND ($2::int IS NULL OR id <> $2)', [code, exceptId])).length > 0
  );
}

/** A tenant's fields replaced; whether it is active after (the unique index refuses a taken code: the caller says so). */
export async function updateTenant(db: Queryable, id: number, input: TenantInput): Promise<boolean> {
  const [row] = await db.query<{ active: boolean }>(
    `UPDATE tenant t SET name = $2, code = $3, contact_name = $4, contact_phone = $5, status = $6, expires_at = $7::timestamptz
      WHERE t.id = $1 RETURNING ${TENANT_ACTIVE} AS active`,
    [id, input.name, input.code, input.contactName, input.contactPhone, input.status, input.expiresAt],
  );
  return row.active;
}

/** Every live session of the tenant ended. */
export async function revokeTenantSessions(db: Queryable, tenantId: number): Promise<void> {
  await db.query('UPDATE user_session SET revoked_at = now() WHERE tenant_id = $1 AND revoked_at IS NULL', [tenantId]);
}

/**
 * One statement, so a failure leaves nothing half made: the tenant, its 总部 department, its 超级管理员 role with
 * every page it is given, its first admin (userType 0, who must change the initial password), its pages and its
 * parameters. Its id (the unique indexes refuse a taken code or account: the caller says so).
 */
export async function insertTenant(
  db: Queryable,
  input: TenantInput & { adminUserName: string },
  adminHash: string,
  pages: number[],
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `WITH t AS (INSERT INTO tenant (name, code, contact_name, contact_phone, status, expires_at)
                VALUES ($1, $2, $3, $4, $5, $6::timestamptz) RETURNING id),
          d AS (INSERT INTO depart (tenant_id, depart_name) SELECT id, '总部' FROM t RETURNING id),
          r AS (INSERT INTO role (tenant_id, name, name_en) SELECT id, '超级管理员', 'Super administrator' FROM t RETURNING id),
          u AS (INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, depart_ids, must_change_password)
                SELECT t.id, $7, $8, '管理员', $4, 0, ARRAY[d.id], true FROM t, d RETURNING id),
          ur AS (INSERT INTO user_role (user_id, role_id) SELECT u.id, r.id FROM u, r),
          tp AS (INSERT INTO tenant_page (tenant_id, menu_id) SELECT t.id, m FROM t, unnest($9::int[]) m),
          rp AS (INSERT INTO role_perm (role_id, menu_id) SELECT r.id, m FROM r, unnest($9::int[]) m),
          ss AS (INSERT INTO system_setting (tenant_id, type, params) SELECT id, 'scrm_overall_params', '{"enableWaterMark":false}' FROM t)
     SELECT id FROM t`,
    [input.name, input.code, input.contactName, input.contactPhone, input.status, input.expiresAt, input.adminUserName, adminHash, pages],
  );
  return row.id;
}

/** The shared entries a tenant is given. */
export async function pagesOf(db: Queryable, tenantId: number): Promise<number[]> {
  const rows = await db.query<{ menu_id: number }>('SELECT menu_id FROM tenant_page WHERE tenant_id = $1 ORDER BY menu_id', [tenantId]);
  return rows.map((r) => r.menu_id);
}

/** Every menu entry: its parent, component and owning tenant (null: shared). */
export const menuOutline = (db: Queryable) =>
  db.query<{ id: number; parent_id: number | null; component: string; tenant_id: number | null }>(
    'SELECT id, parent_id, component, tenant_id FROM menu',
  );

/**
 * One statement: the tenant is given exactly these shared entries, and an entry it no longer has leaves every one of
 * its roles. Answers what was added and removed.
 */
export async function setPages(db: Queryable, tenantId: number, menuIds: number[]) {
  const [diff] = await db.query<{ added: number[] | null; removed: number[] | null }>(
    `WITH del AS (DELETE FROM tenant_page WHERE tenant_id = $1 AND NOT (menu_id = ANY($2::int[])) RETURNING menu_id),
          ins AS (INSERT INTO tenant_page (tenant_id, menu_id) SELECT $1, m FROM unnest($2::int[]) m ON CONFLICT DO NOTHING RETURNING menu_id),
          rp AS (DELETE FROM role_perm rp USING role r WHERE r.id = rp.role_id AND r.tenant_id = $1 AND rp.menu_id IN (SELECT menu_id FROM del))
     SELECT (SELECT array_agg(menu_id ORDER BY menu_id) FROM ins) AS added, (SELECT array_agg(menu_id ORDER BY menu_id) FROM del) AS removed`,
    [tenantId, menuIds],
  );
  return { added: diff.added ?? [], removed: diff.removed ?? [] };
}

/** A tenant's stored parameters, by key (JSON text). */
export const settingsOf = (db: Queryable, tenantId: number) =>
  db.query<{ type: string; params: string }>('SELECT type, params FROM system_setting WHERE tenant_id = $1', [tenantId]);

/** A tenant's parameters under one key written (added or replaced). */
export async function writeSetting(db: Queryable, tenantId: number, type: string, json: string): Promise<void> {
  await db.query(
    `INSERT INTO system_setting (tenant_id, type, params) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, type) DO UPDATE SET params = EXCLUDED.params`,
    [tenantId, type, json],
  );
}
