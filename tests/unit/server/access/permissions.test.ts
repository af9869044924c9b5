import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertInScope, departmentScope, inScope, rolesBeyondCaller } from '@server/access/permissions.ts';
import type { SessionInfo } from '@server/access/auth.ts';
import type { Db } from '@server/infra/db/db.ts';
import { ApiError } from '@server/infra/http/http.ts';

/** A database that answers each query by the table it reads, and records what it was asked. */
function fakeDb(answers: { departs?: number[] | null; granted?: number[]; beyond?: number[] }) {
  const asked: Array<{ table: string; params: unknown[] }> = [];
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      if (sql.includes('FROM app_user')) {
        asked.push({ table: 'app_user', params });
        return answers.departs === null ? [] : [{ depart_ids: answers.departs ?? [] }];
      }
      if (sql.includes('FROM user_role')) {
        asked.push({ table: 'user_role', params });
        return (answers.granted ?? []).map((id) => ({ id }));
      }
      asked.push({ table: 'role_perm', params });
      return (answers.beyond ?? []).map((role_id) => ({ role_id }));
    },
  } as unknown as Db;
  return { db, asked };
}

const who = (userType: number, departIds: number[] = []): SessionInfo =>
  ({ userId: 7, tenantId: 3, userType, tokenHash: 'h', id: 's', permissions: null, tenantActive: true, departIds }) as SessionInfo;

describe('department scope (server/access/permissions.ts)', () => {
  it('userType 0 sees the whole tenant; others their own departments, as the session read them', () => {
    expect(departmentScope(who(0, [1]))).toBeNull();
    for (const userType of [1, 2]) expect(departmentScope(who(userType, [4, 5]))).toEqual([4, 5]);
    expect(departmentScope(who(1, []))).toEqual([]);
  });

  it('a row is in scope when the scope is the tenant or they share a department (a row of none: the tenant’s only)', () => {
    expect(inScope(null, [])).toBe(true);
    expect(inScope(null, [9])).toBe(true);
    expect(inScope([1, 2], [2, 8])).toBe(true);
    expect(inScope([1, 2], [3])).toBe(false);
    expect(inScope([1, 2], [])).toBe(false);
    expect(inScope([], [1])).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.nat(6)), fc.array(fc.nat(6)), (scope, row) => {
        expect(inScope(scope, row)).toBe(row.filter((d) => scope.includes(d)).length > 0);
      }),
    );
  });

  it('refuses a row outside the scope with SPEC 8’s departNoPermisson, naming the row’s departments', async () => {
    expect(() => assertInScope(who(1, [1]), [1, 2])).not.toThrow();
    expect(() => assertInScope(who(0), [5])).not.toThrow();
    let refused: unknown;
    try {
      assertInScope(who(1, [1]), [5, 6]);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('没有数据访问权限');
    expect((refused as ApiError).extra).toEqual({ type: 'departNoPermisson', values: [5, 6] });
  });

  it('the roles beyond the caller: asked with the caller’s own grants, in the caller’s tenant', async () => {
    const { db, asked } = fakeDb({ granted: [10, 11], beyond: [4, 4, 6] });
    expect([...(await rolesBeyondCaller(db, who(1)))]).toEqual([4, 6]);
    expect(asked).toEqual([
      { table: 'user_role', params: [7, 3] },
      { table: 'role_perm', params: [3, [10, 11]] },
    ]);
  });
});
