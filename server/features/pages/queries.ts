import type { Queryable } from '../../infra/db/db.ts';
import type { PageRow, PaletteItem } from '@/api/table/content.ts';

/*
 * The page builder's SQL (issue 44 part 4): a tenant's pages and the component palette. The routes
 * (server/features/pages/routes.ts) check the builder state; the statements are here, each kept to its tenant.
 * An edit names the version it was made on: a stale one changes nothing.
 */

const COLUMNS = `p.id, p.name, p.status, p.version, p.page_data AS "pageData", p.rects, p.pops,
  to_json(p.created_at) #>> '{}' AS "createdAt", to_json(p.updated_at) #>> '{}' AS "updatedAt"`;

/** What a save writes of a page. */
export interface PageFields {
  name: string;
  state: { pageData: unknown; rects: unknown; pops: unknown };
  status: 0 | 1;
}

/** One page of the tenant (alone in the array), or none. */
export const pageById = (db: Queryable, tenantId: number, id: number) =>
  db.query<PageRow>(`SELECT ${COLUMNS} FROM page_info p WHERE p.id = $1 AND p.tenant_id = $2`, [id, tenantId]);

/** A page of the tenant's pages whose name contains the keyword, newest first; and how many match. */
export async function pagePage(db: Queryable, tenantId: number, keyword: string, pageNum: number, pageSize: number) {
  const where = `p.tenant_id = $1 AND ($2 = '' OR strpos(lower(p.name), lower($2)) > 0)`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM page_info p WHERE ${where}`, [tenantId, keyword]);
  const rows = await db.query<PageRow>(`SELECT ${COLUMNS} FROM page_info p WHERE ${where} ORDER BY p.id DESC LIMIT $3 OFFSET $4`, [
    tenantId,
    keyword,
    pageSize,
    (pageNum - 1) * pageSize,
  ]);
  return { rows, count: n };
}

/** A new page; its id. */
export async function insertPage(db: Queryable, tenantId: number, userId: number, f: PageFields): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO page_info (tenant_id, name, page_data, rects, pops, status, created_by, updated_by)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $7) RETURNING id`,
    [tenantId, f.name, JSON.stringify(f.state.pageData), JSON.stringify(f.state.rects), JSON.stringify(f.state.pops), f.status, userId],
  );
  return row.id;
}

/** A page replaced if it is still at `version`; its new version, or undefined. */
export async function updatePage(db: Queryable, tenantId: number, userId: number, id: number, version: number, f: PageFields) {
  const [row] = await db.query<{ version: number }>(
    `UPDATE page_info SET name = $3, page_data = $4::jsonb, rects = $5::jsonb, pops = $6::jsonb, status = $7, version = version + 1,
            updated_by = $8, updated_at = now()
      WHERE id = $1 AND tenant_id = $2 AND version = $9 RETURNING version`,
    [
      id,
      tenantId,
      f.name,
      JSON.stringify(f.state.pageData),
      JSON.stringify(f.state.rects),
      JSON.stringify(f.state.pops),
      f.status,
      userId,
      version,
    ],
  );
  return row?.version;
}

/** A page's version and who last changed it, or undefined. */
export async function pageVersion(db: Queryable, tenantId: number, id: number) {
  const [now] = await db.query<{ version: number; by: string | null }>(
    'SELECT p.version, u.nickname AS by FROM page_info p LEFT JOIN app_user u ON u.id = p.updated_by WHERE p.id = $1 AND p.tenant_id = $2',
    [id, tenantId],
  );
  return now;
}

/** A page of the tenant deleted; false when there was none. */
export async function deletePage(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM page_info WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}

/** The component palette the builder offers (the same for every tenant). */
export const palette = (db: Queryable) =>
  db.query<PaletteItem>(
    `SELECT id, code, name, name_en AS "nameEn", category, default_rect AS "defaultRect" FROM component_miniprogram_info ORDER BY sort, id`,
  );
