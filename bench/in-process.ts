import { createApp } from '../server/app.ts';
import type { Db } from '../server/infra/db/db.ts';
import { DEMO_PASSWORD } from '../server/seed/seed.ts';
import { createApiClient } from '@/api/client.ts';
import { login } from '@/api/calls/session/session-calls.ts';
import { memoryStore, STORAGE_KEYS } from '@/api/storage.ts';

/**
 * The benches' PostgreSQL settings, as a deployment sizes the server (PostgreSQL's guidance: shared_buffers a quarter of
 * the memory). The default 128 MB holds less than the member partition alone at a million members (223 MB, 1.3 GB
 * with its indexes), so a walk's heap rows were copied in from the system's cache one by one. Three passes of the scale
 * bench on one seeded cluster, p95: members of one level in a span of join days, admin, 45.4-50.6 ms at 128 MB and
 * 33.8-46.8 at 2 GB; the slowest case at 2 GB 48.8. BENCH_PG_SHARED_BUFFERS=128MB measures the default.
 */
export const benchPostgresSettings = (): Record<string, string> => ({
  shared_buffers: process.env.BENCH_PG_SHARED_BUFFERS ?? '2GB',
});

/**
 * The demo server's app on `db`, called in this process (no sockets: the figures are the server's own time through
 * the whole rule chain), and a signed-in API client per demo account.
 * @example const as = inProcess(db); const admin = await as('admin');
 */
export function inProcess(db: Db) {
  // Every list's count is made on every call (no kept estimates: server/infra/db/kept-counts.ts), so each case times
  // what a list asked for the first time costs, not a list asked again.
  const app = createApp({ db, sessionTtlSeconds: 3600, accessTokenTtlSeconds: 1800, demo: true, keptCountsMs: 0 });
  const fetchApp: typeof fetch = async (input, init) => app.fetch(new Request(input as string, init));
  return async (userName: string) => {
    const store = memoryStore();
    const api = createApiClient({ store, baseURL: 'http://bench.local/manage', fetch: fetchApp });
    store.setItem(STORAGE_KEYS.userToken, await login(api, { userName, password: DEMO_PASSWORD }));
    return api;
  };
}

/**
 * Adds `rows` accounts to the demo tenant in one statement (accounts `<prefix>000001`…, nicknames 压测用户<n>, admin's
 * password, userType 1), a third in its first department and the rest in the next.
 */
export async function seedUsers(db: Db, rows: number, prefix = 'bench'): Promise<void> {
  const [{ hash, depart }] = await db.query<{ hash: string; depart: number }>(
    `SELECT password_hash AS hash, (SELECT id FROM depart WHERE tenant_id = 1 ORDER BY id LIMIT 1) AS depart FROM app_user WHERE user_name = 'admin'`,
  );
  await db.query(
    `INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, depart_ids)
     SELECT 1, $4 || lpad(g::text, 6, '0'), $1, '压测用户' || g, '15' || lpad(g::text, 9, '0'), 1,
            CASE WHEN g % 3 = 0 THEN ARRAY[$2::int] ELSE ARRAY[$2::int + 1] END
       FROM generate_series(1, $3) g`,
    [hash, depart, rows, prefix],
  );
}

/**
 * Adds `rows` members to the demo tenant's member table in one statement (card numbers, nicknames, phones, four
 * levels, points, departments in turn, join days over 300 days) and answers the table's id.
 */
export async function seedMembers(db: Db, rows: number): Promise<number> {
  const table = { id: await memberTable(db) };
  const fields = Object.fromEntries(
    (await db.query<{ name: string; id: number }>('SELECT name, id FROM meta_field WHERE table_id = $1', [table.id])).map((f) => [
      f.name,
      String(f.id),
    ]),
  );
  const departs = (await db.query<{ id: number }>('SELECT id FROM depart WHERE tenant_id = 1 ORDER BY id')).map((d) => d.id);
  await db.query(
    `INSERT INTO meta_record (tenant_id, table_id, data)
     SELECT 1, $1, jsonb_build_object(
              $2::text, 'B' || lpad(g::text, 9, '0'),
              $3::text, '压测会员' || g,
              $4::text, '16' || lpad(g::text, 9, '0'),
              $5::text, ((g % 4) + 1)::text,
              $6::text, (g::bigint * 7919) % 20000,
              $7::text, ($8::int[])[(g % cardinality($8::int[])) + 1],
              $9::text, to_char(date '2026-01-01' + (g % 300), 'YYYY-MM-DD'))
       FROM generate_series(1, $10) g`,
    [
      table.id,
      fields.card_no,
      fields.nickname,
      fields.phone,
      fields.level,
      fields.points,
      fields.department,
      departs,
      fields.joined_at,
      rows,
    ],
  );
  return table.id;
}

/** The id of the demo tenant's member table. */
export async function memberTable(db: Db): Promise<number> {
  const [table] = await db.query<{ id: number }>(`SELECT id FROM meta_table WHERE tenant_id = 1 AND name = 'member'`);
  return table.id;
}

/**
 * A nickname fragment of 3 to 8 characters from a random one of `members` seeded members' nicknames (压测会员<n>), new
 * on every call: from one every member has (压测会员) to one a single member has.
 */
export function nicknameFragment(members: number): string {
  const name = `压测会员${1 + Math.floor(Math.random() * members)}`;
  const length = Math.min(name.length, 3 + Math.floor(Math.random() * 6));
  const from = Math.floor(Math.random() * (name.length - length + 1));
  return name.slice(from, from + length);
}

/**
 * A random span of `days` of the join days seedMembers gives (2026-01-01 and the 299 days after), as a date-range
 * filter (`from~to`), new on every call.
 */
export function joinDaySpan(days: number): string {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
  const from = Math.floor(Math.random() * (300 - days));
  return `${day(from)}~${day(from + days - 1)}`;
}
