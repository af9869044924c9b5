import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import * as collections from './queries.ts';
import { say } from '@/api/schema/messages.ts';
import { COLLECTION_FILE_MAX_BYTES } from '@/api/contract/records.ts';
import { collectionApi } from '@/api/table/meta.ts';
import { mount } from '../../infra/http/mount.ts';

/**
 * 系统管理 › 文档集合: a tenant's document collections (SPEC's "Mongo tables", kept in this database) and their files
 * (docs/api.md "Data dictionary and document collections").
 */
export function collectionRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  const collectionOf = async (tenantId: number, id: number) => {
    const row = await collections.collectionById(db, tenantId, id);
    if (!row) throw new ApiError(say('collectionId'));
    return row;
  };

  mount(app, collectionApi.list, async (c) => {
    const { keyword } = c.var.body;
    const s = c.get('session');
    return ok(await collections.collections(db, s.tenantId, keyword));
  });

  mount(app, collectionApi.add, async (c) => {
    const { name, remark } = c.var.body;
    const s = c.get('session');
    return ok({
      id: await onDuplicate(collections.insertCollection(db, s.tenantId, name, remark), refuse('name', '本租户已有同名的集合')),
    });
  });

  mount(app, collectionApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const table = await collectionOf(s.tenantId, id);
    await collections.deleteCollection(db, s.tenantId, table.id);
    return ok();
  });

  mount(app, collectionApi.files, async (c) => {
    const { tableId } = c.var.body;
    const s = c.get('session');
    const table = await collectionOf(s.tenantId, tableId);
    return ok(await collections.filesOf(db, table.id));
  });

  // multipart: tableId and file (at most COLLECTION_FILE_MAX_BYTES)
  mount(app, collectionApi.addFile, async (c) => {
    const s = c.get('session');
    const { tableId, file } = c.var.body;
    const table = await collectionOf(s.tenantId, tableId);
    if (file.size === 0) throw refuse('file', '文件是空的');
    if (file.size > COLLECTION_FILE_MAX_BYTES) throw refuse('file', '文件不能超过 5 MB');
    const name = file.name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200) || 'file';
    const content = Buffer.from(await file.arrayBuffer());
    const contentType = (file.type || 'application/octet-stream').slice(0, 100);
    const saved = await onDuplicate(
      collections.insertFile(db, s.tenantId, table.id, { name, contentType, size: file.size, content }),
      refuse('file', `集合中已有同名文件“${name}”`),
    );
    return ok({ id: saved });
  });

  mount(app, collectionApi.removeFile, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    if (!(await collections.deleteFile(db, s.tenantId, id))) throw new ApiError(say('collectionFileId'));
    return ok();
  });

  return app;
}
