import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { say } from '@/api/schema/messages.ts';
import { departApi, type DepartRow } from '@/api/table/base-info.ts';
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
    const rows = await db.query<DepartRow>(
      `SELECT d.id, d.depart_name AS "departName",
              (SELECT count(*)::int FROM app_user u WHERE u.tenant_id = d.tenant_id AND u.deleted_at IS NULL AND d.id = ANY(u.depart_ids)) AS users,
              (SELECT count(*)::int FROM meta_record r JOIN meta_field f ON f.table_id = r.table_id AND f.type = 'department'
                WHERE r.tenant_id = d.tenant_id AND r.data -> f.id::text = to_jsonb(d.id)) AS records
         FROM depart d WHERE d.tenant_id = $1 ORDER BY d.id`,
      [s.tenantId],
    );
    return ok(rows);
  });

  mount(app, departApi.save, async (c) => {
    const { id, departName: name } = c.var.body;
    const s = c.get('session');
    const [dup] = await db.query('SELECT 1 FROM depart WHERE tenant_id = $1 AND depart_name = $2 AND ($3::int IS NULL OR id <> $3)', [
      s.tenantId,
      name,
      id,
    ]);
    if (dup) throw refuse('departName', '已有同名的部门');
    if (id === null) {
      const [row] = await onDuplicate(
        db.query<{ id: number }>('INSERT INTO depart (tenant_id, depart_name) VALUES ($1, $2) RETURNING id', [s.tenantId, name]),
        '已有同名的部门',
      );
      return ok({ id: row.id });
    }
    const rows = await db.query('UPDATE depart SET depart_name = $3 WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, s.tenantId, name]);
    if (!rows.length) throw new ApiError(say('departId'));
    return ok({ id });
  });

  mount(app, departApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    // One statement: the department goes only while no account and no record is in it.
    const removed = await db.query(
      `DELETE FROM depart d WHERE d.id = $1 AND d.tenant_id = $2
          AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.tenant_id = d.tenant_id AND u.deleted_at IS NULL AND d.id = ANY(u.depart_ids))
          AND NOT EXISTS (SELECT 1 FROM meta_record r JOIN meta_field f ON f.table_id = r.table_id AND f.type = 'department'
                           WHERE r.tenant_id = d.tenant_id AND r.data -> f.id::text = to_jsonb(d.id))
        RETURNING id`,
      [id, s.tenantId],
    );
    if (!removed.length) {
      const [exists] = await db.query('SELECT 1 FROM depart WHERE id = $1 AND tenant_id = $2', [id, s.tenantId]);
      throw new ApiError(exists ? '部门下还有账号或业务记录，不能删除；请先把它们移到其他部门' : say('departId'));
    }
    return ok();
  });

  return app;
}
