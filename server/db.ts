import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The few database operations the server uses; PGlite and PostgreSQL both provide them. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements (no parameters); used by migrations. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... runs on a PostgreSQL server; otherwise PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

/** Opens the database and applies the migrations the repository carries that it has not seen yet. */
export async function openDb(options: DbOptions): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}

async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pg.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async close() {
      await pg.close();
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies server/migrations/NNN_*.sql in order, each once, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}_.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    // The version literal comes from our own file name pattern above, never from input.
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (version) VALUES ('${file}');\nCOMMIT;`);
    applied.push(file);
  }
  return applied;
}
