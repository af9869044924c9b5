import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { say } from '@/api/schema/messages.ts';
import { departApi } from '@/api/table/base-info.ts';
import * as q from './queries.ts';
import { mount } from '../../infra/http/mount.ts';

/**
 * 基础数据 › 部门管理 on the real department table (the one accounts and department scope use): list with
 * how many accounts and records each holds, add, rename, delete (refused while anything is in it). Changes need the
 * depart:add, depart:edit or depart:del button, which the catalogue gives super administrators only (departments
 * define everyone's data scope).
 */
export function departRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  mount(app, departApi.list, async (c) => {
    const s = c.get('session');
    return ok(await q.departsWithUse(db, s.tenantId));
  });

  mount(app, departApi.save, async (c) => {
    const { id, departName: name } = c.var.body;
    const s = c.get('session');
    if (await q.departNameTaken(db, s.tenantId, name, id)) throw refuse('departName', '已有同名的部门');
    if (id === null) {
      return ok({ id: await onDuplicate(q.insertDepart(db, s.tenantId, name), '已有同名的部门') });
    }
    if (!(await q.renameDepart(db, s.tenantId, id, name))) throw new ApiError(say('departId'));
    return ok({ id });
  });

  mount(app, departApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    // One statement: the department goes only while no account and no record is in it.
    if (!(await q.deleteUnusedDepart(db, s.tenantId, id))) {
      throw new ApiError(
        (await q.departExists(db, s.tenantId, id)) ? '部门下还有账号或业务记录，不能删除；请先把它们移到其他部门' : say('departId'),
      );
    }
    return ok();
  });

  return app;
}
