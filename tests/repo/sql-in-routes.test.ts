import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every route file of the server: a feature's files but its queries file (server/features/<name>/). */
function routeFiles(dir = 'server/features'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? routeFiles(p) : p.endsWith('.ts') && name !== 'queries.ts' ? [p] : [];
  });
}
/** Statements a file runs: on the database or on a transaction of it (`db.query(`, `tx.query<…>(`, …). */
const statements = (file: string) => (readFileSync(file, 'utf8').match(/(?<!req)\.query\s*[<(]/g) ?? []).length;

/** SQL written in a file: a statement's opening words in its text. */
const sqlText = (file: string) => readFileSync(file, 'utf8').match(/\b(?:SELECT|INSERT INTO|DELETE FROM)\b|\bUPDATE [a-z_]+ SET\b/g) ?? [];

/**
 * Issue 44 part 4: a feature's SQL lives in its queries file (server/features/<name>/queries.ts), the routes decide
 * who may do what. No route file runs a statement or writes one.
 */
describe('SQL in route files', () => {
  const files = routeFiles();

  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files).toContain('server/features/users/routes.ts');
    expect(files).not.toContain('server/features/users/queries.ts');
  });

  it('no route file runs a statement (db.query, tx.query, …)', () => {
    expect(files.map((f) => [f, statements(f)]).filter(([, n]) => n !== 0)).toEqual([]);
  });

  it('no route file writes SQL', () => {
    expect(files.map((f) => [f, sqlText(f)]).filter(([, found]) => (found as string[]).length > 0)).toEqual([]);
  });

  it('the counters see a statement and SQL where there is one', () => {
    expect(statements('server/features/users/queries.ts')).toBeGreaterThan(0);
    expect(sqlText('server/features/users/queries.ts').length).toBeGreaterThan(0);
  });
});
