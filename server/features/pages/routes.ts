import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok, editedVersion, staleEdit } from '../../infra/http/http.ts';
import { pageApi } from '@/api/table/content.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

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
      const rows = await q.pageById(db, s.tenantId, body.id);
      return { ...ok(rows), count: rows.length };
    }
    const { pageNum, pageSize, keyword } = body;
    const { rows, count } = await q.pagePage(db, s.tenantId, keyword, pageNum, pageSize);
    return { ...ok(rows), count };
  });

  mount(app, pageApi.insert, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    return ok({ id: await q.insertPage(db, s.tenantId, s.userId, input(body)), version: 1 });
  });

  mount(app, pageApi.update, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { id } = body;
    const version = editedVersion(body, '页面');
    const saved = await q.updatePage(db, s.tenantId, s.userId, id, version, input(body));
    if (saved === undefined) {
      const now = await q.pageVersion(db, s.tenantId, id);
      if (!now) throw new ApiError('页面不存在或已被删除');
      throw staleEdit('这个页面', version, now.version, now.by);
    }
    return ok({ id, version: saved });
  });

  mount(app, pageApi.remove, async (c) => {
    if (!(await q.deletePage(db, c.get('session').tenantId, c.var.body.id))) throw new ApiError('页面不存在或已被删除');
    return ok();
  });

  /** The component palette the builder offers (the same for every tenant). */
  mount(app, pageApi.palette, async () => {
    return ok(await q.palette(db));
  });

  return app;
}
