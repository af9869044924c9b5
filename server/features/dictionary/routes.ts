import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { relateDefaults } from '../../access/relations.ts';
import * as dictionary from './queries.ts';
import { say } from '@/api/schema/messages.ts';
import { syncRecordIndexes } from '../../services/records.ts';
import type { MetaFieldInput } from '@/api/schema/system/meta-table.ts';
import type { CallTable } from '../../access/access.ts';
import { metaApi } from '@/api/table/meta.ts';
import { mount } from '../../infra/http/mount.ts';

/**
 * The data dictionary: a tenant's tables and their typed fields, the schema the business pages
 * render from (docs/api.md "Data dictionary"). A record keeps a field's value under the field's id, so renaming a
 * table or a field keeps its data; a field that holds data cannot change type, and a table that holds records or
 * is referenced cannot go.
 */
export function metaRoutes(db: Db, calls: CallTable) {
  const app = new Hono<AppEnv>();

  const tableOf = async (tenantId: number, id: number) => {
    const row = await dictionary.tableById(db, tenantId, id);
    if (!row) throw new ApiError(say('metaTableId'));
    return row;
  };

  mount(app, metaApi.tables, async (c) => {
    const { pageNum, pageSize, keyword } = c.var.body;
    const s = c.get('session');
    const { rows, count } = await dictionary.tablePage(db, s.tenantId, keyword, pageNum, pageSize);
    return { ...ok(rows), count };
  });

  mount(app, metaApi.saveTable, async (c) => {
    const { id, ...input } = c.var.body;
    const s = c.get('session');
    if (id !== null) await tableOf(s.tenantId, id);
    const saved = await onDuplicate(dictionary.saveTable(db, s.tenantId, id, input), (index) =>
      /component/.test(index) ? refuse('component', '本租户已有数据表使用这个页面组件') : refuse('name', '本租户已有同一标识的数据表'),
    );
    // The page that now renders this table starts related to the records calls, its buttons to theirs.
    if (input.component) {
      for (const menuId of await dictionary.entriesRendering(db, s.tenantId, input.component)) await relateDefaults(db, calls, { menuId });
    }
    return ok({ id: saved });
  });

  mount(app, metaApi.removeTable, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const table = await tableOf(s.tenantId, id);
    const named: [string, string][] = [[table.label, table.labelEn]];
    if (table.recordCount > 0) throw new ApiError(`“${table.label}”还有 ${table.recordCount} 条记录，不能删除`, {}, named);
    const ref = await dictionary.referenceTo(db, s.tenantId, table.id);
    if (ref)
      throw new ApiError(`“${table.label}”被“${ref.table_label}”的“${ref.field_label}”字段引用，不能删除`, {}, [
        ...named,
        [ref.table_label, ref.table_label_en],
        [ref.field_label, ref.field_label_en],
      ]);
    // Its fields go with it (ON DELETE CASCADE), and its records' partition with their indexes (migration 042).
    await dictionary.deleteTable(db, s.tenantId, table.id);
    return ok();
  });

  mount(app, metaApi.fields, async (c) => {
    const { tableId } = c.var.body;
    const s = c.get('session');
    const table = await tableOf(s.tenantId, tableId);
    return ok(await dictionary.fieldsOf(db, table.id));
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
      const before = await dictionary.fieldOfTable(db, tableId, id);
      if (!before) throw new ApiError('字段不存在');
      // Data already kept under this field is never reinterpreted behind the user's back.
      if (before.inUse && before.type !== input.type) {
        throw refuse('type', `“${before.label}”已有数据，不能从 ${before.type} 改为 ${input.type}；请新建字段后迁移数据`);
      }
      if (before.inUse && before.type === 'enum') {
        const lost = await dictionary.enumValueOutside(db, tableId, id, [...new Set(input.options.map((o) => o.value))]);
        if (lost !== undefined) throw refuse('options', `记录中还有选项“${lost}”的数据，不能删除这个选项`);
      }
      if (before.inUse && before.type === 'reference' && before.refTableId !== input.refTableId) {
        throw refuse('refTableId', `“${before.label}”已有数据，不能改为引用另一张表`);
      }
    }
    if (input.unique && id !== null && (await dictionary.fieldHasRepeats(db, tableId, id))) {
      throw refuse('unique', '已有记录在这个字段上重复，不能设为唯一');
    }
    const saved = await onDuplicate(dictionary.saveField(db, s.tenantId, tableId, id, input), refuse('name', '本表已有同一标识的字段'));
    await dictionary.touchTable(db, tableId);
    await syncRecordIndexes(db, [tableId]);
    return ok({ id: saved });
  });

  mount(app, metaApi.removeField, async (c) => {
    const { id, confirm } = c.var.body;
    const s = c.get('session');
    const field = await dictionary.fieldOfTenant(db, s.tenantId, id);
    if (!field) throw new ApiError(say('metaFieldId'));
    if (field.inUse && !confirm) {
      throw new ApiError(`“${field.label}”已有数据，删除后这些数据也会删除；请确认`, { values: { confirm: true } }, [
        [field.label, field.labelEn],
      ]);
    }
    // The field's values leave every record with it, together with the field.
    await dictionary.deleteField(db, field.tableId, id);
    await syncRecordIndexes(db, [field.tableId]);
    await dictionary.touchTable(db, field.tableId);
    return ok();
  });

  return app;
}
