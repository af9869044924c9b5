import { Hono, type Context } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { wordsFor } from '../../infra/http/language.ts';
import { tenantZone, todayIn } from '../../services/tenant-time.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, hasNul, NUL_MESSAGE, ok, refuse, editedVersion, staleEdit } from '../../infra/http/http.ts';
import { departmentScope, inScope } from '../../access/permissions.ts';
import { readUploadedSheet } from '../../infra/sheets/sheets.ts';
import { isMaskedOf, phoneView } from '../../access/privacy.ts';
import {
  codesOf,
  departmentField,
  denseWalk,
  listKeyset,
  listOrder,
  listWhere,
  type ListCursor,
  logWrite,
  loadSchemaFor,
  present,
  refTitleOf,
  titleField,
  violatedField,
  type ListQuery,
  type RecordOp,
  type Schema,
  type StoredRecord,
} from '../../services/records.ts';
import { type MetaFieldRow, type RecordSchema } from '@/api/contract/records.ts';
import { optionsListed } from '@/api/schema/business/record-value.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';
import { RECORD_LIMITS, ownValue, recordValue } from '@/api/rules/record-rules.ts';
import type { ExportJobs } from '../../services/export-jobs.ts';
import { countAndFind, pageCursor, readPageCursor } from '../../infra/db/count.ts';
import { keptRecordCounts } from '../../infra/db/kept-counts.ts';
import { recordApi } from '@/api/table/records.ts';
import { mount } from '../../infra/http/mount.ts';
import * as stored from './queries.ts';
import * as departs from '../../features/departs/queries.ts';

const FORBIDDEN = '您没有当前操作的权限';

function listQueryOf(body: { filters: Record<string, string>; sortField?: string; sortOrder?: 'ascend' | 'descend' }): ListQuery {
  const order = body.sortOrder ?? null;
  return { filters: body.filters, sortField: body.sortField !== undefined && order ? body.sortField : null, sortOrder: order };
}

/** The label a sheet or a message shows for a value (enum label, 是/否, reference title, department name). */
function cellOf(field: MetaFieldRow, value: unknown, label: string | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (label !== undefined) return label;
  if (field.type === 'enum') return field.options.find((o) => o.value === value)?.label ?? String(value);
  if (field.type === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return String(value);
}

/** A column's heading in the import template: its label, marked （必填） when the field is required (issue 45). */
const templateHeading = (f: MetaFieldRow): string => (f.required ? `${f.label}（必填）` : f.label);

/**
 * The import template's example row, one cell per field, in the form the import reads (a day as 2026-01-31, a time
 * as the export writes it, an option by its label, 是 for yes). Fixed values, not today's: the import skips a row
 * equal to it, whenever the template was downloaded. References and departments are the tenant's names: left empty.
 */
function exampleRow(fields: readonly MetaFieldRow[]): Array<string | number> {
  return fields.map((f) => {
    switch (f.type) {
      case 'text':
        return `示例${f.label}`;
      case 'number':
        return 1;
      case 'money':
        return 9.9;
      case 'date':
        return '2026-01-31';
      case 'datetime':
        return '2026-01-31T09:30:00.000Z';
      case 'boolean':
        return '是';
      case 'enum':
        return f.options[0]?.label ?? '';
      case 'phone':
        return '13800000000';
      case 'image':
        return 'https://example.com/image.png';
      default:
        return '';
    }
  });
}

/**
 * The labels of a table and its fields that people also named in English, Chinese to English; and an enum field's
 * options as its rule lists them (普卡、银卡: valueOption), each by its English where it has one.
 */
const englishLabels = (schema: Schema): ReadonlyMap<string, string> =>
  new Map([
    ...[schema.table, ...schema.fields].filter((x) => x.labelEn).map((x) => [x.label, x.labelEn] as const),
    ...schema.fields
      .filter((f) => f.type === 'enum' && f.options.some((o) => o.labelEn))
      .map((f) => [optionsListed(f.options), optionsListed(f.options.map((o) => ({ label: o.labelEn || o.label })))] as const),
  ]);

/**
 * The records calls (SPEC leaves them unshown, docs/api.md "Records"): the rows of a meta table, per
 * tenant. Each call names its table; the caller must hold, through the page-function relations, that table's page
 * (reading) or its `<table>:<op>` button (writing). Values are checked by the same rule as the browser's form
 * (recordValue), references and departments against the tenant's rows, uniqueness by the table's unique indexes,
 * and an edit by the version it was made on.
 */
export function recordRoutes(db: Db, exports: ExportJobs, { keptCountsMs }: { keptCountsMs?: number } = {}) {
  const app = new Hono<AppEnv>();
  // a list's count, kept a few seconds by its statement and dropped when its table's records change
  const counts = keptRecordCounts(db, { ms: keptCountsMs });

  /** The table a call names, once the caller may do `op` to it. */
  const tableFor = async <E extends AppEnv>(c: Context<E>, by: { id: number } | { component: string }, op: RecordOp): Promise<Schema> => {
    const s = c.get('session');
    const { allowed, ...schema } = await loadSchemaFor(db, s, by, { method: c.req.method, path: c.req.path.replace(/^\/manage/, ''), op });
    if (!allowed) throw new ApiError(FORBIDDEN, { result: 403 });
    // the table's and its fields' English labels, which a refusal to an English request says them by (made only then)
    c.set('englishNames', () => englishLabels(schema));
    return schema;
  };

  const recordOf = async (s: SessionInfo, schema: Schema, id: number): Promise<StoredRecord> => {
    const row = await stored.recordById(db, s.tenantId, schema, id);
    if (!row) throw new ApiError('记录不存在或已被删除');
    const depart = departmentField(schema.fields);
    if (depart) {
      const d = row.data[String(depart.id)];
      if (!inScope(departmentScope(s), typeof d === 'number' ? [d] : [])) {
        throw new ApiError('没有数据访问权限', { type: 'departNoPermisson', values: typeof d === 'number' ? [d] : [] });
      }
    }
    return row;
  };

  /**
   * Checks a record's values for saving: each by its field's rule, references against the referenced table's rows
   * of this tenant, departments against the tenant's and the caller's scope. `before` is the stored record (an
   * edit): fields the call leaves out keep their value, and a phone sent back masked stays as it was.
   */
  const checkValues = async (
    s: SessionInfo,
    schema: Schema,
    values: Record<string, unknown>,
    before: StoredRecord | null,
  ): Promise<Record<string, unknown>> => {
    const data: Record<string, unknown> = before ? { ...before.data } : {};
    for (const f of schema.fields) {
      const key = String(f.id);
      // own keys only: a field named like Object.prototype's members (constructor, toString) is a plain field here
      const given = Object.hasOwn(values, f.name);
      if (!given) {
        if (before) continue;
        const d = f.defaultValue;
        if (d !== null && d !== undefined && d !== '') {
          data[key] = d;
          continue;
        }
      }
      const raw = given ? values[f.name] : undefined;
      if (
        f.type === 'phone' &&
        before &&
        typeof raw === 'string' &&
        typeof before.data[key] === 'string' &&
        isMaskedOf(raw, before.data[key] as string)
      ) {
        continue;
      }
      const r = recordValue(f, raw);
      if ('problem' in r) throw refuse(f.name, r.problem);
      if (r.value === null) delete data[key];
      else data[key] = r.value;
    }
    for (const name of Object.keys(values)) {
      if (!schema.fields.some((f) => f.name === name)) throw refuse(name, `“${schema.table.label}”没有名为 ${name} 的字段`);
    }
    const scope = departmentScope(s);
    for (const f of schema.fields) {
      const v = data[String(f.id)];
      if (typeof v !== 'number') continue;
      if (f.type === 'reference') {
        if (!(await stored.recordExists(db, s.tenantId, f.refTableId, v))) throw refuse(f.name, `所选的${f.label}不存在或已被删除`);
      }
      if (f.type === 'department') {
        if (!(await departs.departExists(db, s.tenantId, v))) throw refuse(f.name, `所选的${f.label}不存在`);
        if (!inScope(scope, [v]) && before?.data[String(f.id)] !== v) throw refuse(f.name, `你没有“${f.label}”所选部门的数据权限`);
      }
    }
    return data;
  };

  /** A record refused by a unique field's index names that field. */
  const duplicateOf = (schema: Schema) => (index: string) => {
    const f = violatedField(index, schema.fields);
    return f ? refuse(f.name, `已有相同${f.label}的记录`) : new ApiError('已有相同的记录');
  };

  const title = (schema: Schema, data: Record<string, unknown>, id?: number) => {
    const t = titleField(schema.fields);
    const v = t ? data[String(t.id)] : undefined;
    return v !== undefined && v !== null ? String(v) : id !== undefined ? `#${id}` : '';
  };

  /** The table a menu component's page renders, or null when the tenant's dictionary has none (module not installed). */
  // Each records call names its table, checked again per table (recordHeld, in loadSchemaFor).
  mount(app, recordApi.schema, async (c) => {
    const { component } = c.var.body;
    const s = c.get('session');
    if (!(await stored.tableRenders(db, s.tenantId, component))) return ok(null);
    const schema = await tableFor(c, { component }, 'view');
    const answer: RecordSchema = {
      table: {
        id: schema.table.id,
        name: schema.table.name,
        label: schema.table.label,
        labelEn: schema.table.labelEn,
        remark: schema.table.remark,
        component,
      },
      fields: schema.fields,
      codes: codesOf(schema.table.name),
    };
    return ok(answer);
  });

  mount(app, recordApi.list, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const schema = await tableFor(c, { id: body.tableId }, 'view');
    const { pageNum, pageSize } = body;
    const params: unknown[] = [];
    const q = listQueryOf(body);
    const where = listWhere(s, schema, q, params);
    const keyset = listKeyset(schema, q);
    const { counted, ids: found } = await countAndFind(db, `FROM meta_record r WHERE ${where.sql}`, params, {
      walk: where.countWalk,
      dense: denseWalk(where),
      id: 'r.id',
      // A contains' every match the count found (at most exactCountUpTo), which a page whose walk falls short then
      // need not find again through the trigram index (pageRows); other filters find theirs again through a btree, and
      // a list without filters walks its first rows, so they take ids of few matches only (not 10,000 on every call).
      ...(where.matchFirst ? { foundUpTo: LIST_LIMITS.exactCountUpTo } : {}),
      keep: { counts, tag: String(schema.table.id) },
    });
    keyset.assertSortable(counted);
    // The next page after one the caller read is read from where that one ended (its sort key and id), with no OFFSET.
    const after = readPageCursor(body.after, keyset.accepts);
    // The page's ids are chosen first (sorting ids and keys only), then its rows read by them, in one statement: a
    // sort over the whole match would otherwise carry every matching row's columns (bench/records.bench.ts).
    const rows = await keyset.pageRows(db, where, params, {
      counted,
      found,
      limit: pageSize,
      offset: after ? 0 : (pageNum - 1) * pageSize,
      ...(after ? { cursor: after } : {}),
    });
    const last = rows.at(-1);
    return c.json({
      result: 'ok',
      values: present(schema, rows, await phoneView(db, s)),
      ...counted,
      ...(last && rows.length === pageSize ? { next: pageCursor(last.k, last.id) } : {}),
    });
  });

  mount(app, recordApi.detail, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const schema = await tableFor(c, { id: body.tableId }, 'view');
    const row = await recordOf(s, schema, body.id);
    const [record] = present(schema, [row], await phoneView(db, s));
    return ok(record);
  });

  /** Reference choices: records of the referenced table whose title contains the keyword (a searchable select). */
  mount(app, recordApi.options, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const schema = await tableFor(c, { id: body.tableId }, 'view');
    const field = schema.fields.find((f) => f.name === body.field && f.type === 'reference');
    if (!field || field.refTableId === null) throw new ApiError('没有这个引用字段');
    const { keyword, ids } = body;
    return ok(await stored.referenceChoices(db, s.tenantId, field.refTableId, refTitleOf(schema, field.refTableId), keyword, ids));
  });

  mount(app, recordApi.save, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { id, values } = body;
    const schema = await tableFor(c, { id: body.tableId }, id === null ? 'add' : 'edit');
    if (!schema.fields.length) throw new ApiError(`“${schema.table.label}”还没有字段，请先在数据字典中添加`);
    const before = id === null ? null : await recordOf(s, schema, id);
    const version = before ? editedVersion(body, '记录') : 0;
    const data = await checkValues(s, schema, values, before);
    const refs = schema.fields
      .filter((f) => f.type === 'reference' && f.refTableId !== null && typeof data[String(f.id)] === 'number')
      .map((f) => ({ tableId: f.refTableId!, id: data[String(f.id)] as number }));
    if (before === null) {
      // The referenced rows are locked for key share, so a parallel delete of one waits and then sees this row.
      const made = await onDuplicate(stored.insertRecord(db, s.tenantId, schema.table.id, s.userId, data, refs), duplicateOf(schema));
      if (made === undefined) throw new ApiError('所引用的记录刚被删除，请重新选择');
      await logWrite(db, s, schema.table, 'add', title(schema, data, made));
      return ok({ id: made, version: 1 });
    }
    const saved = await onDuplicate(
      stored.updateRecord(db, s.tenantId, schema.table.id, s.userId, { id: id!, version, data, refs }),
      duplicateOf(schema),
    );
    if (saved === undefined) {
      const now = await stored.recordVersion(db, s.tenantId, schema.table.id, id!);
      if (!now) throw new ApiError('记录不存在或已被删除');
      if (now.version !== version) throw staleEdit('这条记录', version, now.version, now.by);
      throw new ApiError('所引用的记录刚被删除，请重新选择');
    }
    await logWrite(db, s, schema.table, 'edit', title(schema, data, id!));
    return ok({ id: id!, version: saved });
  });

  mount(app, recordApi.remove, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const schema = await tableFor(c, { id: body.tableId }, 'del');
    const { id } = body;
    const row = await recordOf(s, schema, id);
    const ref = await stored.referencesTo(db, s.tenantId, schema.table.id, id);
    const name = title(schema, row.data, id);
    if (ref)
      throw new ApiError(`“${name}”被 ${ref.n} 条${ref.table_label}的“${ref.field_label}”引用，不能删除`, {}, [
        [ref.table_label, ref.table_label_en],
        [ref.field_label, ref.field_label_en],
      ]);
    // One statement: the record goes only if nothing references it at this moment.
    if (!(await stored.deleteUnreferencedRecord(db, s.tenantId, schema.table.id, id)))
      throw new ApiError(`“${name}”刚被其他记录引用，不能删除`);
    await logWrite(db, s, schema.table, 'del', name);
    return ok();
  });

  /** The list's rows (or, with `template`, only the header) for the browser to write as .xlsx, like the users page. */
  mount(app, recordApi.sheet, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { template } = body;
    const schema = await tableFor(c, { id: body.tableId }, template ? 'import' : 'export');
    const columns = schema.fields.map((f) => f.label);
    const day = todayIn(await tenantZone(db, s.tenantId));
    if (template)
      return ok({
        fileName: `${schema.table.label}导入模板.xlsx`,
        columns: schema.fields.map(templateHeading),
        rows: [exampleRow(schema.fields)],
      });
    const params: unknown[] = [];
    const q = listQueryOf(body);
    const where = listWhere(s, schema, q, params);
    const n = await stored.countWhere(db, where.sql, params);
    const rows = await stored.recordsWhere(db, schema, where.sql, params, listOrder(schema, q), RECORD_LIMITS.maxExportRows);
    const records = present(schema, rows, await phoneView(db, s));
    return c.json(
      ok({
        fileName: `${schema.table.label}-${day}.xlsx`,
        columns,
        rows: records.map((r) => schema.fields.map((f) => cellOf(f, ownValue(r.values, f.name), ownValue(r.labels, f.name)))),
        truncated: n > RECORD_LIMITS.maxExportRows,
      }),
    );
  });

  /**
   * The list's rows as a server job (beyond what the browser writes at once): counted under the list's filters, then
   * written slice by slice in the list's order by a keyset walk. With `jobId`, the caller's job's progress and, once
   * done, its download link; with `cancel`, a request to stop it.
   */
  mount(app, recordApi.exportJob, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const schema = await tableFor(c, { id: body.tableId }, 'export');
    if (body.jobId !== undefined) return ok(await (body.cancel ? exports.cancel(s, body.jobId) : exports.status(s, body.jobId)));
    const params: unknown[] = [];
    const q = listQueryOf(body);
    const where = listWhere(s, schema, q, params);
    const n = await stored.countWhere(db, where.sql, params);
    const keyset = listKeyset(schema, q);
    keyset.assertSortable({ count: n });
    const phone = await phoneView(db, s);
    const day = todayIn(await tenantZone(db, s.tenantId));
    const next = async (after: ListCursor | null, limit: number) => {
      const p = [...params];
      const at = (v: unknown) => `$${p.push(v)}`;
      const rows = await stored.keyedRecords(db, schema, `${where.sql}${after ? ` AND ${keyset.after(after, at)}` : ''}`, p, keyset, limit);
      const records = present(schema, rows, phone);
      const last = rows.at(-1);
      return {
        rows: records.map((r) => schema.fields.map((f) => cellOf(f, ownValue(r.values, f.name), ownValue(r.labels, f.name)))),
        cursor: last && rows.length === limit ? { k: last.k, id: last.id } : null,
      };
    };
    const columns = schema.fields.map((f) => f.label);
    return ok(await exports.start(s, `records:${schema.table.id}`, `${schema.table.label}-${day}.xlsx`, n, { columns, next }));
  });

  /**
   * multipart: tableId and file (.xlsx with the template's header). Every row is checked first; if any is wrong the
   * answer (ok, imported 0) lists each problem (row, column, why) and nothing is saved; else all rows are saved in one statement.
   */
  mount(app, recordApi.importSheet, async (c) => {
    const s = c.get('session');
    const { tableId, file } = c.var.body;
    const schema = await tableFor(c, { id: tableId }, 'import');
    const [header = [], ...body] = await readUploadedSheet(Buffer.from(await file.arrayBuffer()));
    const cell = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v)).trim();
    const labels = schema.fields.map((f) => f.label);
    // a heading as the template writes it (required columns marked) or as the label alone
    if (schema.fields.some((f, i) => cell(header[i]) !== f.label && cell(header[i]) !== templateHeading(f)))
      throw new ApiError(`表头须为：${labels.join('、')}（请下载模板后填写）`);
    const example = exampleRow(schema.fields).map(cell);
    const rows = body
      .map((r, i) => ({ row: i + 2, cells: schema.fields.map((_, j) => r[j]) }))
      .filter((r) => r.cells.some((x) => cell(x) !== ''))
      // the template's example row, left in the sheet as it was downloaded, is not a record
      .filter((r) => r.cells.some((x, j) => cell(x) !== example[j]));
    if (!rows.length) throw new ApiError('文件中没有要导入的行');
    if (rows.length > RECORD_LIMITS.maxImportRows)
      throw new ApiError(`一次最多导入 ${RECORD_LIMITS.maxImportRows} 行，这个文件有 ${rows.length} 行`);
    if (rows.some((r) => hasNul(r.cells.map(cell)))) throw new ApiError(NUL_MESSAGE);

    // Names a sheet may use for references (the referenced record's title) and departments (their names).
    const lookups = new Map<number, Map<string, number>>();
    for (const f of schema.fields) {
      if (f.type === 'reference' && f.refTableId !== null) {
        const t = refTitleOf(schema, f.refTableId);
        const found = t !== null ? await stored.recordTitles(db, s.tenantId, f.refTableId, t) : [];
        lookups.set(f.id, new Map(found.filter((x) => x.t !== null).map((x) => [x.t, x.id])));
      }
      if (f.type === 'department') {
        const scope = departmentScope(s);
        const found = await departs.tenantDeparts(db, s.tenantId);
        lookups.set(f.id, new Map(found.filter((d) => inScope(scope, [d.id])).map((d) => [d.depart_name, d.id])));
      }
    }
    const problems: Array<{ row: number; column: string; message: string }> = [];
    const seen = new Map<number, Map<string, number>>();
    const datas: Record<string, unknown>[] = [];
    for (const r of rows) {
      const data: Record<string, unknown> = {};
      schema.fields.forEach((f, j) => {
        let raw: unknown = r.cells[j];
        if (raw instanceof Date) raw = f.type === 'date' ? raw.toISOString().slice(0, 10) : raw.toISOString();
        if (typeof raw === 'number' && (f.type === 'text' || f.type === 'phone')) raw = String(raw);
        if ((f.type === 'reference' || f.type === 'department') && cell(raw) !== '') {
          const id = lookups.get(f.id)?.get(cell(raw));
          if (id === undefined) {
            problems.push({ row: r.row, column: f.label, message: `找不到${f.label}“${cell(raw)}”` });
            return;
          }
          raw = id;
        }
        if (cell(raw) === '' && f.defaultValue !== null && f.defaultValue !== undefined && f.defaultValue !== '') raw = f.defaultValue;
        const v = recordValue(f, raw);
        if ('problem' in v) problems.push({ row: r.row, column: f.label, message: v.problem });
        else if (v.value !== null) {
          data[String(f.id)] = v.value;
          if (f.unique) {
            const key = JSON.stringify(v.value);
            const byField = seen.get(f.id) ?? new Map<string, number>();
            seen.set(f.id, byField);
            const first = byField.get(key);
            if (first !== undefined) problems.push({ row: r.row, column: f.label, message: `与第 ${first} 行重复` });
            else byField.set(key, r.row);
          }
        }
      });
      datas.push(data);
    }
    for (const f of schema.fields.filter((x) => x.unique)) {
      const values = [...(seen.get(f.id)?.keys() ?? [])];
      if (!values.length) continue;
      for (const v of await stored.valuesTaken(db, schema.table.id, f.id, values)) {
        problems.push({ row: seen.get(f.id)!.get(v) ?? 0, column: f.label, message: `已有相同${f.label}的记录` });
      }
    }
    if (problems.length) {
      problems.sort((a, b) => a.row - b.row);
      // Checked, not saved: the dialog lists each problem (one message, where the user looks), in the console's language;
      // a column and a field in a message are named as the sheet's headings name them.
      const words = wordsFor(c);
      const listed = problems.slice(0, 500).map((p) => ({ ...p, message: words(p.message) }));
      return ok({ imported: 0, problems: listed, total: problems.length });
    }
    await onDuplicate(stored.insertRecords(db, s.tenantId, schema.table.id, s.userId, datas), duplicateOf(schema));
    await logWrite(db, s, schema.table, 'import', `${datas.length} 条`);
    return ok({ imported: datas.length });
  });

  return app;
}
