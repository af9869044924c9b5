import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { present, recordSelect, type Schema, type StoredRecord } from '@server/services/records.ts';
import type { MetaFieldRow } from '@/api/contract/records.ts';

/**
 * The labels a record's values show, read with the record (recordSelect) and put beside its values (present), on a
 * PGlite holding the columns they read: a reference shows the referenced record's title, a department its name, each
 * in the record's own tenant; what names nothing there shows as deleted. The API suites check the demo's lists on
 * both engines (tests/api/records.test.ts).
 */
const field = (id: number, name: string, type: MetaFieldRow['type'], refTableId: number | null = null): MetaFieldRow => ({
  id,
  tableId: 1,
  name,
  label: name,
  labelEn: '',
  type,
  options: [],
  refTableId,
  required: false,
  unique: false,
  searchable: false,
  listColumn: true,
  defaultValue: null,
  sort: id,
});

describe('record labels', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`
      CREATE TABLE meta_record (id bigint PRIMARY KEY, tenant_id int, table_id int, data jsonb, version int DEFAULT 1,
                                created_at timestamptz DEFAULT now(), updated_at timestamptz DEFAULT now());
      CREATE TABLE depart (id int PRIMARY KEY, tenant_id int, depart_name text);
      INSERT INTO depart VALUES (1, 1, '华东大区'), (2, 2, '别家的部门');
      -- table 2 (stores, title field 20) and table 3 (no title field) of tenant 1; a store of tenant 2
      INSERT INTO meta_record (id, tenant_id, table_id, data) VALUES
        (100, 1, 2, '{"20": "一号店"}'), (101, 1, 2, '{}'), (200, 2, 2, '{"20": "别家的店"}'), (300, 1, 3, '{"30": 5}');`);
  }, 60_000);
  afterAll(() => pg?.close());

  const schema: Schema = {
    table: { id: 1, tenantId: 1, name: 'member', label: '会员', labelEn: '', remark: '', component: 'x' },
    fields: [
      field(10, 'name', 'text'),
      field(11, 'store', 'reference', 2),
      field(12, 'dept', 'department'),
      field(13, 'thing', 'reference', 3),
    ],
    refTitles: new Map([
      [2, 20],
      [3, null],
    ]),
  };
  const labelsOf = async (s: Schema, data: object) => {
    const rows = (
      await pg.query<StoredRecord>(
        `SELECT ${recordSelect(s)} FROM (SELECT 1::bigint AS id, 1 AS tenant_id, 1 AS version, now() AS created_at, now() AS updated_at, $1::jsonb AS data) r`,
        [JSON.stringify(data)],
      )
    ).rows;
    return present(s, rows, (p) => p)[0].labels;
  };

  it('shows a reference by its record’s title and a department by its name', async () => {
    expect(await labelsOf(schema, { 10: '张三', 11: 100, 12: 1, 13: 300 })).toEqual({ store: '一号店', dept: '华东大区', thing: '#300' });
    // a referenced record without a title value is named by its id
    expect(await labelsOf(schema, { 11: 101 })).toEqual({ store: '#101' });
  });

  it('shows what names nothing in the record’s tenant as deleted: another tenant’s rows, gone rows, a table since deleted', async () => {
    expect(await labelsOf(schema, { 11: 200, 12: 2 })).toEqual({ store: '#200（已删除）', dept: '部门id为2' });
    expect(await labelsOf(schema, { 11: 999, 12: 99 })).toEqual({ store: '#999（已删除）', dept: '部门id为99' });
    const gone: Schema = { ...schema, refTitles: new Map([[3, null]]) };
    expect(await labelsOf(gone, { 11: 100 })).toEqual({ store: '#100（已删除）' });
  });

  it('gives no label to a value that is not an id, and reads a table without references as its columns alone', async () => {
    expect(await labelsOf(schema, { 11: '100', 12: 1.5, 13: -1 })).toEqual({ dept: '部门id为1.5', thing: '#-1（已删除）' });
    const plain: Schema = { ...schema, fields: [field(10, 'name', 'text')], refTitles: new Map() };
    expect(recordSelect(plain)).not.toMatch(/labels/);
    expect(await labelsOf(plain, { 10: '张三' })).toEqual({});
  });

  it('works out a value’s id once per row: the lookups compare a plain value with each row they read', async () => {
    // the record's id expression (jsonb and a regular expression) was the lookups' filter, evaluated on every row of a
    // small referenced table they scan whole: 4 of 5 ms for a page of 100 records referencing a table of 48
    const [{ plan }] = (
      await pg.query<{ plan: unknown }>(`EXPLAIN (FORMAT JSON) SELECT ${recordSelect(schema)} FROM meta_record r WHERE r.table_id = 1`)
    ).rows.map((row) => ({ plan: Object.values(row as object)[0] }));
    const lookups: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (/^[xd](_\d+)?$/.test(String(node.Alias))) lookups.push(`${String(node.Filter ?? '')} ${String(node['Index Cond'] ?? '')}`);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk((plan as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
    expect(lookups).toHaveLength(3);
    for (const condition of lookups) expect(condition).not.toMatch(/jsonb_typeof|~/);
  });

  it('reads more labels than one JSON object takes (100 arguments)', async () => {
    const many: Schema = { ...schema, fields: Array.from({ length: 60 }, (_, i) => field(100 + i, `d${i}`, 'department')) };
    const data = Object.fromEntries(many.fields.map((f) => [f.id, 1]));
    const labels = await labelsOf(many, data);
    expect(Object.keys(labels)).toHaveLength(60);
    expect(new Set(Object.values(labels))).toEqual(new Set(['华东大区']));
  });
});
