import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findPgbouncer, startPgbouncer, type RunningPgbouncer } from '../support/pgbouncer.ts';
import { freshDatabase } from '../support/db-access.ts';
import { openEvents, signedIn } from '../support/api.ts';
import { serverExit, startServer, type RunningServer } from '../support/start-server.ts';
import { fetchMenuTree, fetchUserInfo, initUserPermission } from '@/api/calls/session/session-calls.ts';
import { saveUser } from '@/api/calls/system/user-calls.ts';
import { usersOf } from '../support/users.ts';

/*
 * Issue 43: behind PgBouncer in transaction mode (Debian's package), the usual way to put many server processes in
 * front of PostgreSQL. Each transaction gets whichever server connection is free, so a statement prepared by name on
 * one is unknown on the next: with DATABASE_POOLER=transaction the server prepares none, holds its start-up lock in
 * an open transaction, and listens on DATABASE_LISTEN_URL. 10 clients × 20 calls answered 3 ok before.
 */
const databaseUrl = inject('databaseUrl');
const bin = findPgbouncer();
if (databaseUrl && !bin && process.env.SCRM_REQUIRE_POSTGRES === '1') {
  throw new Error('pgbouncer not found (install Debian’s pgbouncer or set PGBOUNCER_BIN): the pooler tests cannot be skipped in CI');
}

describe.runIf(databaseUrl && bin)('behind PgBouncer in transaction mode, two processes', () => {
  let bouncer: RunningPgbouncer;
  let direct = '';
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    direct = await freshDatabase(databaseUrl, inject('pgTemplate'));
    bouncer = await startPgbouncer(bin!, direct, 'transaction');
    const env = {
      DATABASE_URL: bouncer.through(direct),
      DATABASE_POOLER: 'transaction',
      DATABASE_LISTEN_URL: direct,
      SCRM_DEMO: '1',
      SECRETS_KEY: 'cd'.repeat(32),
    };
    // Both start at once: their migrations and catalogue wait for each other through the pooler.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await bouncer?.stop();
  });

  it('answers 10 clients × 20 calls of user info, the menu and the users list, every one', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, (_, i) => signedIn(servers[i % 2].url, i % 3 ? 'admin' : 'tenantadmin')));
    const answers = await Promise.all(
      clients.map(async (c) => {
        const results: string[] = [];
        for (let n = 0; n < 20; n++) {
          const call =
            n % 3 === 0
              ? fetchUserInfo(c.api).then(() => 'ok')
              : n % 3 === 1
                ? fetchMenuTree(c.api).then((menu) => (menu.length > 0 ? 'ok' : 'empty menu'))
                : usersOf(c.api)
                    .list({ pageNum: 1, pageSize: 10 })
                    .then((page) => (page.count > 0 ? 'ok' : 'no users'));
          results.push(await call.catch((err: unknown) => String(err)));
        }
        return results;
      }),
    );
    const failed = answers.flat().filter((r) => r !== 'ok');
    expect(failed).toEqual([]);
  });

  it('the core calls: sign in, permissions, menu, a user saved and listed, a role granted, a token renewed, logout', async () => {
    const admin = await signedIn(servers[0].url, 'admin');
    expect(await initUserPermission(admin.api)).toBeUndefined();
    const { userInfo } = await fetchUserInfo(admin.api);
    const userName = `pool${Date.now().toString(36)}`;
    await saveUser(
      admin.api,
      { userName, nickname: '连接池', phone: '', userType: 1, departIds: [userInfo.allDepartList[0].id], roleIds: [] },
      'Passw0rd2026',
    );
    // Saved through one process, listed through the other.
    const other = await signedIn(servers[1].url, 'admin');
    const page = await usersOf(other.api).list({ pageNum: 1, pageSize: 10, keyword: userName });
    expect(page.rows.map((u) => u.userName)).toEqual([userName]);
    const role = await other.api.call<{ result: string; values?: { id: number } }>('/v1/role/save', {
      name: `连接池角色${Date.now() % 100000}`,
      parentId: null,
    });
    expect(role.result).toBe('ok');
    const tree = await other.api.call('/v1/rolePerm/list', { roleId: role.values!.id });
    expect(tree).toMatchObject({ result: 'ok', values: [] });
    const token = await other.api.call('/anon/vue/token', {});
    expect(token.result).toBe('ok');
    expect(await other.api.call('/anon/vue/logout', {})).toMatchObject({ data: 200 });
  });

  it('a force logout made on one process reaches a stream held by the other (LISTEN beside the pooler)', async () => {
    const admin = await signedIn(servers[1].url, 'admin');
    const staff = await signedIn(servers[0].url, 'staff');
    const stream = await openEvents(servers[0].url, staff.token);
    const revoked = stream.until(/event: revoked/);
    expect(await admin.api.call('/v1/user/forceLogout', { id: stream.id })).toMatchObject({ result: 'ok' });
    expect(await revoked).not.toBeNull();
    stream.close();
  });

  it('refuses DATABASE_POOLER=transaction without a LISTEN connection’s address, and an unknown pooler mode', async () => {
    const url = bouncer.through(direct);
    const noListen = await serverExit({ DATABASE_URL: url, DATABASE_POOLER: 'transaction', SCRM_DEMO: '1' });
    expect(noListen.code).toBe(1);
    expect(noListen.log).toContain('DATABASE_POOLER=transaction 时还需要 DATABASE_LISTEN_URL');
    const unknown = await serverExit({ DATABASE_URL: url, DATABASE_POOLER: 'statement', SCRM_DEMO: '1' });
    expect(unknown.code).toBe(1);
    expect(unknown.log).toContain('DATABASE_POOLER 只能是 transaction');
  });
});
