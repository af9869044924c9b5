import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgres } from './postgres.ts';
import { freshDatabase } from './db-access.ts';
import { startServer, untilReady } from './start-server.ts';
import { ensureBuilt } from './build.ts';

/** The API suite again, with the server on a throwaway PostgreSQL (DATABASE_URL) instead of PGlite. */
export default async function setup(project: TestProject) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found; set PG_BIN or install postgresql');
  const [pg] = await Promise.all([startPostgres(bin), ensureBuilt()]);
  try {
    // The demo, seeded once into a template that the run's servers copy (pgTemplate). DATABASE_URL alone means
    // production mode; SCRM_DEMO=1 seeds the demo accounts the suite signs in with.
    const templateUrl = await freshDatabase(pg.url);
    const seeding = await startServer({ DATABASE_URL: templateUrl, SCRM_DEMO: '1' });
    // Its start's work (catalogue, interface rows and their relations) done before it stops: copies start whole.
    await untilReady(seeding.url);
    await seeding.stop();
    const template = new URL(templateUrl).pathname.slice(1);
    const url = await freshDatabase(pg.url, template);
    const server = await startServer({ DATABASE_URL: url, SCRM_DEMO: '1' });
    // Prove the server really sits on this database, not on a PGlite fallback.
    const { default: pgDriver } = await import('pg');
    const client = new pgDriver.Client(url);
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM app_user');
    await client.end();
    if (Number(rows[0].n) < 5) throw new Error(`expected the demo accounts in PostgreSQL, found ${rows[0].n}`);
    project.provide('baseUrl', server.url);
    project.provide('databaseUrl', url);
    project.provide('pgTemplate', template);
    project.provide('chromiumEndpoint', '');
    return async () => {
      await server.stop();
      pg.stop();
    };
  } catch (err) {
    pg.stop();
    throw err;
  }
}
