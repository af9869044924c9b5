import type { SessionInfo } from '../access/auth.ts';
import type { RecordOp } from '../access/access.ts';
import { PER_CALL, type Db, type Queryable, type QueryOptions } from '../infra/db/db.ts';
import { ApiError, refuse } from '../infra/http/http.ts';
import { grantedRelations, heldRelations } from '../access/menu.ts';
import { departmentScope } from '../access/permissions.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';
import { isInstant } from '@/api/schema/kit.ts';
import { isDay, type MetaFieldRow, type MetaRecord, type RecordSchema } from '@/api/contract/records.ts';
import { fewMatches, inlineParams, manyMatches, type Counted, type CountWalk, type DenseWalk } from '../infra/db/count.ts';
import { charsOf, contains, containsText } from '../infra/db/like.ts';
import { indexKind, sortableBy } from '@/api/rules/record-rules.ts';

/**
 * The records engine: the rows of a meta table, per tenant, in meta_record.data (JSONB) under each
 * field's id. Everything here interpolates only integers read from the dictionary's own rows (table and field
 * ids), never a user's text; values always travel as parameters.
 */

export interface TableDef {
  id: number;
  tenantId: number;
  name: string;
  label: string;
  /** the label in English ('': the Chinese one is shown) */
  labelEn: string;
  remark: string;
  component: string;
}

export interface Schema {
  table: TableDef;
  fields: MetaFieldRow[];
  /** the title field of each table a reference field names (null: its records are named #id); a deleted one is absent */
  refTitles: ReadonlyMap<number, number | null>;
}

/** What a records call does to a table, and the button code (`<table>:<op>`) that allows it. */
export type { RecordOp };

const FIELD_SELECT = `f.id, f.table_id AS "tableId", f.name, f.label, f.label_en AS "labelEn", f.type, f.options, f.ref_table_id AS "refTableId",
  f.required, f.is_unique AS "unique", f.searchable, f.list_column AS "listColumn", f.default_value AS "defaultValue", f.sort`;

/** A dictionary id as SQL text: an integer, or a refusal (never anything a user typed). */
export const sqlId = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not an id: ${String(n)}`);
  return String(n);
};

/**
 * A records call's table (by id or by the menu component its page has) and its fields in order, in the caller's
 * tenant only, with the fields of the tables its references name (their titles label the references), and whether
 * the caller may do `op` to it (recordHeld): one statement.
 */
export async function loadSchemaFor(
  db: Queryable,
  s: SessionInfo,
  by: { id: number } | { component: string },
  call: { method: string; path: string; op: RecordOp },
): Promise<Schema & { allowed: boolean }> {
  // The relations the caller holds, by callAllowed's rule: $3 is the session's stored menu ids, else its user.
  const [relations, holder] = s.permissions
    ? [grantedRelations('$4', '$5', '$3::int[]'), s.permissions]
    : [heldRelations('$3', '$1', '$4', '$5'), s.userId];
  const [row] = await db.query<
    TableDef & { fields: MetaFieldRow[]; refFields: Record<string, Array<Pick<MetaFieldRow, 'id' | 'type'>>>; allowed: boolean }
  >(
    `SELECT t.id, t.tenant_id AS "tenantId", t.name, t.label, t.label_en AS "labelEn", t.remark, t.component,
            (SELECT COALESCE(json_agg(x ORDER BY x.sort, x.id), '[]') FROM (SELECT ${FIELD_SELECT} FROM meta_field f WHERE f.table_id = t.id) x) AS fields,
            (SELECT COALESCE(json_object_agg(rt.id, (SELECT COALESCE(json_agg(json_build_object('id', rf.id, 'type', rf.type) ORDER BY rf.sort, rf.id), '[]')
                                                    FROM meta_field rf WHERE rf.table_id = rt.id)), '{}')
               FROM meta_table rt WHERE rt.tenant_id = t.tenant_id
                AND rt.id IN (SELECT f.ref_table_id FROM meta_field f WHERE f.table_id = t.id)) AS "refFields",
            ${recordHeld('t', relations, '$6')} AS allowed
       FROM meta_table t WHERE t.tenant_id = $1 AND ${'id' in by ? 't.id = $2' : 't.component = $2'}`,
    [s.tenantId, 'id' in by ? by.id : by.component, holder, call.method, call.path, call.op],
  );
  if (!row) throw new ApiError('数据表不存在');
  const { fields, refFields, allowed, ...table } = row;
  return {
    table,
    fields,
    refTitles: new Map(Object.entries(refFields).map(([id, f]) => [Number(id), titleField(f)?.id ?? null])),
    allowed,
  };
}

/**
 * The title field of the table a reference field names (null: its records are named #id), read with the schema; a
 * table since deleted is refused as a missing one is.
 */
export function refTitleOf(schema: Schema, refTableId: number): number | null {
  const title = schema.refTitles.get(refTableId);
  if (title === undefined) throw new ApiError('数据表不存在');
  return title;
}

/** The field a record is known by (references show it): the first text field, else the first field. */
export const titleField = <F extends Pick<MetaFieldRow, 'type'>>(fields: readonly F[]): F | undefined =>
  fields.find((f) => f.type === 'text') ?? fields.find((f) => f.type !== 'image');

/** The buttons of a records page, `<table>:<op>`, and their names. */
export const RECORD_BUTTON_LABELS: ReadonlyArray<[Exclude<RecordOp, 'view'>, string]> = [
  ['add', '新增'],
  ['edit', '编辑'],
  ['del', '删除'],
  ['import', '导入'],
  ['export', '导出'],
];

export const codesOf = (tableName: string): RecordSchema['codes'] => ({
  add: `${tableName}:add`,
  edit: `${tableName}:edit`,
  del: `${tableName}:del`,
  import: `${tableName}:import`,
  export: `${tableName}:export`,
});

/**
 * The SQL boolean "the caller may do `op` to table `t` now", through the page-function relations: they hold a menu
 * row related to this call's interface (`relations`: the rows `m` the caller holds, by the access chain's rule,
 * callAllowed: among the session's stored menu ids when it has them, else through its roles) that is this table's page
 * (`view`) or its `<table>:<op>` button. The chain already checked that they hold some row related to the interface;
 * this narrows it to the table. A table without a page is no one's. (The stored ids are three times as quick as the
 * roles here: the roles' way reads every page the tenant is offered, 0.2 ms of a records call's 0.35 for its schema.)
 */
const recordHeld = (t: string, relations: string, op: string) =>
  `(${t}.component <> '' AND EXISTS (SELECT 1 ${relations}
      AND ((m.uri_type = 1 AND m.component = ${t}.component AND ${op} = 'view')
        OR (m.uri_type = 2 AND m.code = ${t}.name || ':' || ${op}
            AND EXISTS (SELECT 1 FROM menu p WHERE p.id = m.parent_id AND p.component = ${t}.component)))))`;

/**
 * How many rows of a list's order a filtered page reads at most before it sorts the matches instead (pageRows): about
 * 5 ms of reading on PostgreSQL, against a sort of the few matches a sparse filter has.
 */
const LIST_WALK = 10_000;

/**
 * Up to how many departments a scoped contains is matched through the trigram index that holds the department (one
 * index scan per department, OR-ed); a caller of more departments is matched as before (JSON, the department index).
 */
const SCOPE_TEXT_UP_TO = 8;

/**
 * Up to how many departments a scoped page without filters merges its departments' walks as they go (one UNION ALL
 * branch each, pageRows); a caller of more reads each department's walk whole, then sorts them (one statement whatever
 * their number: a plan of a branch per department grows with them).
 */
const SCOPE_MERGE_UP_TO = 16;

/**
 * A searchable text's trigram index also holds which run of 2^ID_RUN_BITS ids (16,384) each record's id is in, so a
 * contains in the order of ids reads its matches one run at a time from the newest (pageRows).
 */
const ID_RUN_BITS = 14;

/**
 * How many rows of the order of ids a contains walks before it reads the runs (pageRows): a fragment of one row in
 * fifty finds its first page there, and a rarer one's walk costs about a millisecond.
 */
const RUNS_AFTER = 1_000;

/**
 * From how many matches (as the planner sizes them, or past exactCountUpTo as counted) a contains in the order of ids
 * reads runs rather than sorting every match (pageRows). Each run is one index scan, which costs most where the
 * fragment's other trigrams are common: about a thousand matches far down a million members (压测会员313) were read in
 * 42 runs in 45-90 ms, and are sorted in 5; 111,111 (会员7) are sorted in 45-90 ms, and read in three runs in 6-11.
 */
const RUNS_FROM = 20_000;

type IndexedField = Pick<MetaFieldRow, 'id' | 'type' | 'searchable' | 'unique'>;

/**
 * The partition of meta_record that holds one meta table's records (migration 042: made and dropped with the table
 * by a trigger). A query that names the table's id is planned on it alone, weighing its own indexes only.
 */
export const recordPartition = (tableId: number): string => `meta_record_t${sqlId(tableId)}`;

/**
 * What a table's records want, by name, each with the statement that makes it (on the table's partition, so without
 * a predicate):
 * - a field's own index (indexKind): a trigram field's also holds the characters each value has, for fragments too
 *   short for trigrams (one index, not two), with statistics on them (a common character is found by walking the
 *   list's order, a rare one by the index); statistics on the value, which give the planner the value's
 *   distribution, so a filter's count is estimated from the data (约 252,645 条) and it picks the index that finds a
 *   page's rows first (without them a text's contains guessed 100 rows of a million for any fragment, and sorted a
 *   million members matching 压测会员 where walking the sort's index finds a page at once);
 * - a unique field a unique index, the one arbiter between parallel saves (PostgreSQL runs them at once);
 * - on a table with a department field (its first, as departmentField), the indexes a department-scoped list walks,
 *   department first and then the list's order: (department, id) for the newest first, (department, updated_at, id),
 *   and (department, value, id) for every other field with a btree. A staff member's list then reads their
 *   departments' rows in order instead of filtering the whole tenant's (bench/scale.bench.ts).
 */
function wantedIndexes(tableId: number, fields: readonly IndexedField[]) {
  const on = recordPartition(tableId);
  const indexes = new Map<string, { sql: string; gin: boolean }>();
  const statistics = new Map<string, string>();
  const depart = departmentField(fields);
  for (const field of fields) {
    const fid = sqlId(field.id);
    const kind = indexKind(field);
    if (kind === 'trigram') {
      const chars = charsOf(`(data ->> '${fid}')`);
      // With a department field the index also holds each record's department (btree_gin), so a scoped caller's
      // contains is one scan of it (listWhere): ANDed with the department's btree, a fragment of a few thousand
      // matches read a bitmap of a third of the table (35-85 ms at a million members).
      // It also holds each id's run (ID_RUN_BITS: `_r`), which a contains in the order of ids reads one at a time.
      const name = depart ? `meta_rec_s_${fid}_d${sqlId(depart.id)}_r` : `meta_rec_s_${fid}_r`;
      const scoped = depart ? `, (data ->> '${sqlId(depart.id)}')` : '';
      indexes.set(name, {
        sql: `CREATE INDEX ${name} ON ${on} USING gin ((data ->> '${fid}') gin_trgm_ops, (${chars})${scoped}, (id >> ${ID_RUN_BITS}))`,
        gin: true,
      });
      statistics.set(`meta_rec_xc_${fid}`, `CREATE STATISTICS meta_rec_xc_${fid} ON (${chars}) FROM ${on}`);
      statistics.set(`meta_rec_xt_${fid}`, `CREATE STATISTICS meta_rec_xt_${fid} ON (data ->> '${fid}') FROM ${on}`);
    } else if (kind === 'btree') {
      indexes.set(`meta_rec_s_${fid}`, { sql: `CREATE INDEX meta_rec_s_${fid} ON ${on} ((data -> '${fid}'))`, gin: false });
      statistics.set(`meta_rec_x_${fid}`, `CREATE STATISTICS meta_rec_x_${fid} ON (data -> '${fid}') FROM ${on}`);
    }
    if (field.unique) {
      indexes.set(`meta_rec_u_${fid}`, {
        sql: `CREATE UNIQUE INDEX meta_rec_u_${fid} ON ${on} ((data -> '${fid}')) WHERE data ? '${fid}'`,
        gin: false,
      });
    }
  }
  if (depart) {
    const [t, d] = [sqlId(tableId), sqlId(depart.id)];
    // the department as the text the trigram indexes hold it (listWhere), sized from the data
    statistics.set(`meta_rec_xd_${d}`, `CREATE STATISTICS meta_rec_xd_${d} ON (data ->> '${d}') FROM ${on}`);
    const scope = (name: string, columns: string) =>
      indexes.set(`meta_rec_t${t}_d${d}_${name}`, {
        sql: `CREATE INDEX meta_rec_t${t}_d${d}_${name} ON ${on} ((data -> '${d}'), ${columns})`,
        gin: false,
      });
    scope('id', 'id');
    scope('u', 'updated_at, id');
    for (const f of fields) if (f.id !== depart.id && indexKind(f) === 'btree') scope(sqlId(f.id), `(data -> '${sqlId(f.id)}'), id`);
  }
  return { indexes, statistics };
}

/**
 * Keeps the indexes and statistics of these tables' records (null: of every table) as their fields want them
 * (wantedIndexes): makes what is missing, drops what no field wants any more, and makes again a field's index whose
 * kind changed (a type change, only allowed while no record holds a value). In four reads and the changes: after a
 * field is saved or deleted, and at each start (a database made by an earlier release, or migration 042's partitions).
 */
export async function syncRecordIndexes(db: Queryable, tables: readonly number[] | null) {
  // a database still before migration 042 (a repair test seeds one at an earlier migration) gains them after it
  const [partitioned] = await db.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_partitioned_table WHERE partrelid = 'meta_record'::regclass) AS yes`,
  );
  if (!partitioned?.yes) return;
  const partitions = tables?.map(recordPartition) ?? null;
  const fields = await db.query<IndexedField & { tableId: number }>(
    `SELECT f.id, f.table_id AS "tableId", f.type, f.searchable, f.is_unique AS "unique" FROM meta_field f
      ${tables ? 'WHERE f.table_id = ANY($1::int[])' : ''} ORDER BY f.sort, f.id`,
    tables ? [tables] : [],
  );
  const haveIndexes = await db.query<{ name: string; gin: boolean }>(
    `SELECT i.indexname AS name, i.indexdef LIKE '% USING gin %' AS gin FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.indexname ~ '^meta_rec_'
          AND ${partitions ? 'i.tablename = ANY($1::text[])' : `i.tablename ~ '^meta_record_t[0-9]+$'`}`,
    partitions ? [partitions] : [],
  );
  const haveStatistics = await db.query<{ name: string }>(
    `SELECT s.stxname AS name FROM pg_statistic_ext s JOIN pg_class c ON c.oid = s.stxrelid
        WHERE s.stxnamespace = current_schema()::regnamespace AND s.stxname ~ '^meta_rec_'
          AND ${partitions ? 'c.relname = ANY($1::text[])' : `c.relname ~ '^meta_record_t[0-9]+$'`}`,
    partitions ? [partitions] : [],
  );
  const indexes = new Map<string, { sql: string; gin: boolean }>();
  /** each wanted statistics object's statement, and the partition it is on */
  const statistics = new Map<string, { sql: string; on: string }>();
  for (const tableId of new Set([...(tables ?? []), ...fields.map((f) => f.tableId)])) {
    const want = wantedIndexes(
      tableId,
      fields.filter((f) => f.tableId === tableId),
    );
    for (const [name, index] of want.indexes) indexes.set(name, index);
    for (const [name, sql] of want.statistics) statistics.set(name, { sql, on: recordPartition(tableId) });
  }
  const keptIndexes = new Set<string>();
  for (const have of haveIndexes) {
    const want = indexes.get(have.name);
    if (want && want.gin === have.gin) keptIndexes.add(have.name);
    else await db.query(`DROP INDEX IF EXISTS ${have.name}`);
  }
  for (const have of haveStatistics) if (!statistics.has(have.name)) await db.query(`DROP STATISTICS IF EXISTS ${have.name}`);
  const keptStatistics = new Set(haveStatistics.map((s) => s.name));
  for (const [name, index] of indexes) if (!keptIndexes.has(name)) await db.query(index.sql);
  const gather = new Set<string>();
  for (const [name, { sql, on }] of statistics) {
    if (keptStatistics.has(name)) continue;
    await db.query(sql);
    gather.add(on);
  }
  // Statistics made at a start (a release that wants new ones) describe rows that are already there: gathered now, or
  // the planner would guess until autovacuum next analyzed the table, which a table that rarely changes may never
  // need (a scoped contains then counted "约 10,001" of 150,000). A field saved later has no values yet.
  if (tables === null) for (const partition of gather) await db.query(`ANALYZE ${partition}`);
}

/** The field a unique-index violation names (meta_rec_u_<id>), for a message the user can act on. */
export function violatedField(index: string, fields: readonly MetaFieldRow[]): MetaFieldRow | undefined {
  const id = /^meta_rec_u_(\d+)$/.exec(index)?.[1];
  return id ? fields.find((f) => f.id === Number(id)) : undefined;
}

/** The first department field: it puts a record under department scope. */
export const departmentField = <F extends Pick<MetaFieldRow, 'type'>>(fields: readonly F[]): F | undefined =>
  fields.find((f) => f.type === 'department');

export interface ListQuery {
  filters: Record<string, string>;
  sortField: string | null;
  sortOrder: 'ascend' | 'descend' | null;
}

/**
 * The WHERE clause of a list: the table, the filters on searchable fields (a text contains, an option or a
 * reference equals, a number, date or time range `from~to`), and the caller's department scope when the table has
 * a department field (userType 0: the whole tenant; others: records of their departments).
 */
export interface ListWhere {
  /** the whole condition: table, tenant, filters and department scope */
  sql: string;
  /** the table and the tenant */
  base: string;
  /** the user's filters ('' for none) */
  filters: string;
  /** how its count walks (countMatches): by an index that stops at the bound, unless a text contains needs the planner */
  countWalk: CountWalk;
  /**
   * a contains that a trigram index answers: once counted exactly (at most LIST_LIMITS.exactCountUpTo), the count
   * hands over the matches' ids (foundUpTo) and a page's walk of the list's order reads no more rows than a quarter of
   * them before it sorts them; counted many, in the order of ids, the index reads them one run of ids at a time
   * (pageRows)
   */
  matchFirst: boolean;
  /**
   * a caller of one department (part of `base`): the table, the tenant and that department as a list of one, which
   * only the department's index (department, id) walks in the order of ids. Compared as one value, the planner walked
   * the primary key instead and read the rows of every department to find this one's (page 2,000: 140 ms, 65 by the
   * department's index).
   */
  one: { within: string; key: string } | null;
  /**
   * the range filters' bounds by the field's JSON (`r.data -> '<id>'`: a sort's key), e.g. `r.data -> '7' >= $2::jsonb
   * AND r.data -> '7' <= $3::jsonb`: a walk of that field's order reads from its bound, not from the list's first row
   */
  ranges: Readonly<Record<string, string>>;
  /** the department scope apart (null: the whole tenant, or a table without a department field) */
  scope: {
    /** the department field's JSON value */
    key: string;
    /** the placeholder of the caller's departments, as jsonb[] */
    departs: string;
    /** how many they are (two or more: one is part of `base`) */
    count: number;
  } | null;
}

/**
 * The rows a list's count may try first (countMatches' DenseWalk): a contains left to the planner (countWalk `plan`
 * with filters) is counted among the newest rows of the tenant's table, or of one department by its index; a caller
 * of several departments has none (their rows are no one index's walk).
 */
export function denseWalk(where: ListWhere): DenseWalk | undefined {
  if (where.countWalk !== 'plan' || where.filters === '' || where.scope) return undefined;
  const from = where.one
    ? `FROM meta_record r WHERE ${where.one.within} ORDER BY ${where.one.key} DESC, r.id DESC`
    : `FROM meta_record r WHERE ${where.base} ORDER BY r.id DESC`;
  return { from, where: where.filters };
}

export function listWhere(s: SessionInfo, schema: Schema, q: ListQuery, params: unknown[]): ListWhere {
  const tid = sqlId(schema.table.id);
  const parts = [`r.table_id = ${tid}`, `r.tenant_id = ${sqlId(s.tenantId)}`];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  let textContains = false;
  const ranges: Record<string, string> = {};
  /** a text contains that a trigram index answers, which holds the department too where there is one (ListWhere.matchFirst) */
  let matchFirst = false;
  // A value compared with a field's JSON is sent as JSON text cast to jsonb: a constant the planner folds, so it
  // reads the field's statistics (to_jsonb() is only stable, and left it guessing 0.5% for an enum matching a quarter).
  const json = (v: string | number | boolean) => `${p(JSON.stringify(v))}::jsonb`;
  for (const [name, raw] of Object.entries(q.filters)) {
    const value = raw.trim();
    if (!value) continue;
    const field = schema.fields.find((f) => f.name === name);
    if (!field) throw refuse(name, `没有名为 ${name} 的字段`);
    if (!field.searchable) throw refuse(name, `“${field.label}”不能用来筛选`);
    const fid = sqlId(field.id);
    const at = `r.data -> '${fid}'`;
    switch (field.type) {
      case 'text':
      case 'phone':
      case 'image': {
        const text = `(r.data ->> '${fid}')`;
        textContains = true;
        matchFirst ||= indexKind(field) === 'trigram';
        // Through the field's trigram index, or its index of characters for one or two (one % or 张 that no row has
        // was a scan of a million rows).
        parts.push(indexKind(field) === 'trigram' ? containsText(text, value, p, 'ilike') : `${text} ILIKE ${p(contains(value))}`);
        break;
      }
      case 'enum':
        parts.push(`${at} = ${json(value)}`);
        break;
      case 'boolean':
        if (value !== 'true' && value !== 'false') throw refuse(name, `“${field.label}”的筛选值须为 true 或 false`);
        parts.push(`${at} = ${json(value === 'true')}`);
        break;
      case 'reference':
      case 'department':
        if (!/^\d{1,15}$/.test(value)) throw refuse(name, `请选择${field.label}`);
        parts.push(`${at} = ${json(Number(value))}`);
        break;
      case 'number':
      case 'money':
      case 'date':
      case 'datetime': {
        const [from = '', to = ''] = value.split('~').map((x) => x.trim());
        const numeric = field.type === 'number' || field.type === 'money';
        const ok = (x: string) => !x || (numeric ? /^-?\d+(\.\d+)?$/.test(x) : field.type === 'date' ? isDay(x) : isInstant(x));
        if (!ok(from) || !ok(to)) throw refuse(name, `“${field.label}”的范围格式不正确`);
        const bound = (x: string) => json(numeric ? Number(x) : field.type === 'datetime' ? new Date(x).toISOString() : x);
        const range = [
          ...(from ? [`${at} >= ${bound(from)}`] : []),
          ...(to ? [`${at} ${field.type === 'datetime' ? '<' : '<='} ${bound(to)}`] : []),
        ];
        if (range.length === 0) break;
        parts.push(...range);
        ranges[at] = range.join(' AND ');
        break;
      }
    }
  }
  const [table, tenant, ...filters] = parts;
  const base = `${table} AND ${tenant}`;
  const filter = filters.join(' AND ');
  const sql = filter ? `${base} AND ${filter}` : base;
  const depart = departmentField(schema.fields);
  const held = depart ? departmentScope(s) : null;
  const scope = held && [...new Set(held)];
  // Every condition but a text contains is one that a btree of the partition answers (wantedIndexes): a count sized
  // large walks one and stops at its bound. With none (the whole table), the planner reads the first rows as they lie.
  const countWalk: CountWalk = !textContains && (filter !== '' || scope !== null) ? 'first' : 'plan';
  if (!depart || scope === null) return { sql, base, filters: filter, ranges, countWalk, matchFirst, one: null, scope: null };
  // Compared as JSON, so the department's indexes answer it (syncScopeIndexes). One department is part of the base:
  // its index walks the list's order as the tenant's does.
  const key = `r.data -> '${sqlId(depart.id)}'`;
  // With a contains that a trigram index answers, the matches are found as text beside the department in that one
  // index (wantedIndexes), one scan per department: the JSON comparison let the planner AND the trigrams' bitmap with
  // the department index's, a third of the table. The walks of the list's order keep the JSON form (`base`, `scope`).
  // (Each department is read from the JSON placeholder the walks use, so every statement uses every placeholder.)
  const asText = matchFirst && scope.length <= SCOPE_TEXT_UP_TO;
  const text = (json: string) => `(r.data ->> '${sqlId(depart.id)}') = (${json} #>> '{}')`;
  if (scope.length === 1) {
    const value = json(scope[0]);
    const one = `${key} = ${value}`;
    return {
      sql: `${sql} AND ${asText ? text(value) : one}`,
      base: `${base} AND ${one}`,
      filters: filter,
      ranges,
      countWalk,
      matchFirst,
      one: { within: `${base} AND ${key} = ANY(ARRAY[${value}])`, key },
      scope: null,
    };
  }
  const departs = `${p(scope.map((d) => JSON.stringify(d)))}::jsonb[]`;
  const inScope = asText ? `(${scope.map((_, i) => text(`(${departs})[${i + 1}]`)).join(' OR ')})` : `${key} = ANY(${departs})`;
  return {
    sql: `${sql} AND ${inScope}`,
    base,
    filters: filter,
    ranges,
    countWalk,
    matchFirst,
    one: null,
    scope: { key, departs, count: scope.length },
  };
}

/** A list's order: by a key (a field's value or the update time) then id, or by id alone. */
interface Sort {
  /** the SQL of the key; null: by id alone */
  key: string | null;
  dir: 'ASC' | 'DESC';
  /** the key may be missing (a field's value): missing values come last */
  nullable: boolean;
}

function sortOf(schema: Schema, q: ListQuery): Sort & { field?: MetaFieldRow } {
  const dir = q.sortOrder === 'ascend' ? 'ASC' : 'DESC';
  if (!q.sortField || !q.sortOrder) return { key: null, dir: 'DESC', nullable: false };
  if (q.sortField === 'createdAt') return { key: null, dir, nullable: false };
  if (q.sortField === 'updatedAt') return { key: 'r.updated_at', dir, nullable: false };
  const field = schema.fields.find((f) => f.name === q.sortField);
  if (!field) throw refuse('sortField', `没有名为 ${q.sortField} 的字段`);
  return { key: `r.data -> '${sqlId(field.id)}'`, dir, nullable: true, field };
}

const orderOf = ({ key, dir, nullable }: Sort) => (key ? `${key} ${dir}${nullable ? ' NULLS LAST' : ''}, r.id DESC` : `r.id ${dir}`);

/** ORDER BY of a list: a field's value (nulls last) or the record's times, newest first by default. */
export const listOrder = (schema: Schema, q: ListQuery): string => orderOf(sortOf(schema, q));

/** Where a keyset walk stands: the last row's key (as text, null when missing) and id. */
export interface ListCursor {
  k: string | null;
  id: number;
}

/**
 * The list's order as a keyset walk, for reading a whole list slice by slice (exports) without OFFSET, which reads
 * and drops every row before the slice: `key` selects the cursor's key (as text), `after` the rows past a cursor, in
 * `order` (the list's own, as listOrder gives it).
 */
export function listKeyset(schema: Schema, q: ListQuery) {
  const sort = sortOf(schema, q);
  const key = sort.key === null ? 'NULL::text' : `(${sort.key})::text`;
  const cast = sort.key === 'r.updated_at' ? 'timestamptz' : 'jsonb';
  const after = (cursor: ListCursor, p: (v: unknown) => string): string => {
    const id = p(cursor.id);
    if (sort.key === null) return `r.id ${sort.dir === 'DESC' ? '<' : '>'} ${id}`;
    // Past the last keyed row: the rows without a key, by id.
    if (cursor.k === null) return `(${sort.key} IS NULL AND r.id < ${id})`;
    const k = `${p(cursor.k)}::${cast}`;
    const beyond = `${sort.key} ${sort.dir === 'DESC' ? '<' : '>'} ${k}`;
    return `(${beyond} OR (${sort.key} = ${k} AND r.id < ${id})${sort.nullable ? ` OR ${sort.key} IS NULL` : ''})`;
  };
  /** whether a cursor's key is a value of this sort (a JSON value, or an instant for the times); a missing one always is */
  const accepts = (cursor: ListCursor): boolean => {
    if (cursor.k === null) return true;
    if (cast === 'timestamptz') return !Number.isNaN(Date.parse(cursor.k));
    try {
      JSON.parse(cursor.k);
      return true;
    } catch {
      return false;
    }
  };
  /** A page's rows, with their labels and sort keys, read by the ids `inner` (a query) chooses, in the list's order. */
  const rowsOf = (inner: string) =>
    `SELECT ${recordSelect(schema)}, ${key} AS k FROM meta_record r
      WHERE r.table_id = ${sqlId(schema.table.id)} AND r.id = ANY(ARRAY(${inner})) ORDER BY ${orderOf(sort)}`;
  /**
   * The first `reach` rows in the order of ids (`o`) meeting `where` and `c`, read one run of ids at a time
   * (ID_RUN_BITS) from the newest (the oldest going up), or from the run of `from`, a cursor's id (written in: the
   * walk beside it shares the placeholders, and each must be used); the runs before it hold no row past it, but would
   * all be read. The runs are read in turn, each in order, so the first `reach` rows are the page's and those before
   * it. Each run's matches are read through the trigram index and sorted (`r.id + 0`): the planner also walked the
   * primary key backwards, from the newest row, for each run, which passes over every run before it where a common
   * fragment is missing. A run holds at most 16,384 rows.
   */
  const idRuns = (where: ListWhere, o: Sort, reach: number, c: string, from?: number) => {
    const partition = recordPartition(schema.table.id);
    const [top, end, step] = o.dir === 'DESC' ? ['max', 'min', -1] : ['min', 'max', 1];
    const edge = (fn: string) => `(SELECT ${fn}(id) FROM ${partition})`;
    const first = from === undefined ? edge(top) : `${o.dir === 'DESC' ? 'LEAST' : 'GREATEST'}(${edge(top)}, ${sqlId(from)})`;
    return `SELECT y.id, y.k FROM generate_series(${first} >> ${ID_RUN_BITS}, ${edge(end)} >> ${ID_RUN_BITS}, ${step}) b(v)
      CROSS JOIN LATERAL (SELECT r.id, NULL AS k FROM meta_record r WHERE ${where.sql}${c} AND (r.id >> ${ID_RUN_BITS}) = b.v
        ORDER BY r.id + 0 ${o.dir} LIMIT ${reach}) y LIMIT ${reach}`;
  };
  /**
   * One page's rows in the list's order, chosen by their ids and read in the same statement: `limit` rows past
   * `offset`, or after `cursor`. A sort on a field's value
   * reads the rows that have one first, by the value's index (forwards or backwards), and the rows without one only
   * when the page reaches past them, by id: one ORDER BY … NULLS LAST over both could walk no index and sorted every
   * match (钻石卡 by points: 300 ms of a million members). Each read walks the list's order, or sorts the matches:
   * - few matches (`counted` found them all, at most LIST_LIMITS.alwaysExactUpTo): all of them first (by the ids the
   *   count found, `found`), then sorted. A walk of the order passes over nearly every row to find them (a rare
   *   nickname fragment: 0.6 s of a million). The count's ids of more (at most exactCountUpTo) give the page where
   *   its walk falls short, which then reads no more rows than a quarter of them;
   * - a caller under department scope walks each of their departments by its own index in the list's order
   *   (syncScopeIndexes: department, key, id) and merges the first rows of each: a filter over the whole tenant's
   *   order read three times the rows for a third of the members;
   * - with filters, a walk reads at most `LIST_WALK` rows of the order (of each department; more for a deep page) for
   *   the page's matches; one that finds fewer sorts the matches instead. The planner assumes matches spread evenly
   *   over the order; a fragment whose matches sit together (members who joined in one import) had it read 870,000
   *   rows for 20;
   * - a contains of many matches in the order of ids walks only `RUNS_AFTER` rows, then reads its matches one run of
   *   ids at a time (idRuns) rather than sorting them all.
   */
  const pageRows = async (
    db: Db,
    where: ListWhere,
    params: readonly unknown[],
    page: { limit: number; offset: number; cursor?: ListCursor; counted: Counted; found?: readonly number[] | null },
  ): Promise<Array<StoredRecord & { k: string | null }>> => {
    const { limit, offset, cursor } = page;
    const few = fewMatches(page.counted);
    // every match, when the count found them all (never an estimate; a contains' up to exactCountUpTo: foundUpTo)
    const found = page.found ?? null;
    // Counted none: there is no page to read.
    if (few && page.counted.count === 0) return [];
    // Each query numbers its own placeholders after the filters' values.
    const ids = async (o: Sort, take: number, skip: number, cond: (at: (v: unknown) => string) => string) => {
      const p = [...params];
      const c = cond((v) => `$${p.push(v)}`);
      /** the page's rows, read by the ids `ids` chooses, planned as `plan` says */
      const reader = (plan: QueryOptions | undefined) => (ids: string) =>
        db.query<StoredRecord & { k: string | null }>(rowsOf(ids), p, plan);
      const run = reader(PER_CALL);
      // A walk of the order is planned once per text and connection (a named statement; PostgreSQL keeps its plan once
      // a generic one is no worse), where its text repeats: the first page, or one after a cursor (no OFFSET, no count
      // of found ids written in). Its WHERE holds no filter value (they are its `hit` column's), so no value decides
      // its plan: the index of the order, read down to the page. Planned per call, a 0.3 ms page of members spent
      // 0.4 ms planning and more parsing (members by level at 100,000, 5 clients: PostgreSQL's CPU per call 2.8-3.1 ms
      // planned per call, 2.0-2.5 kept).
      const walkPlan = skip === 0 && !found ? undefined : PER_CALL;
      const walkRun = reader(walkPlan);
      const merged = `ORDER BY ${o.key ? `x.k ${o.dir}, x.id DESC` : `x.id ${o.dir}`} LIMIT ${take} OFFSET ${skip}`;
      const k = o.key ?? 'NULL';
      /** the page's ids among the rows meeting `within`, all of them read and then sorted */
      const sortedWithin = (within: string) =>
        `SELECT x.id FROM (SELECT r.id, ${k} AS k FROM meta_record r WHERE ${within}${c} OFFSET 0) x ${merged}`;
      const sorted = sortedWithin(where.sql);
      // The matches that the count found (their ids, every one of at most exactCountUpTo) are those rows, read by their
      // ids: finding them again by the filters was a second scan of the index the count read (a rare fragment: 8 of
      // 25 ms at a million members). The values are written into the text (inlineParams): the filters' own are no
      // longer used, and a value a statement does not use has no type.
      const byFound = found
        ? () => {
            const q = [...p];
            const within = sortedWithin(`${where.base} AND r.id = ANY($${q.push(found)}::bigint[])`);
            return db.query<StoredRecord & { k: string | null }>(inlineParams(rowsOf(within), q), [], PER_CALL);
          }
        : null;
      if (few) return byFound ? byFound() : run(sorted);
      const reach = take + skip;
      // A contains in the order of ids that the walk below does not fill reads its matches one run of ids at a time
      // (the trigram index holds each id's run), from the newest run (the oldest going up), until the runs read hold
      // the page: the matches of a run are read and sorted, never all of them, wherever they sit. Sorting every match
      // read all 111,111 of 会员7, which sit 200,000 rows down a million members. Its walk is short (RUNS_AFTER): a
      // common fragment's page is among the first rows, and the runs find a rarer one's.
      // (from a cursor's run when the page follows one: the rows past a cursor without a key are those below its id)
      const from = !o.key && cursor?.k === null ? cursor.id : undefined;
      const runs = where.matchFirst && !o.key && manyMatches(page.counted, RUNS_FROM) ? idRuns(where, o, reach, c, from) : null;
      /** the page when the walk below does not fill it: among the found ids, else by the runs or the matches sorted */
      const otherwise = () => byFound?.() ?? run(runs ? `SELECT x.id FROM (${runs}) x ${merged}` : sorted);
      const { base, filters, scope } = where;
      // The rows of the order meeting `within`: with filters, the matches among its first LIST_WALK (and more for a
      // deep page); without, the first rows themselves. With the matches' ids at hand (a contains counted exactly),
      // reading them costs about what walking as many rows does: the walk gives up after a quarter of them and sorts
      // them. Its usual window passed over 10,400 rows for a fragment of a few thousand matches in a million, and
      // failed where they sit together (测会员5: 3,702 of staff's members, none among the newest 3,702), then found
      // them again through the trigram index the count had read.
      const window = Math.max(
        reach,
        Math.min((runs ? RUNS_AFTER : LIST_WALK) + 20 * reach, found ? Math.ceil(found.length / 4) : Infinity),
      );
      // A range filter on the order's own key bounds the walk's index scan: the walk starts at the range's end instead
      // of passing over every row before it (members of level 2 joined in a span of 150 days, newest first: 10,200 rows
      // read with none of the span among them, then every match sorted; 27 ms of a page twice at 100,000 members).
      const keyRange = o.key ? where.ranges[o.key] : undefined;
      const walk = (within: string, bounded: boolean) =>
        bounded
          ? `SELECT w.id, w.k FROM (SELECT r.id, ${k} AS k, (${filters}) AS hit FROM meta_record r WHERE ${within}${keyRange ? ` AND ${keyRange}` : ''}${c}
               ORDER BY ${orderOf(o)} LIMIT ${window}) w WHERE w.hit LIMIT ${reach}`
          : `SELECT r.id, ${k} AS k FROM meta_record r WHERE ${within}${c} ORDER BY ${orderOf(o)} LIMIT ${reach}`;
      const bounded = filters !== '';
      if (!scope) {
        // One department's page in the order of ids, by that department's index (ListWhere.one).
        if (!bounded && !o.key && where.one) {
          const { within, key: depart } = where.one;
          return walkRun(
            `SELECT r.id FROM meta_record r WHERE ${within}${c} ORDER BY ${depart} ${o.dir}, r.id ${o.dir} LIMIT ${take} OFFSET ${skip}`,
          );
        }
        const walked = await walkRun(`SELECT x.id FROM (${walk(base, bounded)}) x ${merged}`);
        return !bounded || walked.length === take ? walked : otherwise();
      }
      // Each department's walk, merged; a bounded walk that found fewer than the page needs may have stopped short.
      const each = walk(`${base} AND ${scope.key} = d.v`, bounded);
      if (!bounded) {
        // Each department's walk as a branch of one UNION ALL, which the planner merges in order (Merge Append) and
        // reads only as far as the page: page 2,000 (40,020 rows) read 40,020 rows of each department, then sorted them.
        if (scope.count > SCOPE_MERGE_UP_TO)
          return walkRun(`SELECT x.id FROM unnest(${scope.departs}) d(v) CROSS JOIN LATERAL (${each}) x ${merged}`);
        const branch = (i: number) => `(${walk(`${base} AND ${scope.key} = (${scope.departs})[${i + 1}]`, false)})`;
        return walkRun(`SELECT x.id FROM (${Array.from({ length: scope.count }, (_, i) => branch(i)).join(' UNION ALL ')}) x ${merged}`);
      }
      // (A department whose walk found nothing has no row at all: the filled ones are counted.)
      const rows = await db.query<{ id: number; filled: number }>(
        `WITH w AS MATERIALIZED (SELECT d.v, y.id, y.k, count(*) OVER (PARTITION BY d.v) AS n
                                   FROM unnest(${scope.departs}) d(v) CROSS JOIN LATERAL (${each}) y)
         SELECT x.id, (SELECT count(DISTINCT v)::int FROM w WHERE n = ${reach}) AS filled FROM w x ${merged}`,
        p,
        walkPlan,
      );
      if (rows.length === 0 || rows[0].filled < scope.count) return otherwise();
      return db.query<StoredRecord & { k: string | null }>(rowsOf('SELECT unnest($1::bigint[])'), [rows.map((r) => Number(r.id))]);
    };
    if (!sort.key || !sort.nullable) return ids(sort, limit, offset, (at) => (cursor ? ` AND ${after(cursor, at)}` : ''));
    const value = sort.key;
    const reach = limit + offset;
    const valued =
      cursor?.k === null
        ? []
        : await ids(
            { ...sort, nullable: false },
            reach,
            0,
            (at) => ` AND ${value} IS NOT NULL${cursor ? ` AND ${after(cursor, at)}` : ''}`,
          );
    // (a range filter on the key matches no row without one)
    if (valued.length >= reach || where.ranges[value]) return valued.slice(offset);
    const missing = await ids(
      { key: null, dir: 'DESC', nullable: false },
      reach - valued.length,
      0,
      (at) => ` AND ${value} IS NULL${cursor?.k === null ? ` AND r.id < ${at(cursor.id)}` : ''}`,
    );
    return [...valued, ...missing].slice(offset, reach);
  };
  /**
   * Refuses this order for a list of `counted` rows when `sortableBy` says no (a field without a btree, past
   * LIST_LIMITS.exactCountUpTo rows): each page, or each slice of an export, would sort every match.
   */
  const assertSortable = (counted: Counted) => {
    const { field } = sort;
    if (field && !sortableBy(field, counted))
      throw refuse('sortField', `超过 ${LIST_LIMITS.exactCountUpTo} 条时不能按“${field.label}”排序，请先筛选`);
  };
  return { key, after, accepts, pageRows, assertSortable, order: orderOf(sort) };
}

export interface StoredRecord {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  data: Record<string, unknown>;
  /** the labels recordSelect reads with the row, by field id (none found: absent) */
  labels?: Record<string, string | null>;
}

const RECORD_COLUMNS = `r.id::int AS id, r.version, to_json(r.created_at) #>> '{}' AS "createdAt",
  to_json(r.updated_at) #>> '{}' AS "updatedAt", r.data`;

/**
 * A stored record's columns as the calls read them (`r`), with the labels its values show, read in the same statement:
 * a reference's label is the referenced record's title field ('#id' when it has none; a table without one: '#id'
 * too), a department's its name, each found in the record's own tenant. A value that names nothing there (deleted) has
 * no label. Each referenced table's id is written into the text: the lookup reads that table's partition alone.
 */
export function recordSelect(schema: Schema): string {
  const pairs: string[] = [];
  for (const f of schema.fields) {
    const fid = sqlId(f.id);
    // an id only from a JSON integer (a value of another kind names nothing), worked out once per row: a sub-SELECT of
    // the row alone is the lookup's InitPlan, where the bare expression was a filter the lookup evaluated (jsonb and a
    // regular expression) on every row it read of a small table, which it scans whole (48 rows: 4.2 ms of 100 rows' 5)
    const id = `(SELECT CASE WHEN jsonb_typeof(r.data -> '${fid}') = 'number' AND r.data ->> '${fid}' ~ '^[0-9]{1,15}$' THEN (r.data ->> '${fid}')::bigint END)`;
    if (f.type === 'reference' && f.refTableId !== null) {
      const title = schema.refTitles.get(f.refTableId);
      // a referenced table since deleted: every value names nothing
      if (title === undefined) continue;
      const t = title === null ? 'NULL' : `x.data ->> '${sqlId(title)}'`;
      pairs.push(
        `'${fid}', (SELECT COALESCE(${t}, '#' || x.id) FROM meta_record x
                     WHERE x.table_id = ${sqlId(f.refTableId)} AND x.tenant_id = r.tenant_id AND x.id = ${id})`,
      );
    } else if (f.type === 'department') {
      pairs.push(`'${fid}', (SELECT d.depart_name FROM depart d WHERE d.tenant_id = r.tenant_id AND d.id = ${id})`);
    }
  }
  if (!pairs.length) return RECORD_COLUMNS;
  // json_build_object takes at most 100 arguments: 50 labels to an object, joined
  const objects: string[] = [];
  for (let k = 0; k < pairs.length; k += 50) objects.push(`jsonb_build_object(${pairs.slice(k, k + 50).join(', ')})`);
  return `${RECORD_COLUMNS}, ${objects.join(' || ')} AS labels`;
}

/**
 * Records as the calls answer them: values by field name, phones as the privacy switch shows them to the caller,
 * and the labels of reference values (the referenced record's title) and department values (its name), which the rows
 * were read with (recordSelect).
 */
export function present(schema: Schema, rows: readonly StoredRecord[], phone: (p: string) => string): MetaRecord[] {
  return rows.map((r) => {
    const values: Record<string, unknown> = {};
    const shown: Record<string, string> = {};
    for (const f of schema.fields) {
      let v = r.data[String(f.id)];
      if (v === undefined) v = null;
      if (f.type === 'phone' && typeof v === 'string') v = phone(v);
      values[f.name] = v;
      const label = r.labels?.[String(f.id)];
      if (typeof v === 'number' && f.type === 'reference') shown[f.name] = label ?? `#${v}（已删除）`;
      if (typeof v === 'number' && f.type === 'department') shown[f.name] = label ?? `部门id为${v}`;
    }
    return { id: r.id, version: r.version, createdAt: r.createdAt, updatedAt: r.updatedAt, values, labels: shown };
  });
}

/** A write of the records service in the tenant's operation log (every write is there). */
export async function logWrite(db: Db, s: SessionInfo, table: TableDef, op: Exclude<RecordOp, 'view' | 'export'>, what: string) {
  const names = { add: '新增', edit: '编辑', del: '删除', import: '导入' } as const;
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  // operation_time is the spec's local text; created_at is the instant the lists read.
  const time = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  await db.query(
    `INSERT INTO operation_log (tenant_id, user_id, operation_time, operation_name, operation_code, system_name, page_code, page_name, operation_type, menu_name, menu_code, outcome)
     VALUES ($1, $2, $3, $4, $5, 'records', $6, $7, 'write', $7, $5, 'success')`,
    [s.tenantId, s.userId, time, `${names[op]}${table.label}：${what}`.slice(0, 200), `${table.name}:${op}`, table.component, table.label],
  );
}
