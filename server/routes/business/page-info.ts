import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok, editedVersion, staleEdit } from '../../infra/http/http.ts';
import { pageApi, type PageRow, type PaletteItem } from '@/api/table/content.ts';
import { mount } from '../../infra/http/mount.ts';

const COLUMNS = `p.id, p.name, p.status, p.version, p.page_data AS "pageData", p.rects, p.pops,
  to_json(p.created_at) #>> '{}' AS "createdAt", to_json(p.updated_at) #>> '{}' AS "updatedAt"`;

/**
 * the page builder's pages per tenant (page-builder state, checked by pageStateProblem on
 * every write) and the component palette. Edits carry the version they were made on; a stale one is refused with
 * nothing overwritten.
 */
export function pageInfoRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  /** A save's name, builder state and status (the schema has checked the state by the builder's rule). */
  const input = (body: { name: string; pageData?: unknown; rects: unknown; pops: unknown; status: 0 | 1 }) => ({
    name: body.name,
    state: { pageData: body.pageData, rects: body.rects, pops: body.pops },
    status: body.status,
  });

  /** `{ id }`: that page (values holds it alone); else a page of the list, newest first (`keyword` in the name). */
  mount(app, pageApi.query, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    if (body.id !== null) {
      const rows = await db.query<PageRow>(`SELECT ${COLUMNS} FROM page_info p WHERE p.id = $1 AND p.tenant_id = $2`, [
        body.id,
        s.tenantId,
      ]);
      return { ...ok(rows), count: rows.length };
    }
    const { pageNum, pageSize, keyword } = body;
    const where = `p.tenant_id = $1 AND ($2 = '' OR strpos(lower(p.name), lower($2)) > 0)`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM page_info p WHERE ${where}`, [s.tenantId, keyword]);
    const rows = await db.query<PageRow>(`SELECT ${COLUMNS} FROM page_info p WHERE ${where} ORDER BY p.id DESC LIMIT $3 OFFSET $4`, [
      s.tenantId,
      keyword,
      pageSize,
      (pageNum - 1) * pageSize,
    ]);
    return { ...ok(rows), count: n };
  });

  mount(app, pageApi.insert, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { name, state, status } = input(body);
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO page_info (tenant_id, name, page_data, rects, pops, status, created_by, updated_by)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $7) RETURNING id`,
      [s.tenantId, name, JSON.stringify(state.pageData), JSON.stringify(state.rects), JSON.stringify(state.pops), status, s.userId],
    );
    return ok({ id: row.id, version: 1 });
  });

  mount(app, pageApi.update, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { id } = body;
    const version = editedVersion(body, '页面');
    const { name, state, status } = input(body);
    const [row] = await db.query<{ version: number }>(
      `UPDATE page_info SET name = $3, page_data = $4::jsonb, rects = $5::jsonb, pops = $6::jsonb, status = $7, version = version + 1,
              updated_by = $8, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND version = $9 RETURNING version`,
      [
        id,
        s.tenantId,
        name,
        JSON.stringify(state.pageData),
        JSON.stringify(state.rects),
        JSON.stringify(state.pops),
        status,
        s.userId,
        version,
      ],
    );
    if (!row) {
      const [now] = await db.query<{ version: number; by: string | null }>(
        'SELECT p.version, u.nickname AS by FROM page_info p LEFT JOIN app_user u ON u.id = p.updated_by WHERE p.id = $1 AND p.tenant_id = $2',
        [id, s.tenantId],
      );
      if (!now) throw new ApiError('页面不存在或已被删除');
      throw staleEdit('这个页面', version, now.version, now.by);
    }
    return ok({ id, version: row.version });
  });

  mount(app, pageApi.remove, async (c) => {
    const removed = await db.query('DELETE FROM page_info WHERE id = $1 AND tenant_id = $2 RETURNING id', [
      c.var.body.id,
      c.get('session').tenantId,
    ]);
    if (!removed.length) throw new ApiError('页面不存在或已被删除');
    return ok();
  });

  /** The component palette the builder offers (the same for every tenant). */
  mount(app, pageApi.palette, async () => {
    const rows = await db.query<PaletteItem>(
      `SELECT id, code, name, name_en AS "nameEn", category, default_rect AS "defaultRect" FROM component_miniprogram_info ORDER BY sort, id`,
    );
    return ok(rows);
  });

  return app;
}
