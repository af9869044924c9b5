import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db.ts';
import { ApiError, int, ok, readBody, refuse, editedVersion, staleEdit, text } from '../../infra/http.ts';
import { pageStateProblem } from '../../../src/api/rules/page-rules.ts';
import { owns } from '../../access/access.ts';

const COLUMNS = `p.id, p.name, p.status, p.version, p.page_data AS "pageData", p.rects, p.pops,
  to_json(p.created_at) #>> '{}' AS "createdAt", to_json(p.updated_at) #>> '{}' AS "updatedAt"`;
const idOf = (body: Record<string, unknown>, key: string, label: string) => int(body, key, label, 0, 2 ** 31 - 1);

/**
 * the page builder's pages per tenant (page-builder state, checked by pageStateProblem on
 * every write) and the component palette. Edits carry the version they were made on; a stale one is refused with
 * nothing overwritten.
 */
export function pageInfoRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  const input = (body: Record<string, unknown>) => {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) throw refuse('name', '页面名称不能为空');
    if (name.length > 50) throw refuse('name', '页面名称不能超过 50 个字');
    const state = { pageData: body.pageData, rects: body.rects ?? [], pops: body.pops ?? [] };
    const problem = pageStateProblem(state);
    if (problem) throw refuse('pageData', problem);
    const status = body.status === 1 ? 1 : 0;
    return { name, state, status };
  };

  /** `{ id }`: that page (values holds it alone); else a page of the list, newest first (`keyword` in the name). */
  app.post('/v1/pageInfo/queryPageInfo', owns({ pages: ['template/custom-page'] }), async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    if (body.id !== undefined && body.id !== null && body.id !== '') {
      const rows = await db.query(`SELECT ${COLUMNS} FROM page_info p WHERE p.id = $1 AND p.tenant_id = $2`, [
        idOf(body, 'id', '页面'),
        s.tenantId,
      ]);
      return c.json({ result: 'ok', values: rows, count: rows.length });
    }
    const pageNum = int(body, 'pageNum', '页码', 1, 100000);
    const pageSize = int(body, 'pageSize', '每页条数', 10, 200);
    const keyword = text(body, 'keyword', 50);
    const where = `p.tenant_id = $1 AND ($2 = '' OR strpos(lower(p.name), lower($2)) > 0)`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM page_info p WHERE ${where}`, [s.tenantId, keyword]);
    const rows = await db.query(`SELECT ${COLUMNS} FROM page_info p WHERE ${where} ORDER BY p.id DESC LIMIT $3 OFFSET $4`, [
      s.tenantId,
      keyword,
      pageSize,
      (pageNum - 1) * pageSize,
    ]);
    return c.json({ result: 'ok', values: rows, count: n });
  });

  app.post('/v1/pageInfo/insertPageInfo', owns({ pages: ['template/custom-page'] }), async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const { name, state, status } = input(body);
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO page_info (tenant_id, name, page_data, rects, pops, status, created_by, updated_by)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $7) RETURNING id`,
      [s.tenantId, name, JSON.stringify(state.pageData), JSON.stringify(state.rects), JSON.stringify(state.pops), status, s.userId],
    );
    return c.json(ok({ id: row.id, version: 1 }));
  });

  app.post('/v1/pageInfo/updatePageInfo', owns({ pages: ['template/custom-page'] }), async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const id = idOf(body, 'id', '页面');
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
    return c.json(ok({ id, version: row.version }));
  });

  app.post('/v1/pageInfo/deletePageInfo', owns({ pages: ['template/custom-page'] }), async (c) => {
    const body = await readBody(c);
    const removed = await db.query('DELETE FROM page_info WHERE id = $1 AND tenant_id = $2 RETURNING id', [
      idOf(body, 'id', '页面'),
      c.get('session').tenantId,
    ]);
    if (!removed.length) throw new ApiError('页面不存在或已被删除');
    return c.json(ok());
  });

  /** The component palette the builder offers (the same for every tenant). */
  app.post('/v1/componentMiniprogramInfo/queryList', owns({ pages: ['template/custom-page'] }), async (c) => {
    const rows = await db.query(
      `SELECT id, code, name, category, default_rect AS "defaultRect" FROM component_miniprogram_info ORDER BY sort, id`,
    );
    return c.json(ok(rows));
  });

  return app;
}
