import type { SessionInfo } from './auth.ts';
import type { Db } from './db.ts';

/** The departments whose rows the caller may see: null for the whole tenant (userType 0), else their own. */
export async function departmentScope(db: Db, s: SessionInfo): Promise<number[] | null> {
  if (s.userType === 0) return null;
  const [me] = await db.query<{ depart_ids: number[] }>('SELECT depart_ids FROM app_user WHERE id = $1 AND tenant_id = $2', [
    s.userId,
    s.tenantId,
  ]);
  return me?.depart_ids ?? [];
}

/** Whether a row of these departments is in scope (a row of no department is the whole tenant's: userType 0 only). */
export const inScope = (scope: number[] | null, rowDeparts: readonly number[]) =>
  scope === null || rowDeparts.some((d) => scope.includes(d));

/**
 * Department data scope: userType 0 sees every department of its tenant; others the rows that share one of their
 * departments. Returns null when the row is in scope, else SPEC 8's departNoPermisson answer for it.
 */
export async function outsideScope(db: Db, s: SessionInfo, rowDeparts: number[]) {
  return inScope(await departmentScope(db, s), rowDeparts) ? null : departNoPermission(rowDeparts);
}

/** SPEC 8's answer for a row outside the caller's departments (the type name is the product's spelling). */
export const departNoPermission = (departs: number[]) => ({
  result: 'error' as const,
  type: 'departNoPermisson',
  values: departs,
  errmsg: '没有数据访问权限',
});
