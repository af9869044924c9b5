import { afterAll, describe, expect, inject, it } from 'vitest';
import { findPostgresBin, startPostgres, type RunningPostgres } from '../support/postgres.ts';
import { openEvents, send, signedIn } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/start-server.ts';
import { DATABASE_UNAVAILABLE } from '@server/app.ts';

/*
 * Issue 43: the server outlives its database. Two server processes on a PostgreSQL cluster of the test's own, under a
 * steady load of writes and reads, while the cluster is stopped at once (pg_ctl -m immediate, as a crash or a failover
 * does) and started again, twice. No process ends; while the database is away every call answers 503 in the SPEC
 * envelope, /readyz 503 and /healthz 200; once it is back everything answers without a restart, the LISTEN connection
 * hears again, and no write that was acknowledged is missing.
 */
const onPostgres = Boolean(inject('databaseUrl'));

describe.runIf(onPostgres)('PostgreSQL stopped and started under load, two processes', () => {
  let pg: RunningPostgres;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    pg?.stop();
  });

  const post = (url: string, path: string, token: string, body: unknown = {}) => send<{ id?: number }>(url, token, path, body);

  const probe = async (url: string, path: '/readyz' | '/healthz') => (await fetch(`${url}${path}`)).status;

  it('no process ends, calls answer 503 while it is away, everything answers again after, and no acknowledged write is lost', async () => {
    pg = await startPostgres(findPostgresBin()!);
    // Production's settings (request log on), with the demo's accounts to sign in with.
    const env = { DATABASE_URL: pg.url, SCRM_DEMO: '1', REQUEST_LOG: 'off', SECRETS_KEY: 'ab'.repeat(32) };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const sessions = await Promise.all(servers.map((s) => signedIn(s.url, 'admin')));

    // The load: each process gets role saves (writes, each acknowledged by its id) and user-info reads, back to back.
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let running = true;
    const loops = servers.flatMap((s, p) => [
      (async () => {
        for (let n = 0; running; n++) {
          const name = `断电-${p}-${n}`;
          const a = await post(s.url, '/v1/role/save', sessions[p].token, { name, parentId: null }).catch(() => null);
          if (a) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a?.json.result === 'ok') acknowledged.push(name);
          else await new Promise((r) => setTimeout(r, 50));
        }
      })(),
      (async () => {
        while (running) {
          const a = await post(s.url, '/vue/userInfo', sessions[p].token).catch(() => null);
          if (a) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a?.json.result !== 'ok') await new Promise((r) => setTimeout(r, 50));
        }
      })(),
    ]);

    for (let round = 0; round < 2; round++) {
      await new Promise((r) => setTimeout(r, 1_000));
      const before = acknowledged.length;
      pg.halt();
      for (const s of servers) {
        await expect.poll(() => probe(s.url, '/readyz'), { timeout: 15_000 }).toBe(503);
        expect(await probe(s.url, '/healthz')).toBe(200);
        const away = await post(s.url, '/vue/userInfo', sessions[0].token);
        expect(away).toMatchObject({ status: 503, json: { result: 'error', errmsg: DATABASE_UNAVAILABLE } });
      }
      // Under load, for a while: the processes stay.
      await new Promise((r) => setTimeout(r, 2_000));
      for (const s of servers) expect(s.exitCode(), s.log()).toBeNull();
      pg.resume();
      for (const [p, s] of servers.entries()) {
        await expect.poll(() => probe(s.url, '/readyz'), { timeout: 30_000 }).toBe(200);
        await expect.poll(async () => (await post(s.url, '/vue/userInfo', sessions[p].token)).json.result, { timeout: 30_000 }).toBe('ok');
      }
      // Writes go on after the restart.
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(before + 4);
    }
    running = false;
    await Promise.all(loops);

    // Only answers and 503s: no 500 from a half-known failure.
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    // Every acknowledged write is there.
    const { default: pgDriver } = await import('pg');
    const client = new pgDriver.Client(pg.url);
    await client.connect();
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM role WHERE name LIKE '断电-%'`);
    await client.end();
    const stored = new Set(rows.map((r) => r.name));
    expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);

    // The LISTEN connection came back: a force logout made on one process reaches a stream held by the other.
    const staff = await signedIn(servers[0].url, 'staff');
    const stream = await openEvents(servers[0].url, staff.token);
    const revoked = stream.until(/event: revoked/);
    expect(await post(servers[1].url, '/v1/user/forceLogout', sessions[1].token, { id: stream.id })).toMatchObject({
      json: { result: 'ok' },
    });
    expect(await revoked).not.toBeNull();
    stream.close();
    for (const s of servers) expect(s.exitCode()).toBeNull();
  });
});
