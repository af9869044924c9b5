import type { Queryable } from '../../infra/db/db.ts';
import type { DepartRow } from '@/api/table/base-info.ts';

/*
 * The departments' SQL (issue 44 part 4). The routes (server/features/departs/routes.ts) say why a change was refused;
 * the statements are here, each kept to its tenant. Records name a department in a field of type department.
 */

/** Accounts and records in a department `d` (SQL). */
const IN_USE = {
  users: `SELECT 1 FROM app_user u WHERE u.tenant_id = d.tenant_id AND u.deleted_at IS NULL AND d.id = ANY(u.depart_ids)`,
  records: `SELECT 1 FROM meta_record r JOIN meta_field f ON f.table_id = r.table_id AND f.type = 'department'
             WHERE r.tenant_id = d.tenant_id AND r.data -> f.id::text = to_jsonb(d.id)`,
};

/** The tenant's departments with how many accounts and records are in each, by id. */
export const departsWithUse = (db: Queryable, tenantId: number) =>
  db.query<DepartRow>(
    `SELECT d.id, d.depart_name AS "departName",
            (SELECT count(*)::int FROM (${IN_USE.users}) x) AS users,
            (SELECT count(*)::int FROM (${IN_USE.records}) x) AS records
       FROM depart d WHERE d.tenant_id = $1 ORDER BY d.id`,
    [tenantId],
  );

/** The tenant's departments (id and name), first made first: names in sheets, ids in saves. */
export const tenantDeparts = (db: Queryable, tenantId: number) =>
  db.query<{ id: number; depart_name: string }>('SELECT id, depart_name FROM depart WHERE tenant_id = $1 ORDER BY id', [tenantId]);

/** Whether the tenant has this department. */
export async function departExists(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM depart WHERE id = $1 AND tenant_id = $2', [id, tenantId])).length > 0;
}

/** Whether another department of the tenant has this name. */
export async function departNameTaken(db: Queryable, tenantId: number, name: string, exceptId: number | null): Promise<boolean> {
  return (
    (
      await db.query('SELECT 1 FROM depart WHERE tenant_id = $1 AND depart_name = $2 AND ($3::int IS NULL OR id <> $3)', [
        tenantId,
        name,
        exceptId,
      ])
    ).length > 0
  );
}

/** A new department (the unique index refuses a taken name: the caller says so); its id. */
export async function insertDepart(db: Queryable, tenantId: number, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('INSERT INTO depart (tenant_id, depart_name) VALUES ($1, $2) RETURNING id', [
    tenantId,
    name,
  ]);
  return row.id;
}

/** A department renamed; false when the tenant has none such. */
export async function renameDepart(db: Queryable, tenantId: number, id: number, name: string): Promise<boolean> {
  return (
    (await db.query('UPDATE depart SET depart_name = $3 WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId, name])).length > 0
  );
}

/** One statement: the department deleted only while no account and no record is in it; whether it went. */
export async function deleteUnusedDepart(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  const removed = await db.query(
    `DELETE FROM depart d WHERE d.id = $1 AND d.tenant_id = $2 AND NOT EXISTS (${IN_USE.users}) AND NOT EXISTS (${IN_USE.records})
      RETURNING id`,
    [id, tenantId],
  );
  return removed.length > 0;
}
