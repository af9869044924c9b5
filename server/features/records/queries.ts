import { PER_CALL, type Queryable } from '../../infra/db/db.ts';
import { likeEscape } from '../../infra/db/like.ts';
import { recordSelect, sqlId, type Schema, type StoredRecord } from '../../services/records.ts';

/*
 * The records' SQL (issue 44 part 4): the rows of a tenant's meta tables. The routes
 * (server/features/records/routes.ts) decide who may do what to which table and check the values; the statements are
 * here, each kept to its tenant and table. The list's WHERE and ORDER come from services/records.ts (listWhere,
 * listKeyset), which build them from the table's fields.
 */

/*
 * A statement kept prepared names its table's id in its text (sqlId), not as a parameter: its plan then holds that
 * table's partition alone (migration 042). With the id a parameter, the kept plan holds every table's partition and
 * prunes them at each call (0.5 ms on PGlite for one row).
 */

/** One record of a table of the tenant, or undefined. */
export async function recordById(db: Queryable, tenantId: number, schema: Schema, id: number): Promise<StoredRecord | undefined> {
  const [row] = await db.query<StoredRecord>(
    `SELECT ${recordSelect(schema)} FROM meta_record r WHERE r.id = $1 AND r.table_id = ${sqlId(schema.table.id)} AND r.tenant_id = $2`,
    [id, tenantId],
  );
  return row;
}

/** Whether a table of the tenant has this record (a reference to no table: never). */
export async function recordExists(db: Queryable, tenantId: number, tableId: number | null, id: number): Promise<boolean> {
  if (tableId === null) return false;
  return (
    (await db.query(`SELECT 1 FROM meta_record WHERE id = $1 AND table_id = ${sqlId(tableId)} AND tenant_id = $2`, [id, tenantId])).length >
    0
  );
}

/** Whether a table of the tenant's dictionary/** Whether a table of the tenant's dictionary renders this page component. */
export async function tableRenders(db: Queryable, tenantId: number, component: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM meta_table WHERE tenant_id = $1 AND component = $2', [tenantId, component])).length > 0;
}

/** How many records match a list's WHERE (services/records.ts listWhere). */
export async function countWhere(db: Queryable, where: string, params: unknown[]): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM meta_record r WHERE ${where}`, params, PER_CALL);
  return n;
}

/** Records of a table matching a WHERE, each with its sort key `k` (a keyset's), in the keyset's order, at most `limit`. */
export const keyedRecords = (
  db: Queryable,
  schema: Schema,
  where: string,
  params: unknown[],
  keyset: { key: string; order: string },
  limit?: number,
) =>
  db.query<StoredRecord & { k: string | null }>(
    `SELECT ${recordSelect(schema)}, ${keyset.key} AS k FROM meta_record r WHERE ${where} ORDER BY ${keyset.order}${limit === undefined ? '' : ` LIMIT ${limit}`}`,
    params,
    PER_CALL,
  );

/** Records of a table matching a WHERE in an order, at most `limit`. */
export const recordsWhere = (db: Queryable, schema: Schema, where: string, params: unknown[], order: string, limit: number) =>
  db.query<StoredRecord>(
    `SELECT ${recordSelect(schema)} FROM meta_record r WHERE ${where} ORDER BY ${order} LIMIT ${limit}`,
    params,
    PER_CALL,
  );

/**
 * Choices for a reference: the referenced table's records whose title contains the keyword (or exactly `ids`, when
 * given), newest first, at most 20. `titleFieldId`: the referenced table's title field (null: records are named #id).
 */
export function referenceChoices(
  db: Queryable,
  tenantId: number,
  refTableId: number,
  titleFieldId: number | null,
  keyword: string,
  ids: number[],
) {
  const label = titleFieldId !== null ? `r.data ->> '${sqlId(titleFieldId)}'` : `'#' || r.id`;
  return db.query<{ id: number; label: string }>(
    `SELECT r.id::int AS id, COALESCE(${label}, '#' || r.id) AS label FROM meta_record r
      WHERE r.table_id = $1 AND r.tenant_id = $2
        AND (cardinality($4::bigint[]) > 0 AND r.id = ANY($4::bigint[]) OR cardinality($4::bigint[]) = 0 AND ($3 = '' OR ${label} ILIKE '%' || $3 || '%'))
      ORDER BY r.id DESC LIMIT 20`,
    [refTableId, tenantId, likeEscape(keyword), ids],
    PER_CALL,
  );
}

/** Every record of a table of the tenant by its title field's value (for a sheet naming references by title). */
export const recordTitles = (db: Queryable, tenantId: number, tableId: number, titleFieldId: number) =>
  db.query<{ id: number; t: string }>(
    `SELECT id::int AS id, data ->> '${sqlId(titleFieldId)}' AS t FROM meta_record WHERE table_id = ${sqlId(tableId)} AND tenant_id = $1`,
    [tenantId],
  );

/** A record's references: the table and the id of each referenced record. */
export type RecordRefs = ReadonlyArray<{ tableId: number; id: number }>;

/** References as the two arrays the statements below read ($tables, $ids: pair by pair), each pair once. */
function refArrays(refs: RecordRefs): [number[], number[]] {
  const pairs = [...new Map(refs.map((r) => [`${r.tableId}:${r.id}`, r])).values()];
  return [pairs.map((r) => r.tableId), pairs.map((r) => r.id)];
}

/**
 * The referenced records a write locks for key share (a parallel delete of one waits, then sees the written row):
 * named by table too, so the statement reads the referenced tables' partitions only.
 */
const LOCKED_REFS = (tenant: string, tables: string, ids: string) =>
  `SELECT id FROM meta_record WHERE table_id = ANY(${tables}::int[]) AND tenant_id = ${tenant}
      AND (table_id, id) IN (SELECT * FROM unnest(${tables}::int[], ${ids}::bigint[])) FOR KEY SHARE`;

/**
 * A new record, in one statement that locks its referenced rows for key share (LOCKED_REFS); its id, or undefined
 * when a referenced row is gone. The unique indexes refuse a repeated value.
 */
export async function insertRecord(db: Queryable, tenantId: number, tableId: number, userId: number, data: object, refs: RecordRefs) {
  const [row] = await db.query<{ id: number }>(
    `WITH refs AS (${LOCKED_REFS('$1', '$5', '$6')})
     INSERT INTO meta_record (tenant_id, table_id, data, created_by, updated_by)
     SELECT $1, $2, $3::jsonb, $4, $4 WHERE (SELECT count(*) FROM refs) = cardinality($6::bigint[])
     RETURNING id::int AS id`,
    [tenantId, tableId, JSON.stringify(data), userId, ...refArrays(refs)],
  );
  return row?.id;
}

/**
 * A record's data replaced if it is still at `version` and its referenced rows are there (LOCKED_REFS); its new
 * version, or undefined when either is not so.
 */
export async function updateRecord(
  db: Queryable,
  tenantId: number,
  tableId: number,
  userId: number,
  edit: { id: number; version: number; data: object; refs: RecordRefs },
) {
  const [row] = await db.query<{ version: number }>(
    `WITH refs AS (${LOCKED_REFS('$2', '$6', '$7')})
     UPDATE meta_record SET data = $3::jsonb, version = version + 1, updated_at = now(), updated_by = $4
      WHERE id = $1 AND table_id = ${sqlId(tableId)} AND tenant_id = $2 AND version = $5
        AND (SELECT count(*) FROM refs) = cardinality($7::bigint[])
      RETURNING version`,
    [edit.id, tenantId, JSON.stringify(edit.data), userId, edit.version, ...refArrays(edit.refs)],
  );
  return row?.version;
}

/** A record's version and who last changed it, or undefined. */
export async function recordVersion(db: Queryable, tenantId: number, tableId: number, id: number) {
  const [now] = await db.query<{ version: number; by: string | null }>(
    `SELECT r.version, u.nickname AS by FROM meta_record r LEFT JOIN app_user u ON u.id = r.updated_by
      WHERE r.id = $1 AND r.table_id = ${sqlId(tableId)} AND r.tenant_id = $2`,
    [id, tenantId],
  );
  return now;
}

/** A field of the tenant's tables whose records refer to this record (labels and how many), or undefined. */
export async function referencesTo(db: Queryable, tenantId: number, tableId: number, id: number) {
  const [ref] = await db.query<{ table_label: string; table_label_en: string; field_label: string; field_label_en: string; n: number }>(
    `SELECT t.label AS table_label, t.label_en AS table_label_en, f.label AS field_label, f.label_en AS field_label_en, count(*)::int AS n
       FROM meta_field f JOIN meta_table t ON t.id = f.table_id AND t.tenant_id = $2
       JOIN meta_record x ON x.table_id = f.table_id AND x.data -> f.id::text = to_jsonb($1::bigint)
      WHERE f.ref_table_id = $3 GROUP BY t.label, t.label_en, f.label, f.label_en LIMIT 1`,
    [id, tenantId, tableId],
  );
  return ref;
}

/** One statement: the record deleted only if nothing refers to it at this moment; whether it went. */
export async function deleteUnreferencedRecord(db: Queryable, tenantId: number, tableId: number, id: number): Promise<boolean> {
  const removed = await db.query(
    `DELETE FROM meta_record r WHERE r.id = $1 AND r.table_id = ${sqlId(tableId)} AND r.tenant_id = $2
        AND NOT EXISTS (SELECT 1 FROM meta_field f JOIN meta_record x ON x.table_id = f.table_id AND x.data -> f.id::text = to_jsonb(r.id)
                         WHERE f.ref_table_id = r.table_id)
      RETURNING r.id`,
    [id, tenantId],
  );
  return removed.length > 0;
}

/** Which of these values (as JSON text) a table's records already hold under a field. */
export async function valuesTaken(db: Queryable, tableId: number, fieldId: number, values: string[]): Promise<string[]> {
  const taken = await db.query<{ v: string }>(
    `SELECT (data -> '${sqlId(fieldId)}')::text AS v FROM meta_record WHERE table_id = ${sqlId(tableId)} AND (data -> '${sqlId(fieldId)}') = ANY($1::jsonb[])`,
    [values],
  );
  return taken.map((t) => t.v);
}

/** Many records in one statement (the unique indexes refuse a repeated value: the caller says which). */
export async function insertRecords(db: Queryable, tenantId: number, tableId: number, userId: number, datas: object[]): Promise<void> {
  await db.query(
    `INSERT INTO meta_record (tenant_id, table_id, data, created_by, updated_by)
     SELECT $1, $2, d, $3, $3 FROM jsonb_array_elements($4::jsonb) d`,
    [tenantId, tableId, userId, JSON.stringify(datas)],
  );
}
