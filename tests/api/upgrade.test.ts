import { serveApp } from '@server/infra/http/serve.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '@server/app.ts';
import { openDb, type Db } from '@server/infra/db/db.ts';
import { reconcileCatalogue, shippedEntries, type Reconciled, type SeedMenu } from '@server/seed/catalogue.ts';
import { BUSINESS_TABLES } from '@server/seed/business-dictionary.ts';
import { fillEnglishDictionaryNames, fillEnglishNames } from '@server/seed/dictionary-names-en.ts';
import { DEMO_MENU } from '@server/seed/seed.ts';
import { MENU_NAMES_EN } from '@server/seed/menu-names-en.ts';
import { fetchMenuTree } from '@/api/calls/session/session-calls.ts';
import type { MenuNode } from '@/api/table/session.ts';
import { signedIn } from '../support/api.ts';

/*
 * A database made by an earlier release (tests/fixtures/upgrade-65b2d44.json.gz: its migrations and rows, written by
 * make-upgrade-fixture.ts from commit 65b2d44, before 导出 and 详情 of 用户管理 were buttons of their own) opened by
 * today's server, as an operator upgrading would.
 */
const FIXTURE = path.join(import.meta.dirname, '../fixtures/upgrade-65b2d44.json.gz');

interface Fixture {
  commit: string;
  migrations: string[];
  tables: Record<string, Array<Record<string, unknown>>>;
}

/** Writes the fixture's rows into a database at the fixture's migrations (foreign keys off while loading). */
async function loadFixture(dataDir: string, fixture: Fixture): Promise<void> {
  const db = await openDb({ dataDir, migrateUpTo: fixture.migrations.at(-1) });
  try {
    const applied = (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
    expect(applied).toEqual(fixture.migrations);
    await db.exec('SET session_replication_role = replica');
    for (const [table, rows] of Object.entries(fixture.tables)) {
      // Rows some migrations write are in the fixture as the earlier release left them.
      await db.query(`DELETE FROM "${table}"`);
      if (rows.length === 0) continue;
      const columns = (
        await db.query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table],
        )
      ).map((c) => `"${c.name}"`);
      await db.query(`INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(null::"${table}", $1::json)`, [
        JSON.stringify(rows),
      ]);
      for (const { seq, col } of await db.query<{ seq: string | null; col: string }>(
        `SELECT pg_get_serial_sequence($1, column_name) AS seq, column_name AS col FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1`,
        [table],
      )) {
        if (seq) await db.query(`SELECT setval($1, (SELECT max("${col}") FROM "${table}"))`, [seq]);
      }
    }
    await db.exec('SET session_replication_role = DEFAULT');
  } finally {
    await db.close();
  }
}

/** Today's server on the data folder, as main.ts starts it; what its start reconciled. */
async function startToday(dataDir: string) {
  const db = await openDb({ dataDir }, fillEnglishNames);
  let reconciled: Reconciled | null = null;
  const app = createApp({
    db,
    sessionTtlSeconds: 3600,
    accessTokenTtlSeconds: 1800,
    demo: true,
    trustProxy: 1,
    onReconciled: (done) => (reconciled = done),
  });
  const server = await new Promise<ReturnType<typeof serveApp>>((resolve) => {
    const s = serveApp(app.fetch, { port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Calls wait for the start's catalogue work; readiness says when it is done.
  await vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), { timeout: 20_000, interval: 100 });
  return {
    url,
    db,
    reconciled: () => reconciled,
    stop: async () => {
      server.close();
      await db.close();
    },
  };
}

const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [...(n.code ? [n.code] : []), ...codes(n.children ?? [])]);
const names = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [...(n.name ? [n.name] : []), ...names(n.children ?? [])]);
const menuOf = async (url: string, user: string) => fetchMenuTree((await signedIn(url, user)).api);

describe('an earlier release’s database, opened by today’s server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scrm-upgrade-'));
  let today: Awaited<ReturnType<typeof startToday>>;

  beforeAll(async () => {
    const fixture = JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString('utf8')) as Fixture;
    await loadFixture(dataDir, fixture);
    // An administrator (userType 0) whose only role lacks 用户管理: the buttons the upgrade brings to that page are
    // not his (a button comes with its page).
    const db = await openDb({ dataDir, migrateUpTo: fixture.migrations.at(-1) });
    try {
      const [role] = await db.query<{ id: number }>(`INSERT INTO role (tenant_id, name) VALUES (1, '无用户管理') RETURNING id`);
      await db.query(
        `INSERT INTO role_perm (role_id, menu_id) SELECT $1, id FROM menu WHERE tenant_id IS NULL AND uri_type = 1 AND path = '/dashboard'`,
        [role.id],
      );
      const [user] = await db.query<{ id: number }>(
        `INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, user_type) VALUES (1, 'noUsersAdmin', 'x', '无用户管理', 0) RETURNING id`,
      );
      await db.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [user.id, role.id]);
    } finally {
      await db.close();
    }
    today = await startToday(dataDir);
  }, 120_000);

  afterAll(async () => {
    await today?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('brings the buttons added since, granted to each tenant’s userType 0 roles and related to their calls', async () => {
    const done = today.reconciled();
    expect(done).not.toBeNull();
    const added = await today.db.query<{ code: string }>('SELECT code FROM menu WHERE id = ANY($1::int[]) ORDER BY code', [done!.added]);
    expect(added.map((r) => r.code)).toEqual(['depart:add', 'depart:del', 'depart:edit', 'meta:publish', 'user:detail', 'user:export']);
    // Everything else was there already: tracked as it was, nothing retired or rewritten.
    expect(done!.retired).toEqual([]);
    expect(done!.updated).toEqual([]);
    expect(done!.adopted.length).toBeGreaterThan(100);

    for (const user of ['admin', 'admin2', 'platform'])
      expect(codes(await menuOf(today.url, user))).toEqual(expect.arrayContaining(['user:export', 'user:detail']));
    // Not a super admin: the tenant's own admins decide what other roles get.
    expect(codes(await menuOf(today.url, 'tenantadmin'))).not.toContain('user:export');
    // An administrator whose role lacks 用户管理 gets none of its new buttons; no role holds a button without its page.
    const lacking = await today.db.query<{ code: string }>(
      `SELECT m.code FROM role_perm rp JOIN role r ON r.id = rp.role_id AND r.name = '无用户管理' JOIN menu m ON m.id = rp.menu_id WHERE m.uri_type = 2`,
    );
    expect(lacking).toEqual([]);
    const alone = await today.db.query(
      `SELECT rp.role_id, b.code FROM role_perm rp JOIN menu b ON b.id = rp.menu_id AND b.uri_type = 2
        WHERE NOT EXISTS (SELECT 1 FROM role_perm p WHERE p.role_id = rp.role_id AND p.menu_id = b.parent_id)`,
    );
    expect(alone).toEqual([]);

    // The new button opens its call: the export the access chain and the handler check by button.
    const admin = await signedIn(today.url, 'admin');
    const answer = await admin.api.call<{ result: string; values?: { rows: unknown[] } }>('/v1/common/excel/getExcelUrl', {
      type: 'userExport',
    });
    expect(answer.result).toBe('ok');
    expect(answer.values?.rows.length).toBeGreaterThan(0);
  });

  it('gives the standard dictionary its English names, keeping a name the tenant set (issue 45)', async () => {
    const member = async () =>
      (
        await today.db.query<{ table: string; field: string; options: Array<{ label: string; labelEn?: string }> }>(
          `SELECT t.label_en AS table, f.label_en AS field, l.options FROM meta_table t
             JOIN meta_field f ON f.table_id = t.id AND f.name = 'card_no'
             JOIN meta_field l ON l.table_id = t.id AND l.name = 'level'
            WHERE t.tenant_id = 1 AND t.name = 'member'`,
        )
      )[0]!;
    const before = await member();
    expect(before).toMatchObject({ table: 'Member', field: 'Card number' });
    expect(before.options.map((o) => o.labelEn)).toEqual(['Standard', 'Silver', 'Gold', 'Diamond']);
    // the tenant's own English stays; an empty one is filled again at the next start
    await today.db.query(`UPDATE meta_table SET label_en = 'Our members' WHERE tenant_id = 1 AND name = 'member'`);
    await today.db.query(`UPDATE meta_field SET label_en = '' WHERE name = 'card_no'`);
    await fillEnglishDictionaryNames(today.db);
    expect(await member()).toMatchObject({ table: 'Our members', field: 'Card number' });
    await today.db.query(`UPDATE meta_table SET label_en = 'Member' WHERE tenant_id = 1 AND name = 'member'`);
  });

  it('names the earlier release’s buttons in English at start, a tenant’s own page’s too, keeping a name the operator set', async () => {
    const buttons = () =>
      today.db.query<{ id: number; name: string; name_en: string; tenant_id: number | null }>(
        `SELECT id, name, name_en, tenant_id FROM menu WHERE uri_type = 2 ORDER BY id`,
      );
    const named = await buttons();
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((b) => MENU_NAMES_EN[b.name] && b.name_en !== MENU_NAMES_EN[b.name])).toEqual([]);
    const [own, other] = named;
    // a tenant's own page's record button without its English (made before), and one the operator named
    await today.db.query(`UPDATE menu SET name_en = '', tenant_id = 1 WHERE id = $1`, [own.id]);
    await today.db.query(`UPDATE menu SET name_en = 'Remove for good' WHERE id = $1`, [other.id]);
    await fillEnglishNames(today.db);
    const after = new Map((await buttons()).map((b) => [b.id, b]));
    expect(after.get(own.id)!.name_en).toBe(MENU_NAMES_EN[own.name]);
    expect(after.get(other.id)!.name_en).toBe('Remove for good');
    await today.db.query(`UPDATE menu SET name_en = $2, tenant_id = $3 WHERE id = $1`, [own.id, own.name_en, own.tenant_id]);
    await today.db.query(`UPDATE menu SET name_en = $2 WHERE id = $1`, [other.id, other.name_en]);
  });

  it('keeps the earlier release’s data and sessions working', async () => {
    expect(names(await menuOf(today.url, 'staff'))).toContain('工作台');
    const [users] = await today.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_user');
    // the fixture's six, and the administrator without 用户管理 this file adds
    expect(users.n).toBe(7);
  });

  it('keeps every record, each in its table’s own partition with its fields’ indexes, and lists them (migration 042)', async () => {
    const fixture = JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString('utf8')) as Fixture;
    const before = fixture.tables.meta_record;
    const [{ n, outside }] = await today.db.query<{ n: number; outside: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE tableoid::regclass::text <> 'meta_record_t' || table_id)::int AS outside
         FROM meta_record`,
    );
    expect(n).toBe(before.length);
    expect(outside).toBe(0);
    // every partition holds the indexes its table's fields want, on it alone: a records query weighs only those
    const [member] = await today.db.query<{ id: number; level: number }>(
      `SELECT t.id, f.id AS level FROM meta_table t JOIN meta_field f ON f.table_id = t.id AND f.name = 'level'
        WHERE t.tenant_id = 1 AND t.name = 'member'`,
    );
    const indexes = await today.db.query<{ tablename: string }>(`SELECT tablename FROM pg_indexes WHERE indexname = $1`, [
      `meta_rec_s_${member.level}`,
    ]);
    expect(indexes).toEqual([{ tablename: `meta_record_t${member.id}` }]);
    expect(
      await today.db.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'meta_record' AND indexname LIKE 'meta_rec_%'`),
    ).toEqual([]);
    const admin = await signedIn(today.url, 'admin');
    const listed = await admin.api.raw<{ result: string; count: number }>('/v1/metaRecord/list', {
      tableId: member.id,
      pageNum: 1,
      pageSize: 10,
      filters: {},
    });
    expect(listed).toMatchObject({ result: 'ok', count: before.filter((r) => r.table_id === member.id).length });
  });

  it('names every shipped entry by a key of its own', () => {
    const keys = shippedEntries(DEMO_MENU).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does nothing on the next start, and the same catalogue again changes nothing', async () => {
    expect(await reconcileCatalogue(today.db, { platformTenant: 0, entries: shippedEntries(DEMO_MENU) })).toBeNull();
    await today.db.query('DELETE FROM catalogue_state');
    const again = await reconcileCatalogue(today.db, { platformTenant: 0, entries: shippedEntries(DEMO_MENU) });
    expect(again).toEqual({ added: [], updated: [], adopted: [], retired: [], tables: 0, fields: 0 });
  });

  describe('a later catalogue', () => {
    let db: Db;
    let done: Reconciled;
    const id = async (where: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(`SELECT id FROM menu WHERE ${where}`, params))[0]?.id;

    beforeAll(async () => {
      db = today.db;
      // The operator renamed 用户管理 and deleted 短信平台.
      // (the menu editor writes the name into the icon's JSON too)
      await db.query(
        `UPDATE menu SET name = '账号管理', icon = jsonb_set(icon::jsonb, '{name}', '"账号管理"')::text WHERE tenant_id IS NULL AND path = '/manage/users'`,
      );
      await db.query(`DELETE FROM menu WHERE tenant_id IS NULL AND path = '/manage/sms-platform'`);
      // A tenant deleted a standard table.
      await db.query(`DELETE FROM meta_record WHERE table_id IN (SELECT id FROM meta_table WHERE tenant_id = 2 AND name = 'poster')`);
      await db.query(`DELETE FROM meta_table WHERE tenant_id = 2 AND name = 'poster'`);

      const menu = structuredClone(DEMO_MENU) as SeedMenu[];
      const system = menu.find((n) => n.path === '/manage')!;
      const page = (p: string) => system.children!.find((c) => c.path === p)!;
      page('/manage/users').name = '用户';
      page('/manage/roles').icon = 'shield';
      page('/manage/sms-platform').name = '短信通道';
      system.children!.push({ name: '审计报表', path: '/manage/audit', component: 'manage/audit', buttons: [['audit:export', '导出']] });
      const orders = menu.find((n) => n.children?.some((c) => c.path === '/orders/access-control'))!;
      orders.children = orders.children!.filter((c) => c.path !== '/orders/access-control');
      const dictionary = BUSINESS_TABLES.map((t) =>
        t.name === 'poster' || t.name === 'store' ? { ...t, fields: [...t.fields, { n: 'note', l: '备注', t: 'text' as const }] } : t,
      );
      done = (await reconcileCatalogue(db, { platformTenant: 0, entries: shippedEntries(menu), dictionary }))!;
    });

    it('adds new pages with their buttons, offered where their directory is and granted to super admins', async () => {
      const audit = await id(`path = '/manage/audit'`);
      const button = await id(`code = 'audit:export'`);
      expect(done.added.sort()).toEqual([audit, button].sort());
      const holders = await db.query<{ user_name: string }>(
        `SELECT DISTINCT u.user_name FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role_perm rp ON rp.role_id = ur.role_id
          WHERE rp.menu_id = $1 ORDER BY 1`,
        [button],
      );
      // every userType 0 account's roles: a new page arrives with its button
      expect(holders.map((h) => h.user_name)).toEqual(['admin', 'admin2', 'noUsersAdmin', 'platform']);
      expect(names(await menuOf(today.url, 'admin'))).toContain('审计报表');
      expect(names(await menuOf(today.url, 'staff'))).not.toContain('审计报表');
    });

    it('lets unedited fields follow the release and keeps the operator’s edits and deletions', async () => {
      const [users] = await db.query<{ name: string }>(`SELECT name FROM menu WHERE tenant_id IS NULL AND path = '/manage/users'`);
      expect(users.name).toBe('账号管理');
      const [roles] = await db.query<{ icon: string }>(`SELECT icon FROM menu WHERE tenant_id IS NULL AND path = '/manage/roles'`);
      expect(JSON.parse(roles.icon).icon).toBe('shield');
      expect(done.updated).toEqual([await id(`tenant_id IS NULL AND path = '/manage/roles'`)]);
      expect(await id(`path = '/manage/sms-platform'`)).toBeUndefined();
    });

    it('retires what the catalogue no longer ships, with its grants', async () => {
      // The page and its five record buttons.
      expect(done.retired).toHaveLength(6);
      expect(await id(`path = '/orders/access-control'`)).toBeUndefined();
      const [left] = await db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM menu WHERE id = ANY($1::int[])) + (SELECT count(*) FROM role_perm WHERE menu_id = ANY($1::int[])) AS n`,
        [done.retired],
      );
      expect(Number(left.n)).toBe(0);
      expect(names(await menuOf(today.url, 'admin'))).not.toContain('门禁管理');
    });

    it('adds new dictionary fields to every tenant’s table, and leaves a table the tenant deleted deleted', async () => {
      const notes = await db.query<{ tenant_id: number; table: string }>(
        `SELECT f.tenant_id, t.name AS table FROM meta_field f JOIN meta_table t ON t.id = f.table_id WHERE f.name = 'note' ORDER BY 1, 2`,
      );
      const tenants = (await db.query<{ id: number }>('SELECT id FROM tenant ORDER BY id')).map((t) => t.id);
      const expected = tenants.flatMap((t) =>
        t === 2 ? [{ tenant_id: t, table: 'store' }] : ['poster', 'store'].map((table) => ({ tenant_id: t, table })),
      );
      expect(notes).toEqual(expected);
      expect(done.tables).toBe(0);
      expect(done.fields).toBe(expected.length);
      const [poster] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM meta_table WHERE tenant_id = 2 AND name = 'poster'`);
      expect(poster.n).toBe(0);
    });
  });
});
