import { serveApp } from '@server/infra/http/serve.ts';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '@server/app.ts';
import { openDb } from '@server/infra/db/db.ts';
import { seedDemo } from '@server/seed/seed.ts';
import { startServer, type RunningServer } from './start-server.ts';

/**
 * A new database in the cluster of `databaseUrl`, its URL: empty, or a copy of `template` (a database nobody is
 * connected to; PostgreSQL copies its files, which takes a fraction of the seeding it saves).
 */
export async function freshDatabase(databaseUrl: string, template?: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `scrm_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client(databaseUrl);
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (err) {
        // a server that just stopped may still hold the template for a moment ("being accessed by other users")
        if (!template || attempt >= 50 || !/accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A demo server a test can also reach behind the API (for states no call makes yet), and how to end it. */
export interface ServerWithDb {
  url: string;
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  /** where its export jobs write their files (another ExportJobs on its database must share it, as processes do) */
  exportDir: string;
  stop: () => Promise<void>;
}

/** How long a statement on the in-process PGlite holds the test's process before its query waits as long (serverWithDb). */
const HELD_MS = 100;

/**
 * A server of the calling file's or `describe` block's own (serverWithDb), started before its tests and stopped after
 * them. Its `url`, `query` and `stop` are the running server's once the tests start.
 */
export function ownServer(databaseUrl: string): ServerWithDb {
  let running: ServerWithDb | undefined;
  const current = () => {
    if (!running) throw new Error('the server starts before the tests (beforeAll)');
    return running;
  };
  beforeAll(async () => {
    running = await serverWithDb(databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });
  return {
    get url() {
      return current().url;
    },
    query: (sql, params) => current().query(sql, params),
    get exportDir() {
      return current().exportDir;
    },
    stop: () => current().stop(),
  };
}

/**
 * A demo server of the test's own, so that what the test changes behind the API touches no other test. On
 * PostgreSQL (`databaseUrl` of the suite's cluster): a fresh database in that cluster, a server process on it, and
 * a connection. On PGlite, whose database lives inside the server's process: a demo server in this process (real
 * HTTP on a free loopback port, its own data folder).
 */
export async function serverWithDb(databaseUrl: string): Promise<ServerWithDb> {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const url = await freshDatabase(databaseUrl, inject('pgTemplate'));
    const server = await startServer({ DATABASE_URL: url });
    const client = new pg.Client(url);
    await client.connect();
    return {
      url: server.url,
      query: async (sql, params) => (await client.query(sql, params)).rows,
      exportDir: path.join(server.dataDir, 'exports'),
      stop: async () => {
        await client.end();
        await server.stop();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scrm-inproc-'));
  // The run's seeded demo folder, when the project has one: opening it takes a second, seeding afresh five.
  const template = inject('templateDir');
  if (template) cpSync(template, dataDir, { recursive: true });
  const db = await openDb({ dataDir }, async (opened) => (template ? undefined : seedDemo(opened)));
  const app = createApp({
    db,
    sessionTtlSeconds: 8 * 3600,
    accessTokenTtlSeconds: 1800,
    demo: true,
    faults: true,
    checkAnswers: true,
    trustProxy: 1,
    exportDir: path.join(dataDir, 'exports'),
  });
  const server = await new Promise<ReturnType<typeof serveApp>>((resolve) => {
    const s = serveApp(app.fetch, { port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exportDir: path.join(dataDir, 'exports'),
    // PGlite runs in this process: a long statement holds it, and the server's and the client's timers for an idle
    // kept-alive connection (65 s, and a second before) fire together when it ends. A call sent before the closes are
    // read went out on a socket the server had closed (ECONNRESET: 网络异常 at the login after the runs test's seed,
    // CI 75 and 76; 5 of 10 in a plain http server held past both). After a statement that held the process, a wait
    // lets them be read first (measured there: none failed after 10 ms; every one after setImmediate or 0 ms).
    query: async <T>(sql: string, params?: unknown[]) => {
      const started = performance.now();
      const rows = await db.query<T>(sql, params);
      if (performance.now() - started >= HELD_MS) await new Promise((resolve) => setTimeout(resolve, HELD_MS));
      return rows;
    },
    stop: async () => {
      server.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server process of the test's own with other settings (`env`), on the suite's engine: a copy of the run's seeded
 * demo (a database in the PostgreSQL cluster when the suite runs there, else a PGlite data folder). A production
 * start (`SCRM_DEMO: '0'`) starts empty and seeds its own database, as production does.
 */
export async function startOwnServer(env: Record<string, string>): Promise<RunningServer> {
  const production = env.SCRM_DEMO === '0';
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) {
    const url = await freshDatabase(databaseUrl, production ? undefined : inject('pgTemplate'));
    // production on PostgreSQL starts only with a key its processes share (server/main.ts)
    return startServer({ ...(production ? { SECRETS_KEY: 'e7'.repeat(32) } : {}), ...env, DATABASE_URL: url });
  }
  return startServer(env, production ? {} : { template: inject('templateDir') });
}
