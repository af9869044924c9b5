import { describe, expect, it } from 'vitest';
import { oncePerRequest } from '@server/access/request-access.ts';
import { heldMenuIds, rolesBeyondCaller } from '@server/access/permissions.ts';
import { phoneView } from '@server/access/privacy.ts';
import type { SessionInfo } from '@server/access/auth.ts';
import type { Db } from '@server/infra/db/db.ts';

/** A database that counts the statements it is asked, by the table each reads. */
function countingDb() {
  const asked: string[] = [];
  const db = {
    query: async (sql: string) => {
      const table = /FROM (\w+)/.exec(sql)?.[1] ?? '?';
      asked.push(table);
      // the unmask button's grant (relations.ts: grants) is not held; the menu entries are 1 and 2
      if (sql.startsWith('SELECT 1 FROM user_role')) return [];
      if (table === 'user_role') return [{ id: 1 }, { id: 2 }];
      return [];
    },
  } as unknown as Db;
  return { db, asked };
}

/** A request's session: the access chain reads a fresh one for every request. */
const request = (userType = 1): SessionInfo =>
  ({
    userId: 7,
    tenantId: 3,
    userType,
    tokenHash: 'h',
    id: 's',
    permissions: null,
    tenantActive: true,
    departIds: [4],
    privacyOn: true,
  }) as SessionInfo;

describe('what a request works out about its caller, once (server/access/request-access.ts)', () => {
  it('the granted entries: read once, and the escalation check of the same request reuses them', async () => {
    const { db, asked } = countingDb();
    const s = request();
    expect(await heldMenuIds(db, s)).toEqual([1, 2]);
    await rolesBeyondCaller(db, s);
    expect(await heldMenuIds(db, s)).toEqual([1, 2]);
    expect(asked.filter((t) => t === 'user_role')).toHaveLength(1);
  });

  it('the phone view: the privacy switch comes with the session, the unmask grant is read once a request', async () => {
    const { db, asked } = countingDb();
    const s = request();
    const view = await phoneView(db, s);
    expect(view('13800000001')).toBe('138****0001');
    expect(await phoneView(db, s)).toBe(view);
    expect(asked).toEqual(['user_role']);
    // the switch off: phones as stored, and no grant asked
    const open = await phoneView(db, { ...request(), privacyOn: false });
    expect(open('13800000001')).toBe('13800000001');
    expect(asked).toEqual(['user_role']);
  });

  it('each thing is kept apart, by name and by request', async () => {
    const s = request();
    const t = request();
    expect(await oncePerRequest(s, 'a', async () => 1)).toBe(1);
    expect(await oncePerRequest(s, 'b', async () => 2)).toBe(2);
    expect(await oncePerRequest(s, 'a', async () => 3)).toBe(1);
    expect(await oncePerRequest(t, 'a', async () => 4)).toBe(4);
  });

  it('a failure is not kept: the next ask of the same request tries again', async () => {
    const s = request();
    await expect(oncePerRequest(s, 'flaky', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    // the failed answer leaves once it has settled
    await Promise.resolve();
    expect(await oncePerRequest(s, 'flaky', async () => 'back')).toBe('back');
  });
});
