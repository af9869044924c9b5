import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PreparedStatements } from '@server/infra/db/pglite-statements.ts';

// The server's PGlite queries go through named prepared statements (server/infra/db/pglite-statements.ts): they must
// answer exactly what PGlite's own query answers, keep refusals as they are, and stay bounded.
describe('prepared statements on PGlite', () => {
  let pg: PGlite;
  const kept = async () =>
    (await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'scrm\\_%'`)).rows[0].n;

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`CREATE TABLE t (id serial PRIMARY KEY, code text UNIQUE, n bigint, price numeric, ok boolean, at timestamptz, doc jsonb, tags text[]);
                   INSERT INTO t (code, n, price, ok, at, doc, tags) VALUES ('a', 1, 1.5, true, '2026-01-02T03:04:05Z', '{"x":1}', '{p,q}'),
                                                                         ('b', 2, NULL, false, NULL, NULL, '{}');`);
  }, 60_000);
  afterAll(() => pg?.close());

  it('answers what PGlite’s query answers, for every kind of value and parameter', async () => {
    const statements = new PreparedStatements(pg);
    const cases: Array<[string, unknown[]]> = [
      ['SELECT * FROM t ORDER BY id', []],
      ['SELECT id, code FROM t WHERE code = ANY($1::text[]) ORDER BY id', [['a', 'b']]],
      ['SELECT * FROM t WHERE id = ANY($1::int[])', [[1]]],
      [
        'SELECT $1::jsonb -> $2 AS v, $3::timestamptz AS at, $4::boolean AS b',
        [{ k: [1, 'x'] }, 'k', new Date('2026-05-06T07:08:09Z'), false],
      ],
      ["SELECT count(*) AS n FROM t WHERE ($1 = '' OR code = $1)", ['']],
      ["SELECT count(*) AS n FROM t WHERE ($1 = '' OR code = $1)", ['a']],
      ['SELECT $1::text AS nothing, $2::int AS undef', [null, undefined]],
      ['UPDATE t SET ok = ok WHERE id = $1', [2]],
    ];
    for (const [sql, params] of cases) {
      // twice: the second run reuses the statement
      for (let i = 0; i < 2; i++) expect(await statements.query(sql, params), sql).toEqual((await pg.query(sql, params)).rows);
    }
  });

  it('keeps a refusal’s code, and the next call works', async () => {
    const statements = new PreparedStatements(pg);
    const insert = 'INSERT INTO t (code) VALUES ($1) RETURNING id';
    await expect(statements.query(insert, ['a'])).rejects.toMatchObject({ code: '23505' });
    await expect(statements.query('SELEC 1', [])).rejects.toMatchObject({ code: '42601' });
    const [made] = await statements.query<{ id: number }>(insert, ['c']);
    expect(made.id).toBeGreaterThan(2);
    expect(await statements.query('SELECT code FROM t WHERE id = $1', [made.id])).toEqual([{ code: 'c' }]);
    expect(statements.size).toBe(2);
  });

  it('keeps at most its bound of statements, closing the least recently used', async () => {
    const before = await kept();
    const statements = new PreparedStatements(pg, 3);
    for (const n of [1, 2, 3, 1, 4, 5]) expect(await statements.query(`SELECT ${n} AS n, $1::int AS p`, [n])).toEqual([{ n, p: n }]);
    expect(statements.size).toBe(3);
    expect((await kept()) - before).toBe(3);
    // 1 was used again before 4 and 5 came: 2 and 3 went; all still answer
    for (const n of [2, 3, 1]) expect(await statements.query(`SELECT ${n} AS n, $1::int AS p`, [n])).toEqual([{ n, p: n }]);
    expect((await kept()) - before).toBe(3);
  });

  it('prepares a statement anew when its table’s columns changed, and answers with them', async () => {
    const statements = new PreparedStatements(pg);
    await pg.exec('CREATE TABLE u (a int); INSERT INTO u VALUES (1);');
    expect(await statements.query('SELECT * FROM u', [])).toEqual([{ a: 1 }]);
    await pg.exec('ALTER TABLE u ADD COLUMN b int DEFAULT 2');
    expect(await statements.query('SELECT * FROM u', [])).toEqual([{ a: 1, b: 2 }]);
    expect(statements.size).toBe(1);
  });

  it('answers calls made at once each with its own rows, refusals among them', async () => {
    const statements = new PreparedStatements(pg);
    const answers = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        i % 10 === 9
          ? statements.query('INSERT INTO t (code) VALUES ($1)', ['a'])
          : statements.query<{ v: number }>('SELECT $1::int * 2 AS v', [i]),
      ),
    );
    answers.forEach((a, i) => {
      if (i % 10 === 9) expect(a).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
      else expect(a).toEqual({ status: 'fulfilled', value: [{ v: i * 2 }] });
    });
  });
});
