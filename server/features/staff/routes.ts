import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { say } from '@/api/schema/messages.ts';
import { isMaskedPhone } from '@/api/schema/system/staff.ts';
import { mount } from '../../infra/http/mount.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { departmentScope, inScope } from '../../access/permissions.ts';
import { PHONE_PATTERN } from '@/api/contract/users.ts';
import { isMaskedOf, phoneView } from '../../access/privacy.ts';
import { staffApi } from '@/api/table/base-info.ts';
import { deleteStaff, insertStaff, staffAccount, staffBoundTo, staffOfUser, staffPage, staffPhone, updateStaff } from './queries.ts';
import { accountDeparts } from '../users/queries.ts';

/**
 * Staff records (User: staffInfo, staff, staffAccount). A staff member is bound to at most one account
 * of the tenant and an account to at most one staff member; binding an account stays within the caller's
 * department scope.
 */
export function staffRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  /** Why a staff member cannot be bound to an account, or null when it can. */
  const bindingProblem = async (s: SessionInfo, staffId: number | null, userId: number): Promise<string | null> => {
    const departs = await accountDeparts(db, s.tenantId, userId);
    if (!departs) return '账号不存在';
    if (!inScope(departmentScope(s), departs)) return '没有该账号的数据访问权限';
    const other = await staffBoundTo(db, userId, staffId);
    if (other !== undefined) return `该账号已绑定员工 ${other}`;
    if (staffId !== null) {
      const staff = await staffAccount(db, s.tenantId, staffId);
      if (!staff) return '员工不存在';
      if (staff.user_id !== null && staff.user_id !== userId) return `该员工已绑定账号 ${staff.user_name ?? staff.user_id}`;
    }
    return null;
  };

  // staff records: the staff page, or an account editor binding one
  mount(app, staffApi.ofUser, async (c) => {
    const { userId } = c.var.body;
    return ok(await staffOfUser(db, c.get('session').tenantId, userId));
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
    const { rows, count } = await staffPage(db, s.tenantId, keyword, pageNum, pageSize);
    const view = await phoneView(db, s);
    return c.json({ result: 'ok', values: rows.map((r) => ({ ...r, phone: view(r.phone) })), count });
  });

  mount(app, staffApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    if (!(await deleteStaff(db, s.tenantId, id))) throw new ApiError(say('staffId'));
    return ok();
  });

  mount(app, staffApi.save, async (c) => {
    const input = c.var.body;
    const { id, staffName, staffCode, storeId, userId } = input;
    const s = c.get('session');
    let phone = input.phone;
    if (id !== null && isMaskedPhone(phone)) {
      // Sent back as the list showed it masked: the stored number stays.
      const before = await staffPhone(db, s.tenantId, id);
      if (before !== undefined && isMaskedOf(phone, before)) phone = before;
    }
    if (phone && !PHONE_PATTERN.test(phone)) throw new ApiError(say('staffPhone'), { field: 'phone' });
    if (userId !== null) {
      const problem = await bindingProblem(s, id, userId);
      if (problem) throw new ApiError(problem, { field: 'userId' });
    }
    // The unique indexes arbitrate parallel saves: a code or an account taken meanwhile is answered, never a 500.
    const taken = '员工编号已存在，或该账号已绑定其他员工';
    if (id === null) {
      const [row] = await onDuplicate(insertStaff(db, s.tenantId, { staffName, staffCode, phone, storeId, userId }), taken);
      return ok({ id: row.id });
    }
    const rows = await onDuplicate(updateStaff(db, s.tenantId, id, { staffName, staffCode, phone, storeId, userId }), taken);
    if (!rows.length) throw new ApiError(say('staffId'));
    return ok({ id });
  });

  return app;
}
