import { describe, expect, it } from 'vitest';
import { LOG_TEXTS, logFilter } from '@server/features/operation-log/queries.ts';
import type { SessionInfo } from '@server/access/auth.ts';
import type { Db } from '@server/infra/db/db.ts';

/**
 * How the operation log's page filter is matched (server/features/operation-log/queries.ts logFilter): by the tenant's
 * texts that hold the fragment (migration 048) while they are few, else in the rows themselves. A database that
 * answers the scope's users and those texts as given, and keeps what it was asked. The API suites check the answers
 * of both ways on both engines (tests/api/logs.test.ts).
 */
function database(users: number[] | null, texts: string[] | null) {
  const asked: Array<{ sql: string; params: unknown[] }> = [];
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      asked.push({ sql, params });
      return [{ users, texts }];
    },
  } as unknown as Db;
  return { db, asked };
}

const session = (userType: number): SessionInfo => ({
  id: '1',
  tokenHash: 'h',
  userId: 7,
  tenantId: 3,
  userType,
  expiresAt: new Date(),
  lastSeenAt: new Date(),
  permissions: null,
  tenantActive: true,
  mustChangePassword: false,
  departIds: [5],
  privacyOn: false,
});
const filter = { user: '', page: '', outcome: '' };
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const words = (n: number) => Array.from({ length: n }, (_, i) => `页面${i}`);

describe('the operation log’s page filter (logFilter)', () => {
  it('asks nothing of the database for the whole tenant’s unfiltered log, and counts it as planned', async () => {
    const { db, asked } = database(null, null);
    const f = await logFilter(db, session(0), filter);
    expect(asked).toEqual([]);
    expect(f).toMatchObject({ walk: 'plan', params: [3, null, null, null, ''] });
  });

  it('counts a scope’s or an account’s log without a page filter as planned (its (tenant, time, id) index carries the user)', async () => {
    for (const [who, body] of [
      [session(1), filter],
      [session(0), { ...filter, user: 'a' }],
    ] as const) {
      const { db, asked } = database([1, 2], null);
      const f = await logFilter(db, who, body);
      expect(asked[0].sql).toMatch(/NULL::text\[\] AS texts$/);
      expect(f).toMatchObject({ walk: 'plan', params: [3, [1, 2], null, null, ''] });
      expect(f.window).toBeUndefined();
    }
  });

  it('reads the scope’s users and the fragment’s texts in one statement, the tenant’s only', async () => {
    const { db, asked } = database([1, 2], ['页面7']);
    await logFilter(db, session(1), { ...filter, page: ' 页面7 ' });
    expect(asked).toHaveLength(1);
    expect(asked[0].sql).toMatch(/FROM app_user WHERE tenant_id = \$1/);
    expect(asked[0].sql).toMatch(/FROM operation_log_texts d WHERE d\.tenant_id = \$1/);
    expect(asked[0].sql).toContain(`LIMIT ${LOG_TEXTS.atMost + 1}`);
    // the fragment trimmed, matched literally
    expect(asked[0].params).toEqual([3, [5], '', '%页面7%']);
  });

  it('finds the rows of few texts by their texts, scoped or not, and counts by walking that index', async () => {
    const callers: Array<[SessionInfo, number[] | null]> = [
      [session(1), [1, 2, 3, 4]],
      [session(0), null],
    ];
    for (const [who, users] of callers) {
      const { db } = database(users, ['页面7 菜单7 新增7', '页面7 菜单7 新增17']);
      const f = await logFilter(db, who, { ...filter, page: '页面7' });
      expect(f.walk).toBe('first');
      expect(f.window).toBeUndefined();
      expect(f.where).toMatch(/= ANY\(\$6::text\[\]\)$/);
      expect(f.where).not.toMatch(/LIKE/);
      expect(f.params).toEqual([3, users, null, null, '', ['页面7 菜单7 新增7', '页面7 菜单7 新增17']]);
    }
  });

  it('answers none at once where no text holds the fragment or no user is in scope', async () => {
    const none: Array<[number[], string[]]> = [
      [[1, 2], []],
      [[], ['页面7']],
      [[], words(LOG_TEXTS.atMost + 1)],
    ];
    for (const [users, texts] of none) {
      const f = await logFilter(database(users, texts).db, session(1), { ...filter, page: '页面7' });
      expect(f.where).toMatch(/^l\.tenant_id = \$1 AND .* AND false AND /);
      expect(f.window).toBeUndefined();
    }
  });

  it('matches the rows themselves where the texts are many, or their descents by user too many', async () => {
    const cases: Array<[number[] | null, string[], 'bitmap' | 'plan']> = [
      // past the texts it takes (one more was read to say so)
      [[1, 2], words(LOG_TEXTS.atMost + 1), 'bitmap'],
      [null, words(LOG_TEXTS.atMost + 1), 'plan'],
      // few texts, but a descent for each of them by each of many users
      [ids(LOG_TEXTS.descentsAtMost / 4 + 1), words(4), 'bitmap'],
    ];
    for (const [users, texts, walk] of cases) {
      const f = await logFilter(database(users, texts).db, session(users ? 1 : 0), { ...filter, page: '页面1 ' });
      expect(f.walk).toBe(walk);
      expect(f.where).toMatch(/LIKE lower\(\$6\)$/);
      // counted first among the span's newest rows: the same rows, the fragment matched in each row alone
      expect(f.where.startsWith(`${f.window!.span} AND `)).toBe(true);
      expect(f.window!.span).not.toMatch(/user_id|LIKE/);
      expect(f.window!.kept).toMatch(/l\.user_id = ANY\(\$2::int\[\]\).* LIKE lower\('%页面1%'\)$/);
      expect(f.window!.kept).not.toMatch(/regexp_split_to_array/);
      expect(f.params.at(-1)).toBe('%页面1%');
    }
    // at the bounds themselves: still by the texts
    const atBounds = await logFilter(database(ids(LOG_TEXTS.descentsAtMost / 4), words(4)).db, session(1), { ...filter, page: '页面1' });
    expect(atBounds.walk).toBe('first');
  });
});
