import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { log } from '../logger.ts';
import { isPlanChanged } from './db-errors.ts';

/** How a query is run. */
export interface QueryOptions {
  /**
   * Plan it with this call's values every time, never with a plan kept from earlier calls: for a query whose best
   * plan depends on its values (a search pattern a trigram index serves, a filter on a skewed value).
   */
  plan?: 'per-call';
}

/** The options of a query whose plan depends on its values (a list's filters and search). */
export const PER_CALL: QueryOptions = { plan: 'per-call' };

/** The few database operations the server uses; PGlite and PostgreSQL both provide them. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs one statement, kept prepared under a name of its text: PostgreSQL then parses it once and may reuse its
   * plan (on PGlite, server/infra/db/pglite-statements.ts; on PostgreSQL, per connection).
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs several statements (no parameters); used by migrations. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` while holding the database-wide start-up lock (PostgreSQL: an advisory lock), so that two server
   * processes starting at once do not both migrate or seed. PGlite has one process by construction.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Cross-process messages: PostgreSQL LISTEN/NOTIFY, so every server process on the database hears them (its own
   * included); on PGlite, in-process. `listen` resolves once listening.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... runs on a PostgreSQL server; otherwise PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** applies migrations up to this version only (a test building an earlier release's database) */
  migrateUpTo?: string;
}

/**
 * Opens the database, then, holding the start-up lock, applies the migrations it has not seen yet and runs
 * `prepare` (seeding): two processes starting at once on one PostgreSQL take turns, and the second sees the
 * first one's work.
 */
export async function openDb(options: DbOptions, prepare?: (db: Db) => Promise<void>): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  try {
    await db.withStartupLock(async () => {
      await migrate(db, options.migrateUpTo);
      await prepare?.(db);
    });
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

/** The data folder is someone else's: a second server on one PGlite folder loses acknowledged writes. */
export class DataDirInUse extends Error {}

const LOCK_FILE = 'scrm-server.lock';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the data folder for this process: a lock file created exclusively, holding our pid. A lock left by a
 * process that no longer runs (kill -9, power loss) is taken over; one held by a live process refuses.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirInUse(
          `数据目录 ${dataDir} 正被进程 ${pid} 使用：一个 PGlite 数据目录只能由一个服务进程打开。` +
            `请先停止该进程，或用 DATA_DIR 指定另一个目录；多个进程共享数据请使用 PostgreSQL（DATABASE_URL）。`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUse(`无法锁定数据目录 ${dataDir}`);
}

async function openPglite(dataDir: string): Promise<Db> {
  const unlock = lockDataDir(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes (substring search in lists) are an extension on PostgreSQL too (contrib, trusted since 13).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { PreparedStatements } = await import('./pglite-statements.ts');
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw err;
  }
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const statements = new PreparedStatements(pg);
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      if (options.plan !== 'per-call') return statements.query<T>(sql, params);
      return (await pg.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    withStartupLock: (fn) => fn(),
    async listen(channel, fn) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(fn);
    },
    async notify(channel, payload) {
      // Asynchronous, as a NOTIFY is: the sender never runs a listener inside its own request.
      queueMicrotask(() => listeners.get(channel)?.forEach((fn) => fn(payload)));
    },
    async close() {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
  };
}

/** SQL texts whose statement names a process keeps. */
const MAX_NAMED = 5000;

const hashName = (sql: string) => `scrm_${createHash('sha1').update(sql).digest('base64url')}`;

/**
 * Statement names on PostgreSQL connections: one per SQL text (a hash of it, worked out once per text), and a new
 * one for a text whose statement went stale. The names are kept for at most MAX_NAMED texts, then worked out anew.
 */
class StatementNames {
  readonly #names = new Map<string, string>();
  #renewals = 0;
  name(sql: string): string {
    return this.#names.get(sql) ?? this.#keep(sql, hashName(sql));
  }
  renew(sql: string): void {
    this.#keep(sql, `${hashName(sql)}_${++this.#renewals}`);
  }
  #keep(sql: string, name: string): string {
    if (this.#names.size >= MAX_NAMED) this.#names.clear();
    this.#names.set(sql, name);
    return name;
  }
}

/** A fixed key for pg_advisory_lock: migrations and seeding, one process at a time. */
const STARTUP_LOCK_KEY = 0x5c0d_0001;

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // A connection keeps the statements it prepared (below) while it lives: recycled every ten minutes, none piles up.
  const pool = new pg.Pool({ connectionString: url, max: 10, maxLifetimeSeconds: 600 });
  const statements = new StatementNames();
  // LISTEN needs a connection of its own that stays open; made on first listen.
  let listener: InstanceType<typeof pg.Client> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      if (options.plan === 'per-call') return (await pool.query(sql, params)).rows as T[];
      // A named statement is parsed once per connection, and its plan may be reused as on PGlite.
      const named = () => pool.query({ name: statements.name(sql), text: sql, values: params });
      try {
        return (await named()).rows as T[];
      } catch (err) {
        // A table's columns changed under a kept plan (another process migrated): prepared anew under a new name.
        if (!isPlanChanged(err)) throw err;
        statements.renew(sql);
        return (await named()).rows as T[];
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async listen(channel, fn) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        await listener.connect();
        listener.on('notification', (msg) => handlers.get(msg.channel)?.forEach((h) => h(msg.payload ?? '')));
        // A lost listening connection would silently stop the pushes: fail loudly instead.
        listener.on('error', (err) => log.error({ err }, 'PostgreSQL LISTEN connection failed'));
      }
      let set = handlers.get(channel);
      if (!set) {
        handlers.set(channel, (set = new Set()));
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
        await listener.query(`LISTEN ${channel}`);
      }
      set.add(fn);
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Applies server/migrations/NNN_*.sql in order (up to `upTo` when given), each once, each in its own transaction. */
export async function migrate(db: Db, upTo?: string): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}_.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (upTo !== undefined && file > upTo) break;
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    // The version literal comes from our own file name pattern above, never from input.
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (version) VALUES ('${file}');\nCOMMIT;`);
    applied.push(file);
  }
  return applied;
}
