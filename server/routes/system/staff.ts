import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { say } from '@/api/schema/messages.ts';
import { isMaskedPhone, type StaffRow } from '@/api/schema/system/staff.ts';
import { mount } from '../../infra/http/mount.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { departmentScope, inScope } from '../../access/permissions.ts';
import { PHONE_PATTERN } from '@/api/contract/users.ts';
import { isMaskedOf, phoneView } from '../../access/privacy.ts';
import { staffApi } from '@/api/table/base-info.ts';

const STAFF_COLUMNS = `s.id, s.staff_name AS "staffName", s.staff_code AS "staffCode", s.phone, s.store_id AS "storeId", s.user_id AS "userId",
  u.user_name AS "userName"`;

/**
 * Staff records (User: staffInfo, staff, staffAccount). A staff member is bound to at most one account
 * of the tenant and an account to at most one staff member; binding an account stays within the caller's
 * department scope.
 */
export function staffRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  /** Why a staff member cannot be bound to an account, or null when it can. */
  const bindingProblem = async (s: SessionInfo, staffId: number | null, userId: number): Promise<string | null> => {
    const [user] = await db.query<{ depart_ids: number[] }>(
      'SELECT depart_ids FROM app_user WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL',
      [userId, s.tenantId],
    );
    if (!user) return '账号不存在';
    if (!inScope(await departmentScope(db, s), user.depart_ids)) return '没有该账号的数据访问权限';
    const [other] = await db.query<{ staff_name: string }>(
      'SELECT staff_name FROM staff WHERE user_id = $1 AND ($2::int IS NULL OR id <> $2)',
      [userId, staffId],
    );
    if (other) return `该账号已绑定员工 ${other.staff_name}`;
    if (staffId !== null) {
      const [staff] = await db.query<{ user_id: number | null; user_name: string | null }>(
        'SELECT s.user_id, u.user_name FROM staff s LEFT JOIN app_user u ON u.id = s.user_id WHERE s.id = $1 AND s.tenant_id = $2',
        [staffId, s.tenantId],
      );
      if (!staff) return '员工不存在';
      if (staff.user_id !== null && staff.user_id !== userId) return `该员工已绑定账号 ${staff.user_name ?? staff.user_id}`;
    }
    return null;
  };

  // staff records: the staff page, or an account editor binding one
  mount(app, staffApi.ofUser, async (c) => {
    const { userId } = c.var.body;
    const [row] = await db.query<StaffRow>(
      `SELECT ${STAFF_COLUMNS} FROM staff s LEFT JOIN app_user u ON u.id = s.user_id WHERE s.user_id = $1 AND s.tenant_id = $2`,
      [userId, c.get('session').tenantId],
    );
    return ok(row ?? null);
  });

  mount(app, staffApi.checkBinding, async (c) => {
    const { staffId: staff, userId } = c.var.body;
    const problem = await bindingProblem(c.get('session'), staff, userId);
    if (problem) throw new ApiError(problem, { field: 'userId' });
    return ok({ ok: true });
  });

  /** 基础数据 › 员工管理: the tenant's staff with their bound accounts; a keyword matches name, code or phone. */
  mount(app, staffApi.list, async (c) => {
    const { pageNum, pageSize, keyword } = c.var.body;
    const s = c.get('session');
    const where = `s.tenant_id = $1 AND ($2 = '' OR strpos(lower(s.staff_name || ' ' || s.staff_code || ' ' || s.phone), lower($2)) > 0)`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff s WHERE ${where}`, [s.tenantId, keyword]);
    const rows = await db.query(
      `SELECT ${STAFF_COLUMNS} FROM staff s LEFT JOIN app_user u ON u.id = s.user_id WHERE ${where} ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
      [s.tenantId, keyword, pageSize, (pageNum - 1) * pageSize],
    );
    const view = await phoneView(db, s);
    return c.json({ result: 'ok', values: rows.map((r) => ({ ...r, phone: view(r.phone as string) })), count: n });
  });

  mount(app, staffApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const removed = await db.query('DELETE FROM staff WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, s.tenantId]);
    if (!removed.length) throw new ApiError(say('staffId'));
    return ok();
  });

  mount(app, staffApi.save, async (c) => {
    const input = c.var.body;
    const { id, staffName, staffCode, storeId, userId } = input;
    const s = c.get('session');
    let phone = input.phone;
    if (id !== null && isMaskedPhone(phone)) {
      // Sent back as the list showed it masked: the stored number stays.
      const [before] = await db.query<{ phone: string }>('SELECT phone FROM staff WHERE id = $1 AND tenant_id = $2', [id, s.tenantId]);
      if (before && isMaskedOf(phone, before.phone)) phone = before.phone;
    }
    if (phone && !PHONE_PATTERN.test(phone)) throw new ApiError(say('staffPhone'), { field: 'phone' });
    if (userId !== null) {
      const problem = await bindingProblem(s, id, userId);
      if (problem) throw new ApiError(problem, { field: 'userId' });
    }
    // The unique indexes arbitrate parallel saves: a code or an account taken meanwhile is answered, never a 500.
    const taken = '员工编号已存在，或该账号已绑定其他员工';
    if (id === null) {
      const [row] = await onDuplicate(
        db.query<{ id: number }>(
          `INSERT INTO staff (tenant_id, staff_name, staff_code, phone, store_id, user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [s.tenantId, staffName, staffCode, phone, storeId, userId],
        ),
        taken,
      );
      return ok({ id: row.id });
    }
    const rows = await onDuplicate(
      db.query(
        `UPDATE staff SET staff_name = $3, staff_code = $4, phone = $5, store_id = $6, user_id = $7 WHERE id = $1 AND tenant_id = $2 RETURNING id`,
        [id, s.tenantId, staffName, staffCode, phone, storeId, userId],
      ),
      taken,
    );
    if (!rows.length) throw new ApiError(say('staffId'));
    return ok({ id });
  });

  return app;
}
