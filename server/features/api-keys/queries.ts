import type { Queryable } from '../../infra/db/db.ts';
import { offeredTo } from '../../access/menu.ts';
import type { ApiKeyCall, ApiKeyRow } from '@/api/table/operations.ts';

/*
 * The API keys' SQL (issue 44 part 4): a tenant's keys (kept as hashes), what a maker may give them, and their calls.
 * The routes (server/features/api-keys/routes.ts) decide which interfaces are grantable; access/api-keys.ts admits a key.
 */

/** The interfaces related to entries the user's roles hold in the tenant, by path. */
export const interfacesOfRoles = (db: Queryable, tenantId: number, userId: number) =>
  db.query<{ id: number; method: string; path: string; name: string }>(
    `SELECT DISTINCT i.id, i.method, i.path, i.name FROM api_interface i
       JOIN page_func_relation pf ON pf.interface_id = i.id
       JOIN menu m ON m.id = pf.menu_id AND ${offeredTo('m', '$2')}
       JOIN role_perm rp ON rp.menu_id = m.id
       JOIN role r ON r.id = rp.role_id AND r.tenant_id = $2
       JOIN user_role ur ON ur.role_id = r.id AND ur.user_id = $1
      ORDER BY i.path`,
    [userId, tenantId],
  );

/** The tenant's 500 newest keys with their makers and their calls of the last day. */
export const keysOf = (db: Queryable, tenantId: number) =>
  db.query<ApiKeyRow>(
    `SELECT k.id, k.name, k.prefix, k.scopes, u.user_name AS "createdBy", to_json(k.created_at) #>> '{}' AS "createdAt",
            to_json(k.expires_at) #>> '{}' AS "expiresAt", to_json(k.revoked_at) #>> '{}' AS "revokedAt",
            to_json(k.last_used_at) #>> '{}' AS "lastUsedAt",
            (SELECT count(*)::int FROM api_key_log l WHERE l.key_id = k.id AND l.created_at > now() - interval '1 day') AS "calls24h"
       FROM api_key k JOIN app_user u ON u.id = k.created_by WHERE k.tenant_id = $1 ORDER BY k.id DESC LIMIT 500`,
    [tenantId],
  );

/** A new key (its hash only); its id. */
export async function insertKey(
  db: Queryable,
  tenantId: number,
  userId: number,
  k: { name: string; prefix: string; hash: string; scopes: number[]; expiresAt: string | null },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO api_key (tenant_id, name, prefix, key_hash, scopes, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz) RETURNING id`,
    [tenantId, k.name, k.prefix, k.hash, k.scopes, userId, k.expiresAt],
  );
  return row.id;
}

/** A live key of the tenant revoked; false when there was none such. */
export async function revokeKey(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE api_key SET revoked_at = now() WHERE id = $1 AND tenant_id = $2 AND revoked_at IS NULL RETURNING id',
    [id, tenantId],
  );
  return rows.length > 0;
}

/** The 200 latest calls made with a key of the tenant. */
export const callsOf = (db: Queryable, tenantId: number, id: number) =>
  db.query<ApiKeyCall>(
    `SELECT l.id::text AS id, l.method, l.path, l.outcome, l.ip, to_json(l.created_at) #>> '{}' AS "createdAt"
       FROM api_key_log l JOIN api_key k ON k.id = l.key_id AND k.tenant_id = $2 WHERE l.key_id = $1 ORDER BY l.id DESC LIMIT 200`,
    [id, tenantId],
  );
