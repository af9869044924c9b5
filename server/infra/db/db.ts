import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { log } from '../logger.ts';
import { isDatabaseUnavailable, isPlanChanged } from './db-errors.ts';
import { Outage } from './outage.ts';
import { pgliteExtensions } from './pglite-extensions.ts';

/** How a query is run. */
/**
 * PostgreSQL's bigint (a bigserial id, a count) read as a number, as PGlite reads it, so both engines answer the same
 * JSON (the call table checks it); a value past 2^53 stays text rather than lose digits.
 */
const engineTypes =
  (pg: Pick<PgModule, 'types'>) =>
  (oid: number, format?: string): ((text: string) => unknown) => {
    if (oid === 20 && format !== 'binary') return (text) => (Number.isSafeInteger(Number(text)) ? Number(text) : text);
    return pg.types.getTypeParser(oid, format as 'text');
  };

export interface QueryOptions {
  /**
   * Plan it with this call's values every time, never with a plan kept from earlier calls: for a query whose best
   * plan depends on its values (a search pattern a trigram index serves, a filter on a skewed value).
   */
  plan?: 'per-call';
}

/** The options of a query whose plan depends on its values (a list's filters and search). */
export const PER_CALL: QueryOptions = { plan: 'per-call' };

/** What runs statements: the database itself, or one transaction of it (Db.transaction). */
export interface Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs one statement, kept prepared under a name of its text: PostgreSQL then parses it once and may reuse its
   * plan (on PGlite, server/infra/db/pglite-statements.ts; on PostgreSQL, per connection, unless DATABASE_POOLER
   * says a pooler in transaction mode stands between: then every statement is unnamed).
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
}

/** The few database operations the server uses; PGlite and PostgreSQL both provide them. */
export interface Db extends Queryable {
  /**
   * Runs `fn`'s statements as one transaction: they all commit, or none does (an error, or the database going away
   * mid-way, rolls it back). `fn` must run its statements on `tx`, never on the Db: on PGlite the Db waits for the
   * transaction to end.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements (no parameters); used by migrations. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` while holding the database-wide start-up lock (PostgreSQL: an advisory lock), so that two server
   * processes starting at once do not both migrate or seed. PGlite has one process by construction.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Cross-process messages: PostgreSQL LISTEN/NOTIFY, so every server process on the database hears them (its own
   * included); on PGlite, in-process. A listener also hears what the database's own triggers send (pg_notify), on
   * either engine. `listen` resolves once listening.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... runs on a PostgreSQL server; otherwise PGlite in dataDir. */
  databaseUrl?: string;
  /**
   * `transaction`: PostgreSQL is reached through a pooler in transaction mode (PgBouncer's pool_mode = transaction),
   * which hands each transaction any server connection: no named statements, and the start-up lock held by an open
   * transaction. LISTEN then needs `listenUrl`.
   */
  pooler?: 'transaction';
  /** where LISTEN connects (PostgreSQL directly, or a pooler in session mode); default databaseUrl */
  listenUrl?: string;
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
  const db = options.databaseUrl ? await openPostgres(options) : await openPglite(options.dataDir);
  try {
    if (options.databaseUrl) await warnOfByteCtype(db);
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

/**
 * A PostgreSQL database whose LC_CTYPE is C (or POSIX) takes no Chinese character for part of a word: pg_trgm makes
 * no trigram of 张三 or 会员, so every contains-search of Chinese text (lists' keyword and text filters, the
 * operation log's page filter) reads every row instead of its index. Said at start, with the fix.
 */
async function warnOfByteCtype(db: Db) {
  const [row] = await db.query<{ ctype: string }>('SELECT datctype AS ctype FROM pg_database WHERE datname = current_database()');
  if (row && /^(C|POSIX)$/i.test(row.ctype)) {
    console.warn(
      `数据库的 LC_CTYPE 为 ${row.ctype}：中文不计入三元组索引，中文的包含搜索将逐行扫描。` +
        `请以 UTF-8 的字符分类新建数据库（如 CREATE DATABASE … TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'）后恢复数据。`,
    );
  }
}

/** DATA_DIR names a folder every user shares (/tmp): the database goes in a folder of its own. */
export class SharedDataDir extends Error {
  constructor(dataDir: string) {
    super(
      `数据目录 ${dataDir} 是共享目录（如 /tmp），不能存放数据库：请用 DATA_DIR 指定其下的一个子目录，如 ${path.join(dataDir, 'scrm-data')}`,
    );
  }
}

/** The data folder is someone else's: a second server on one PGlite folder loses acknowledged writes. */
export class DataDirInUse extends Error {}

/** A PGlite data folder that does not open: damaged, or not a database at all. Said plainly, never as a stack. */
export class DataDirBroken extends Error {
  constructor(dataDir: string, cause: unknown) {
    const why = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0].slice(0, 200);
    super(
      `无法打开数据目录 ${dataDir} 中的数据库（${why || '未知原因'}）：目录可能已损坏，或不是本程序的数据目录。` +
        `请从备份恢复（npm run restore -- <备份文件> --force），或用 DATA_DIR 指定另一个目录。`,
    );
  }
}

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
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // A shared folder (the sticky bit: /tmp, /var/tmp) is everyone's: made its owner's only below, it would lock every
  // other user and program out of it.
  if (statSync(dataDir).mode & 0o1000) throw new SharedDataDir(dataDir);
  // The database's files (PGlite writes them readable by all), its key and its uploads: its owner's only. A folder
  // of another owner that this process may write to anyway keeps its mode.
  try {
    chmodSync(dataDir, 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
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
  const { PreparedStatements } = await import('./pglite-statements.ts');
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = await PGlite.create(dataDir, { extensions: await pgliteExtensions() });
    await pg.query('SELECT 1');
  } catch (err) {
    unlock();
    throw new DataDirBroken(dataDir, err);
  }
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const statements = new PreparedStatements(pg);
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      if (options.plan !== 'per-call') return statements.query<T>(sql, params);
      return (await pg.query<T>(sql, params)).rows;
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          kind: 'pglite',
          query: async <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
            options.plan === 'per-call' ? (await tx.query<T>(sql, params)).rows : statements.inTransaction<T>(sql, params),
        }),
      ),
    async exec(sql) {
      await pg.exec(sql);
    },
    withStartupLock: (fn) => fn(),
    async listen(channel, fn) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(fn);
      // what the database sends itself (a trigger's pg_notify, migration 050) comes through PGlite's own LISTEN
      await pg.listen(channel, fn);
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

/** A fixed key for pg_advisory_xact_lock: migrations and seeding, one process at a time. */
const STARTUP_LOCK_KEY = 0x5c0d_0001;

/** How long a call waits for a new connection before the database counts as out of reach. */
const CONNECT_TIMEOUT_MS = 5_000;

type PgModule = typeof import('pg');
type PgClient = InstanceType<PgModule['Client']>;

/**
 * The LISTEN connection: a connection of its own (LISTEN belongs to a session, so never a pooled one), kept open. When
 * it drops (a restart, a failover) it is made again with a back-off doubling from 250 ms to 5 s, and every channel is
 * listened to again. What was notified while it was away is not heard: session events are hints (a browser whose
 * session was ended meanwhile is told so by its next call).
 */
class Listener {
  readonly #handlers = new Map<string, Set<(payload: string) => void>>();
  #client: PgClient | undefined;
  #everConnected = false;
  #retryMs = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  /** the first connection while it is being made: a second channel listened to meanwhile waits for it */
  #opening: Promise<void> | undefined;

  constructor(private readonly connect: () => PgClient) {}

  async listen(channel: string, fn: (payload: string) => void): Promise<void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    const known = this.#handlers.get(channel);
    if (known) {
      known.add(fn);
      return;
    }
    this.#handlers.set(channel, new Set([fn]));
    if (!this.#client && !this.#everConnected && !this.#timer) {
      // One connection for every channel: two channels listened to at once (the session events and the records'
      // counts, both at start) made two, and the first was never closed (a process that could not exit).
      if (!this.#opening) {
        this.#opening = this.#open().finally(() => (this.#opening = undefined));
        return this.#opening;
      }
      await this.#opening;
    }
    if (this.#client) {
      // A connection dropping now is met by its 'error' handler, which listens to every channel again.
      await this.#client
        .query(`LISTEN ${channel}`)
        .catch((err: unknown) => log.warn({ err, channel }, 'LISTEN failed; retried on reconnect'));
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#client?.end().catch(() => {});
  }

  async #open(): Promise<void> {
    const client = this.connect();
    client.on('notification', (msg) => this.#handlers.get(msg.channel)?.forEach((h) => h(msg.payload ?? '')));
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.end().catch(() => {});
      this.#retry();
      throw err;
    }
    if (this.#closed) return void client.end().catch(() => {});
    if (this.#everConnected) log.info({ channels: [...this.#handlers.keys()] }, 'PostgreSQL LISTEN connection restored');
    this.#client = client;
    this.#everConnected = true;
    this.#retryMs = 0;
  }

  #lost(client: PgClient, err?: Error) {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#closed) return;
    log.warn({ err }, 'PostgreSQL LISTEN connection lost; reconnecting');
    client.end().catch(() => {});
    this.#retry();
  }

  #retry() {
    if (this.#closed || this.#timer) return;
    this.#retryMs = Math.min(5_000, this.#retryMs ? this.#retryMs * 2 : 250);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#open().catch((err: unknown) => log.warn({ err }, 'PostgreSQL LISTEN connection not restored yet'));
    }, this.#retryMs);
    this.#timer.unref();
  }
}

async function openPostgres(options: DbOptions): Promise<Db> {
  const { default: pg } = await import('pg');
  const url = options.databaseUrl!;
  const unnamed = options.pooler === 'transaction';
  // A connection keeps the statements it prepared (below) while it lives: recycled every ten minutes, none piles up.
  const pool = new pg.Pool({
    connectionString: url,
    types: { getTypeParser: engineTypes(pg) },
    max: 10,
    maxLifetimeSeconds: 600,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection's error (the server restarted, a failover) would otherwise end the process: the pool drops
  // that connection and the next call makes a new one.
  pool.on('error', (err) => log.warn({ err }, 'an idle PostgreSQL connection was lost'));
  const outage = new Outage();
  const statements = new StatementNames();
  const listener = new Listener(
    () => new pg.Client({ connectionString: options.listenUrl ?? url, types: { getTypeParser: engineTypes(pg) }, keepAlive: true }),
  );
  type Target = Pick<InstanceType<PgModule['Pool']>, 'query'>;
  const run = async <T>(target: Target, sql: string, params: unknown[], plan: QueryOptions['plan']): Promise<T[]> => {
    if (plan === 'per-call' || unnamed) return (await target.query(sql, params)).rows as T[];
    // A named statement is parsed once per connection, and its plan may be reused as on PGlite.
    const named = () => target.query({ name: statements.name(sql), text: sql, values: params });
    try {
      return (await named()).rows as T[];
    } catch (err) {
      // A table's columns changed under a kept plan (another process migrated): prepared anew under a new name.
      if (!isPlanChanged(err)) throw err;
      statements.renew(sql);
      return (await named()).rows as T[];
    }
  };
  /** A connection of the pool for several statements; one that broke meanwhile is destroyed, not reused. */
  const withClient = async <T>(work: (client: InstanceType<PgModule['Client']>) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    // Lost between two statements: the next statement fails, and says so.
    const quiet = () => {};
    client.on('error', quiet);
    let broken: Error | undefined;
    try {
      return await work(client as unknown as PgClient);
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.off('error', quiet);
      client.release(broken);
    }
  };
  return {
    kind: 'postgres',
    query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      outage.run(() => run<T>(pool, sql, params, options.plan)),
    transaction: (fn) =>
      outage.run(() =>
        withClient(async (client) => {
          await client.query('BEGIN');
          try {
            const result = await fn({
              kind: 'postgres',
              query: (sql, params = [], options = {}) => run(client, sql, params, options.plan),
            });
            await client.query('COMMIT');
            return result;
          } catch (err) {
            if (!isDatabaseUnavailable(err)) await client.query('ROLLBACK').catch(() => {});
            throw err;
          }
        }),
      ),
    async exec(sql) {
      await outage.run(() => pool.query(sql));
    },
    withStartupLock: (fn) =>
      withClient(async (client) => {
        // A transaction's lock, held while `fn` works on other connections: released by the COMMIT, or by the server
        // when this connection drops. A session's lock (pg_advisory_lock) would be taken and released on whichever
        // server connection a pooler in transaction mode hands each statement, and could be left held.
        await client.query('BEGIN');
        try {
          await client.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
          const result = await fn();
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      }),
    listen: (channel, fn) => listener.listen(channel, fn),
    async notify(channel, payload) {
      await outage.run(() => pool.query('SELECT pg_notify($1, $2)', [channel, payload]));
    },
    async close() {
      await listener.close();
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
  await reportRepairs(db, applied);
  return applied;
}

/** What the migrations just applied repaired in existing rows (schema_repair), said once at the start that ran them. */
async function reportRepairs(db: Db, applied: string[]): Promise<void> {
  if (!applied.length) return;
  const [table] = await db.query<{ found: string | null }>(`SELECT to_regclass('schema_repair')::text AS found`);
  if (!table.found) return;
  const repairs = await db.query<{ version: string; what: string; rows: number }>(
    'SELECT version, what, rows FROM schema_repair WHERE version = ANY($1::text[]) ORDER BY at, version',
    [applied],
  );
  for (const r of repairs) console.warn(`数据库升级 ${r.version}：${r.what}（${r.rows} 行，详见 schema_repair 表）`);
}
