import type { SessionInfo } from './auth.ts';
import type { Db } from '../infra/db/db.ts';
import { ApiError } from '../infra/http/http.ts';
import { permittedMenuIds } from './menu.ts';
import { oncePerRequest } from './request-access.ts';

/**
 * The departments whose rows the caller may see: null for the whole tenant (userType 0), else their own, as the
 * account holds them now (read with the session, in the request's first statement: auth.ts).
 */
export const departmentScope = (s: SessionInfo): number[] | null => (s.userType === 0 ? null : s.departIds);

/** The menu entries the caller's roles grant now (pages, their directories, buttons), read once a request. */
export const heldMenuIds = (db: Db, s: SessionInfo): Promise<number[]> =>
  oncePerRequest(s, 'heldMenuIds', () => permittedMenuIds(db, s.userId, s.tenantId));

/** Whether a row of these departments is in scope (a row of no department is the whole tenant's: userType 0 only). */
export const inScope = (scope: number[] | null, rowDeparts: readonly number[]) =>
  scope === null || rowDeparts.some((d) => scope.includes(d));

/**
 * Department data scope: userType 0 sees every department of its tenant; others the rows that share one of their
 * departments. Refuses a row outside it with the spec's departNoPermisson answer (the type name is the product's
 * spelling), naming the row's departments.
 */
export function assertInScope(s: SessionInfo, rowDeparts: number[]): void {
  if (!inScope(departmentScope(s), rowDeparts)) {
    throw new ApiError('没有数据访问权限', { type: 'departNoPermisson', values: rowDeparts });
  }
}

/**
 * The tenant's roles the caller may not give (no privilege escalation): those holding a permission the caller's
 * own roles do not grant. One rule for a user save, /v1/userRole/save and the import.
 */
export async function rolesBeyondCaller(db: Db, s: SessionInfo): Promise<Set<number>> {
  const mine = await heldMenuIds(db, s);
  const rows = await db.query<{ role_id: number }>(
    `SELECT DISTINCT rp.role_id FROM role_perm rp JOIN role r ON r.id = rp.role_id AND r.tenant_id = $1
      WHERE NOT (rp.menu_id = ANY($2::int[]))`,
    [s.tenantId, mine],
  );
  return new Set(rows.map((r) => r.role_id));
}
