import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, PER_CALL, type Db } from '@server/infra/db/db.ts';
import { freshDatabase } from '../support/db-access.ts';

// The server's statements are kept prepared by name (PGlite and PostgreSQL alike): their answers must be those of a
// statement planned anew, through plans kept for many calls, columns changed underneath, and refusals.
describe('statements kept prepared', () => {
  const databaseUrl = inject('databaseUrl');
  let db: Db;
  let dir = '';

  beforeAll(async () => {
    if (databaseUrl) {
      db = await openDb({ dataDir: '', databaseUrl: await freshDatabase(databaseUrl, inject('pgTemplate')) });
    } else {
      dir = mkdtempSync(path.join(tmpdir(), 'scrm-statements-'));
      cpSync(inject('templateDir'), dir, { recursive: true });
      db = await openDb({ dataDir: dir });
    }
    await db.query('CREATE TABLE kept_t (id serial PRIMARY KEY, code text UNIQUE, kind int)');
    await db.query('INSERT INTO kept_t (code, kind) SELECT $1 || g, CASE WHEN g <= 3 THEN 1 ELSE 2 END FROM generate_series(1, 200) g', [
      'c',
    ]);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers each call with its own values, before and after its plan is kept, and per call when asked', async () => {
    const sql = 'SELECT count(*)::int AS n, min(code) AS first FROM kept_t WHERE kind = $1 AND code LIKE $2';
    for (let i = 0; i < 12; i++) {
      const kind = (i % 2) + 1;
      const expected = kind === 1 ? { n: 3, first: 'c1' } : { n: 197, first: 'c10' };
      expect(await db.query(sql, [kind, 'c%'])).toEqual([expected]);
      expect(await db.query(sql, [kind, 'c%'], PER_CALL)).toEqual([expected]);
    }
    expect(await db.query(sql, [1, 'x%'])).toEqual([{ n: 0, first: null }]);
  });

  it('prepares a statement anew when its table’s columns changed', async () => {
    const sql = 'SELECT * FROM kept_t WHERE id = $1';
    // on PostgreSQL, ten calls at once prepare the statement on every pooled connection (the pool holds ten), so
    // no retry can find a connection without the stale one
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 10 }, (_, k) => db.query(sql, [(k % 4) + 1])));
    expect(await db.query(sql, [1])).toEqual([{ id: 1, code: 'c1', kind: 1 }]);
    await db.query("ALTER TABLE kept_t ADD COLUMN note text DEFAULT 'n'");
    const answers = await Promise.all([1, 2, 3, 4].map((id) => db.query<{ id: number; note: string }>(sql, [id])));
    expect(answers.map(([row]) => [row.id, row.note])).toEqual([
      [1, 'n'],
      [2, 'n'],
      [3, 'n'],
      [4, 'n'],
    ]);
  });

  it('keeps a refusal’s code, and the next call works', async () => {
    const insert = 'INSERT INTO kept_t (code, kind) VALUES ($1, 1) RETURNING code';
    await expect(db.query(insert, ['c1'])).rejects.toMatchObject({ code: '23505' });
    expect(await db.query(insert, ['fresh'])).toEqual([{ code: 'fresh' }]);
  });

  it('runs a transaction’s statements together: all commit, or a failure leaves none of them', async () => {
    const insert = 'INSERT INTO kept_t (code, kind) VALUES ($1, 3) RETURNING id';
    const made = await db.transaction(async (tx) => {
      const [a] = await tx.query<{ id: number }>(insert, ['tx-a']);
      const [b] = await tx.query<{ id: number }>(insert, ['tx-b'], PER_CALL);
      return [a.id, b.id];
    });
    expect(made).toHaveLength(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['tx-c']);
        await tx.query(insert, ['tx-a']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['tx-d']);
        throw new Error('the handler refused after its first write');
      }),
    ).rejects.toThrow('refused');
    const rows = await db.query<{ code: string }>(`SELECT code FROM kept_t WHERE kind = 3 ORDER BY code`);
    expect(rows.map((r) => r.code)).toEqual(['tx-a', 'tx-b']);
    // Statements outside a transaction go on as before, side by side with one.
    const [side] = await Promise.all([
      db.query<{ n: number }>('SELECT count(*)::int AS n FROM kept_t WHERE kind = 3'),
      db.transaction((tx) => tx.query(insert, ['tx-e'])),
    ]);
    expect([2, 3]).toContain(side[0].n);
  });
});
