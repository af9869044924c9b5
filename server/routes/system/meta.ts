import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { relateDefaults } from '../../access/relations.ts';
import { offeredTo } from '../../access/menu.ts';
import { say } from '@/api/schema/messages.ts';
import { syncFieldIndexes } from '../../services/records.ts';
import { MONGO_FILE_MAX_BYTES, type MetaFieldInput, type MetaFieldRow } from '@/api/contract/records.ts';
import type { CollectionFileRow as CollectionFileRow, CollectionRow as CollectionRow, MetaTableRow } from '@/api/table/meta.ts';
import { type CallTable } from '../../access/access.ts';
import { metaApi } from '@/api/table/meta.ts';
import { mount } from '../../infra/http/mount.ts';
import { collectionApi } from '@/api/table/meta.ts';

const TABLE_COLUMNS = `t.id, t.name, t.label, t.label_en AS "labelEn", t.remark, t.component, to_json(t.updated_at) #>> '{}' AS "updatedAt",
  (SELECT count(*)::int FROM meta_field f WHERE f.table_id = t.id) AS "fieldCount",
  (SELECT count(*)::int FROM meta_record r WHERE r.table_id = t.id) AS "recordCount",
  (SELECT json_build_object('path', m.path, 'name', m.name, 'nameEn', m.name_en, 'section', COALESCE(p.name, ''), 'sectionEn', COALESCE(p.name_en, ''))
     FROM menu m LEFT JOIN menu p ON p.id = m.parent_id
    WHERE t.component <> '' AND m.uri_type = 1 AND m.component = t.component AND ${offeredTo('m', 't.tenant_id')}
    ORDER BY m.id LIMIT 1) AS published`;

const FIELD_COLUMNS = `f.id, f.table_id AS "tableId", f.name, f.label, f.label_en AS "labelEn", f.type, f.options, f.ref_table_id AS "refTableId",
  f.required, f.is_unique AS "unique", f.searchable, f.list_column AS "listColumn", f.default_value AS "defaultValue", f.sort,
  EXISTS (SELECT 1 FROM meta_record r WHERE r.table_id = f.table_id AND r.data ? f.id::text) AS "inUse"`;

/**
 * The data dictionary: a tenant's tables and their typed fields, the schema the business pages
 * render from (docs/api.md "Data dictionary"). A record keeps a field's value under the field's id, so renaming a
 * table or a field keeps its data; a field that holds data cannot change type, and a table that holds records or
 * is referenced cannot go.
 */
export function metaRoutes(db: Db, calls: CallTable) {
  const app = new Hono<AppEnv>();

  const tableOf = async (tenantId: number, id: number) => {
    const [row] = await db.query<MetaTableRow>(`SELECT ${TABLE_COLUMNS} FROM meta_table t WHERE t.id = $1 AND t.tenant_id = $2`, [
      id,
      tenantId,
    ]);
    if (!row) throw new ApiError(say('metaTableId'));
    return row;
  };

  mount(app, metaApi.tables, async (c) => {
    const { pageNum, pageSize, keyword } = c.var.body;
    const s = c.get('session');
    const where = `t.tenant_id = $1 AND ($2 = '' OR strpos(lower(t.name || ' ' || t.label || ' ' || t.remark), lower($2)) > 0)`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM meta_table t WHERE ${where}`, [s.tenantId, keyword]);
    const rows = await db.query<MetaTableRow>(`SELECT ${TABLE_COLUMNS} FROM meta_table t WHERE ${where} ORDER BY t.id LIMIT $3 OFFSET $4`, [
      s.tenantId,
      keyword,
      pageSize,
      (pageNum - 1) * pageSize,
    ]);
    return { ...ok(rows), count: n };
  });

  mount(app, metaApi.saveTable, async (c) => {
    const { id, ...input } = c.var.body;
    const s = c.get('session');
    if (id !== null) await tableOf(s.tenantId, id);
    const [row] = await onDuplicate(
      id === null
        ? db.query<{ id: number }>(
            'INSERT INTO meta_table (tenant_id, name, label, remark, component, label_en) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
            [s.tenantId, input.name, input.label, input.remark, input.component, input.labelEn],
          )
        : db.query<{ id: number }>(
            'UPDATE meta_table SET name = $3, label = $4, remark = $5, component = $6, label_en = $7, updated_at = now() WHERE id = $1 AND tenant_id = $2 RETURNING id',
            [id, s.tenantId, input.name, input.label, input.remark, input.component, input.labelEn],
          ),
      (index) =>
        /component/.test(index) ? refuse('component', '本租户已有数据表使用这个页面组件') : refuse('name', '本租户已有同一标识的数据表'),
    );
    // The page that now renders this table starts related to the records calls, its buttons to theirs.
    if (input.component) {
      const pages = await db.query<{ id: number }>(
        `SELECT m.id FROM menu m WHERE m.component = $1 AND ${offeredTo('m', '$2')}
         UNION SELECT b.id FROM menu b JOIN menu p ON p.id = b.parent_id AND p.component = $1 AND ${offeredTo('p', '$2')}`,
        [input.component, s.tenantId],
      );
      for (const m of pages) await relateDefaults(db, calls, { menuId: m.id });
    }
    return ok({ id: row.id });
  });

  mount(app, metaApi.removeTable, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const table = await tableOf(s.tenantId, id);
    if (table.recordCount > 0) throw new ApiError(`“${table.label}”还有 ${table.recordCount} 条记录，不能删除`);
    const [ref] = await db.query<{ table_label: string; field_label: string }>(
      `SELECT t.label AS table_label, f.label AS field_label FROM meta_field f JOIN meta_table t ON t.id = f.table_id
        WHERE f.ref_table_id = $1 AND f.table_id <> $1 AND t.tenant_id = $2 LIMIT 1`,
      [table.id, s.tenantId],
    );
    if (ref) throw new ApiError(`“${table.label}”被“${ref.table_label}”的“${ref.field_label}”字段引用，不能删除`);
    const fields = await db.query<{ id: number }>('SELECT id FROM meta_field WHERE table_id = $1', [table.id]);
    await db.query('DELETE FROM meta_table WHERE id = $1 AND tenant_id = $2', [table.id, s.tenantId]);
    // Its fields went with it (ON DELETE CASCADE); their indexes go too.
    for (const f of fields) await syncFieldIndexes(db, table.id, f.id, null);
    return ok();
  });

  mount(app, metaApi.fields, async (c) => {
    const { tableId } = c.var.body;
    const s = c.get('session');
    const table = await tableOf(s.tenantId, tableId);
    const rows = await db.query<MetaFieldRow>(`SELECT ${FIELD_COLUMNS} FROM meta_field f WHERE f.table_id = $1 ORDER BY f.sort, f.id`, [
      table.id,
    ]);
    return ok(rows);
  });

  mount(app, metaApi.saveField, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { id, tableId } = body;
    await tableOf(s.tenantId, tableId);
    const input: MetaFieldInput = {
      ...body,
      id: id ?? undefined,
      options: body.type === 'enum' ? body.options : [],
      refTableId: body.type === 'reference' ? body.refTableId : null,
      defaultValue: body.defaultValue ?? null,
    };
    if (input.refTableId !== null)
      await tableOf(s.tenantId, input.refTableId).catch(() => Promise.reject(refuse('refTableId', '引用的表不存在')));
    if (input.unique && ['boolean', 'image'].includes(input.type)) throw refuse('unique', '布尔和图片字段不能设为唯一');

    if (id !== null) {
      const [before] = await db.query<MetaFieldRow>(`SELECT ${FIELD_COLUMNS} FROM meta_field f WHERE f.id = $1 AND f.table_id = $2`, [
        id,
        tableId,
      ]);
      if (!before) throw new ApiError('字段不存在');
      // Data already kept under this field is never reinterpreted behind the user's back.
      if (before.inUse && before.type !== input.type) {
        throw refuse('type', `“${before.label}”已有数据，不能从 ${before.type} 改为 ${input.type}；请新建字段后迁移数据`);
      }
      if (before.inUse && before.type === 'enum') {
        const kept = new Set(input.options.map((o) => o.value));
        const [lost] = await db.query<{ v: string }>(
          `SELECT DISTINCT r.data ->> $2 AS v FROM meta_record r WHERE r.table_id = $1 AND r.data ? $2 AND NOT (r.data ->> $2 = ANY($3::text[])) LIMIT 1`,
          [tableId, String(id), [...kept]],
        );
        if (lost) throw refuse('options', `记录中还有选项“${lost.v}”的数据，不能删除这个选项`);
      }
      if (before.inUse && before.type === 'reference' && before.refTableId !== input.refTableId) {
        throw refuse('refTableId', `“${before.label}”已有数据，不能改为引用另一张表`);
      }
    }
    if (input.unique && id !== null) {
      const [dup] = await db.query(
        `SELECT 1 FROM meta_record r WHERE r.table_id = $1 AND r.data ? $2 GROUP BY r.data -> $2 HAVING count(*) > 1 LIMIT 1`,
        [tableId, String(id)],
      );
      if (dup) throw refuse('unique', '已有记录在这个字段上重复，不能设为唯一');
    }
    const params = [
      input.name,
      input.label,
      input.type,
      JSON.stringify(input.options),
      input.refTableId,
      input.required,
      input.unique,
      input.searchable,
      input.listColumn,
      input.defaultValue === null ? null : JSON.stringify(input.defaultValue),
      input.labelEn,
    ];
    const [row] = await onDuplicate(
      id === null
        ? db.query<{ id: number }>(
            `INSERT INTO meta_field (tenant_id, table_id, name, label, type, options, ref_table_id, required, is_unique, searchable, list_column, default_value, label_en, sort)
               VALUES ($12, $13, $1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10::jsonb, $11, COALESCE((SELECT max(sort) + 1 FROM meta_field WHERE table_id = $13), 0))
               RETURNING id`,
            [...params, s.tenantId, tableId],
          )
        : db.query<{ id: number }>(
            `UPDATE meta_field SET name = $1, label = $2, type = $3, options = $4::jsonb, ref_table_id = $5, required = $6, is_unique = $7,
                      searchable = $8, list_column = $9, default_value = $10::jsonb, label_en = $11
                WHERE id = $12 AND table_id = $13 RETURNING id`,
            [...params, id, tableId],
          ),
      refuse('name', '本表已有同一标识的字段'),
    );
    await db.query('UPDATE meta_table SET updated_at = now() WHERE id = $1', [tableId]);
    await syncFieldIndexes(db, tableId, row.id, input);
    return ok({ id: row.id });
  });

  mount(app, metaApi.removeField, async (c) => {
    const { id, confirm } = c.var.body;
    const s = c.get('session');
    const [field] = await db.query<MetaFieldRow & { tenantId: number }>(
      `SELECT ${FIELD_COLUMNS} FROM meta_field f JOIN meta_table t ON t.id = f.table_id AND t.tenant_id = $2 WHERE f.id = $1`,
      [id, s.tenantId],
    );
    if (!field) throw new ApiError(say('metaFieldId'));
    if (field.inUse && !confirm) {
      throw new ApiError(`“${field.label}”已有数据，删除后这些数据也会删除；请确认`, { values: { confirm: true } });
    }
    // The field's values leave every record with it, together with the field.
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE meta_record SET data = data - $2, version = version + 1, updated_at = now() WHERE table_id = $1 AND data ? $2`,
        [field.tableId, String(id)],
      );
      await tx.query('DELETE FROM meta_field WHERE id = $1', [id]);
    });
    await syncFieldIndexes(db, field.tableId, id, null);
    await db.query('UPDATE meta_table SET updated_at = now() WHERE id = $1', [field.tableId]);
    return ok();
  });

  // ---- document collections ("Mongo tables") and their files, kept in this database ----

  const mongoTableOf = async (tenantId: number, id: number) => {
    const [row] = await db.query<{ id: number; name: string }>('SELECT id, name FROM mongo_table WHERE id = $1 AND tenant_id = $2', [
      id,
      tenantId,
    ]);
    if (!row) throw new ApiError(say('collectionId'));
    return row;
  };

  mount(app, collectionApi.list, async (c) => {
    const { keyword } = c.var.body;
    const s = c.get('session');
    const rows = await db.query<CollectionRow>(
      `SELECT t.id, t.name, t.remark, to_json(t.created_at) #>> '{}' AS "createdAt",
              (SELECT count(*)::int FROM mongo_table_file f WHERE f.table_id = t.id) AS "fileCount",
              (SELECT COALESCE(sum(f.size), 0)::int FROM mongo_table_file f WHERE f.table_id = t.id) AS size
         FROM mongo_table t WHERE t.tenant_id = $1 AND ($2 = '' OR strpos(lower(t.name || ' ' || t.remark), lower($2)) > 0)
        ORDER BY t.name LIMIT 1000`,
      [s.tenantId, keyword],
    );
    return ok(rows);
  });

  mount(app, collectionApi.add, async (c) => {
    const { name, remark } = c.var.body;
    const s = c.get('session');
    const [row] = await onDuplicate(
      db.query<{ id: number }>('INSERT INTO mongo_table (tenant_id, name, remark) VALUES ($1, $2, $3) RETURNING id', [
        s.tenantId,
        name,
        remark,
      ]),
      refuse('name', '本租户已有同名的集合'),
    );
    return ok({ id: row.id });
  });

  mount(app, collectionApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const table = await mongoTableOf(s.tenantId, id);
    await db.query('DELETE FROM mongo_table WHERE id = $1 AND tenant_id = $2', [table.id, s.tenantId]);
    return ok();
  });

  mount(app, collectionApi.files, async (c) => {
    const { tableId } = c.var.body;
    const s = c.get('session');
    const table = await mongoTableOf(s.tenantId, tableId);
    const rows = await db.query<CollectionFileRow>(
      `SELECT id, table_id AS "tableId", name, content_type AS "contentType", size, to_json(created_at) #>> '{}' AS "createdAt"
         FROM mongo_table_file WHERE table_id = $1 ORDER BY name`,
      [table.id],
    );
    return ok(rows);
  });

  // multipart: tableId and file (at most MONGO_FILE_MAX_BYTES)
  mount(app, collectionApi.addFile, async (c) => {
    const s = c.get('session');
    const { tableId, file } = c.var.body;
    const table = await mongoTableOf(s.tenantId, tableId);
    if (file.size === 0) throw refuse('file', '文件是空的');
    if (file.size > MONGO_FILE_MAX_BYTES) throw refuse('file', '文件不能超过 5 MB');
    const name = file.name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200) || 'file';
    const content = Buffer.from(await file.arrayBuffer());
    const [row] = await onDuplicate(
      db.query<{ id: number }>(
        `INSERT INTO mongo_table_file (tenant_id, table_id, name, content_type, size, content) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [s.tenantId, table.id, name, (file.type || 'application/octet-stream').slice(0, 100), file.size, content],
      ),
      refuse('file', `集合中已有同名文件“${name}”`),
    );
    return ok({ id: row.id });
  });

  mount(app, collectionApi.removeFile, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const removed = await db.query('DELETE FROM mongo_table_file WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, s.tenantId]);
    if (!removed.length) throw new ApiError(say('collectionFileId'));
    return ok();
  });

  return app;
}
