import type { Db } from '../../infra/db/db.ts';
import type { StaffRow } from '@/api/schema/system/staff.ts';

/*
 * The staff records' SQL (issue 44 part 4): the routes (server/features/staff/routes.ts) decide who may do what and how
 * a binding is checked; the statements are here.
 */

const STAFF_COLUMNS = `s.id, s.staff_name AS "staffName", s.staff_code AS "staffCode", s.phone, s.store_id AS "storeId", s.user_id AS "userId",
  u.user_name AS "userName"`;

/** The name of the staff member (other than `exceptStaffId`) bound to an account, or undefined. */
export async function staffBoundTo(db: Db, userId: number, exceptStaffId: number | null): Promise<string | undefined> {
  const [other] = await db.query<{ staff_name: string }>(
    'SELECT staff_name FROM staff WHERE user_id = $1 AND ($2::int IS NULL OR id <> $2)',
    [userId, exceptStaffId],
  );
  return other?.staff_name;
}

/** A staff member's bound account (its id and name), or undefined when there is no such staff member. */
export async function staffAccount(db: Db, tenantId: number, staffId: number) {
  const [staff] = await db.query<{ user_id: number | null; user_name: string | null }>(
    'SELECT s.user_id, u.user_name FROM staff s LEFT JOIN app_user u ON u.id = s.user_id WHERE s.id = $1 AND s.tenant_id = $2',
    [staffId, tenantId],
  );
  return staff;
}

/** The staff record bound to an account, or null. */
export async function staffOfUser(db: Db, tenantId: number, userId: number): Promise<StaffRow | null> {
  const [row] = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM staff s LEFT JOIN app_user u ON u.id = s.user_id WHERE s.user_id = $1 AND s.tenant_id = $2`,
    [userId, tenantId],
  );
  return row ?? null;
}

/** A page of the tenant's staff, newest first; a keyword matches name, code or phone. */
export async function staffPage(db: Db, tenantId: number, keyword: string, pageNum: number, pageSize: number) {
  const where = `s.tenant_id = $1 AND ($2 = '' OR strpos(lower(s.staff_name || ' ' || s.staff_code || ' ' || s.phone), lower($2)) > 0)`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff s WHERE ${where}`, [tenantId, keyword]);
  const rows = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM staff s LEFT JOIN app_user u ON u.id = s.user_id WHERE ${where} ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
    [tenantId, keyword, pageSize, (pageNum - 1) * pageSize],
  );
  return { rows, count: n };
}

/** A staff record deleted; false when there was none. */
export async function deleteStaff(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM staff WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}

/** A staff member's stored phone, or undefined. */
export async function staffPhone(db: Db, tenantId: number, id: number): Promise<string | undefined> {
  const [before] = await db.query<{ phone: string }>('SELECT phone FROM staff WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  return before?.phone;
}

type StaffFields = { staffName: string; staffCode: string; phone: string; storeId: number | null; userId: number | null };

/** A new staff record (the unique indexes refuse a taken code or account: the caller says so). */
export const insertStaff = (db: Db, tenantId: number, f: StaffFields) =>
  db.query<{ id: number }>(
    `INSERT INTO staff (tenant_id, staff_name, staff_code, phone, store_id, user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [tenantId, f.staffName, f.staffCode, f.phone, f.storeId, f.userId],
  );

/** A staff record edited; no row when there is no such record. */
export const updateStaff = (db: Db, tenantId: number, id: number, f: StaffFields) =>
  db.query(
    `UPDATE staff SET staff_name = $3, staff_code = $4, phone = $5, store_id = $6, user_id = $7 WHERE id = $1 AND tenant_id = $2 RETURNING id`,
    [id, tenantId, f.staffName, f.staffCode, f.phone, f.storeId, f.userId],
  );
