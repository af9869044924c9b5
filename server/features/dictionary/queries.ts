import type { Db, Queryable } from '../../infra/db/db.ts';
import { offeredTo } from '../../access/menu.ts';
import type { MetaFieldRow } from '@/api/contract/records.ts';
import type { MetaFieldInput } from '@/api/schema/system/meta-table.ts';
import type { MetaTableRow } from '@/api/table/meta.ts';

/*
 * The data dictionary's SQL (issue 44 part 4): a tenant's tables and their typed fields. The routes
 * (server/features/dictionary/routes.ts) decide what may change; the statements are here, each kept to its tenant.
 */

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

/** One table of the tenant, with how much it holds and where it is published, or undefined. */
export async function tableById(db: Queryable, tenantId: number, id: number): Promise<MetaTableRow | undefined> {
  const [row] = await db.query<MetaTableRow>(`SELECT ${TABLE_COLUMNS} FROM meta_table t WHERE t.id = $1 AND t.tenant_id = $2`, [
    id,
    tenantId,
  ]);
  return row;
}

/** A page of the tenant's tables whose name, label or remark contain the keyword, and how many match. */
export async function tablePage(db: Queryable, tenantId: number, keyword: string, pageNum: number, pageSize: number) {
  const where = `t.tenant_id = $1 AND ($2 = '' OR strpos(lower(t.name || ' ' || t.label || ' ' || t.remark), lower($2)) > 0)`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM meta_table t WHERE ${where}`, [tenantId, keyword]);
  const rows = await db.query<MetaTableRow>(`SELECT ${TABLE_COLUMNS} FROM meta_table t WHERE ${where} ORDER BY t.id LIMIT $3 OFFSET $4`, [
    tenantId,
    keyword,
    pageSize,
    (pageNum - 1) * pageSize,
  ]);
  return { rows, count: n };
}

type TableFields = { name: string; label: string; labelEn: string; remark: string; component: string };

/** A table added (id null) or changed; its id (the unique indexes refuse a taken name or component: the caller says which). */
export async function saveTable(db: Queryable, tenantId: number, id: number | null, f: TableFields): Promise<number> {
  const [row] =
    id === null
      ? await db.query<{ id: number }>(
          'INSERT INTO meta_table (tenant_id, name, label, remark, component, label_en) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [tenantId, f.name, f.label, f.remark, f.component, f.labelEn],
        )
      : await db.query<{ id: number }>(
          'UPDATE meta_table SET name = $3, label = $4, remark = $5, component = $6, label_en = $7, updated_at = now() WHERE id = $1 AND tenant_id = $2 RETURNING id',
          [id, tenantId, f.name, f.label, f.remark, f.component, f.labelEn],
        );
  return row.id;
}

/** The tenant's pages rendering a component, and their buttons. */
export async function entriesRendering(db: Queryable, tenantId: number, component: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT m.id FROM menu m WHERE m.component = $1 AND ${offeredTo('m', '$2')}
     UNION SELECT b.id FROM menu b JOIN menu p ON p.id = b.parent_id AND p.component = $1 AND ${offeredTo('p', '$2')}`,
    [component, tenantId],
  );
  return rows.map((r) => r.id);
}

/** Another table of the tenant with a field referring to this one (its label and the field's), or undefined. */
export async function referenceTo(db: Queryable, tenantId: number, tableId: number) {
  const [ref] = await db.query<{ table_label: string; table_label_en: string; field_label: string; field_label_en: string }>(
    `SELECT t.label AS table_label, t.label_en AS table_label_en, f.label AS field_label, f.label_en AS field_label_en FROM meta_field f JOIN meta_table t ON t.id = f.table_id
      WHERE f.ref_table_id = $1 AND f.table_id <> $1 AND t.tenant_id = $2 LIMIT 1`,
    [tableId, tenantId],
  );
  return ref;
}

/** A table deleted with its fields (ON DELETE CASCADE) and its records' partition (migration 042's trigger). */
export async function deleteTable(db: Queryable, tenantId: number, tableId: number): Promise<void> {
  await db.query('DELETE FROM meta_table WHERE id = $1 AND tenant_id = $2', [tableId, tenantId]);
}

/** A table's fields in order. */
export const fieldsOf = (db: Queryable, tableId: number) =>
  db.query<MetaFieldRow>(`SELECT ${FIELD_COLUMNS} FROM meta_field f WHERE f.table_id = $1 ORDER BY f.sort, f.id`, [tableId]);

/** One field of a table, or undefined. */
export async function fieldOfTable(db: Queryable, tableId: number, id: number): Promise<MetaFieldRow | undefined> {
  const [row] = await db.query<MetaFieldRow>(`SELECT ${FIELD_COLUMNS} FROM meta_field f WHERE f.id = $1 AND f.table_id = $2`, [
    id,
    tableId,
  ]);
  return row;
}

/** One field of the tenant's tables, or undefined. */
export async function fieldOfTenant(db: Queryable, tenantId: number, id: number): Promise<MetaFieldRow | undefined> {
  const [row] = await db.query<MetaFieldRow>(
    `SELECT ${FIELD_COLUMNS} FROM meta_field f JOIN meta_table t ON t.id = f.table_id AND t.tenant_id = $2 WHERE f.id = $1`,
    [id, tenantId],
  );
  return row;
}

/** A value records keep under an enum field that is not among `kept`, or undefined. */
export async function enumValueOutside(db: Queryable, tableId: number, fieldId: number, kept: string[]): Promise<string | undefined> {
  const [lost] = await db.query<{ v: string }>(
    `SELECT DISTINCT r.data ->> $2 AS v FROM meta_record r WHERE r.table_id = $1 AND r.data ? $2 AND NOT (r.data ->> $2 = ANY($3::text[])) LIMIT 1`,
    [tableId, String(fieldId), kept],
  );
  return lost?.v;
}

/** Whether two records of the table hold the same value under the field. */
export async function fieldHasRepeats(db: Queryable, tableId: number, fieldId: number): Promise<boolean> {
  const dup = await db.query(
    `SELECT 1 FROM meta_record r WHERE r.table_id = $1 AND r.data ? $2 GROUP BY r.data -> $2 HAVING count(*) > 1 LIMIT 1`,
    [tableId, String(fieldId)],
  );
  return dup.length > 0;
}

/** A field added (id null, last in the table) or changed; its id (the unique index refuses a taken name: the caller says so). */
export async function saveField(
  db: Queryable,
  tenantId: number,
  tableId: number,
  id: number | null,
  input: MetaFieldInput,
): Promise<number> {
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
  const [row] =
    id === null
      ? await db.query<{ id: number }>(
          `INSERT INTO meta_field (tenant_id, table_id, name, label, type, options, ref_table_id, required, is_unique, searchable, list_column, default_value, label_en, sort)
             VALUES ($12, $13, $1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10::jsonb, $11, COALESCE((SELECT max(sort) + 1 FROM meta_field WHERE table_id = $13), 0))
             RETURNING id`,
          [...params, tenantId, tableId],
        )
      : await db.query<{ id: number }>(
          `UPDATE meta_field SET name = $1, label = $2, type = $3, options = $4::jsonb, ref_table_id = $5, required = $6, is_unique = $7,
                    searchable = $8, list_column = $9, default_value = $10::jsonb, label_en = $11
              WHERE id = $12 AND table_id = $13 RETURNING id`,
          [...params, id, tableId],
        );
  return row.id;
}

/** The table marked as changed now. */
export async function touchTable(db: Queryable, tableId: number): Promise<void> {
  await db.query('UPDATE meta_table SET updated_at = now() WHERE id = $1', [tableId]);
}

/** A field deleted, its values leaving every record with it, together (one transaction). */
export async function deleteField(db: Db, tableId: number, fieldId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE meta_record SET data = data - $2, version = version + 1, updated_at = now() WHERE table_id = $1 AND data ? $2`, [
      tableId,
      String(fieldId),
    ]);
    await tx.query('DELETE FROM meta_field WHERE id = $1', [fieldId]);
  });
}
