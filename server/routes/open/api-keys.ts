import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { type CallTable } from '../../access/access.ts';
import { offeredTo } from '../../access/menu.ts';
import { newApiKey } from '../../access/api-keys.ts';
import { apiKeyApi, type ApiKeyCall, type ApiKeyRow } from '@/api/table/operations.ts';
import { mount } from '../../infra/http/mount.ts';

/**
 * Open platform › API keys (not shown in the spec; docs/api.md "API keys"): a tenant's keys for partners. A key is
 * shown once and kept only as a hash; it acts as its maker within its scopes (interfaces the maker may call now, never
 * the shell's or the platform's); revoking bites at the next call; every call is logged.
 */
export function apiKeyRoutes(db: Db, calls: CallTable) {
  const app = new Hono<AppEnv>();

  /** The interfaces the caller may give a key: page-or-button calls their roles reach now, not the platform's. */
  const grantable = async (s: SessionInfo) => {
    const rows = await db.query<{ id: number; method: string; path: string; name: string }>(
      `SELECT DISTINCT i.id, i.method, i.path, i.name FROM api_interface i
         JOIN page_func_relation pf ON pf.interface_id = i.id
         JOIN menu m ON m.id = pf.menu_id AND ${offeredTo('m', '$2')}
         JOIN role_perm rp ON rp.menu_id = m.id
         JOIN role r ON r.id = rp.role_id AND r.tenant_id = $2
         JOIN user_role ur ON ur.role_id = r.id AND ur.user_id = $1
        ORDER BY i.path`,
      [s.userId, s.tenantId],
    );
    return rows.filter((r) => {
      const owner = calls.owner(r.method, r.path);
      // an external backend's interface (no owner here), or a page or button call that is not the platform's
      return r.path && (owner === undefined || (typeof owner === 'object' && !owner.platform));
    });
  };

  mount(app, apiKeyApi.scopes, async (c) => {
    return ok(await grantable(c.get('session')));
  });

  mount(app, apiKeyApi.list, async (c) => {
    const rows = await db.query<ApiKeyRow>(
      `SELECT k.id, k.name, k.prefix, k.scopes, u.user_name AS "createdBy", to_json(k.created_at) #>> '{}' AS "createdAt",
              to_json(k.expires_at) #>> '{}' AS "expiresAt", to_json(k.revoked_at) #>> '{}' AS "revokedAt",
              to_json(k.last_used_at) #>> '{}' AS "lastUsedAt",
              (SELECT count(*)::int FROM api_key_log l WHERE l.key_id = k.id AND l.created_at > now() - interval '1 day') AS "calls24h"
         FROM api_key k JOIN app_user u ON u.id = k.created_by WHERE k.tenant_id = $1 ORDER BY k.id DESC LIMIT 500`,
      [c.get('session').tenantId],
    );
    return ok(rows);
  });

  mount(app, apiKeyApi.create, async (c) => {
    const { name, scopes, expiresAt } = c.var.body;
    const s = c.get('session');
    const allowed = new Set((await grantable(s)).map((r) => r.id));
    if (scopes.some((id) => !allowed.has(id))) throw refuse('scopes', say('apiKeyScopesOwn'));
    const { key, prefix, hash } = newApiKey();
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO api_key (tenant_id, name, prefix, key_hash, scopes, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz) RETURNING id`,
      [s.tenantId, name, prefix, hash, scopes, s.userId, expiresAt],
    );
    // The key itself is in this answer only; the server keeps its hash.
    return ok({ id: row.id, prefix, key });
  });

  mount(app, apiKeyApi.revoke, async (c) => {
    const { id } = c.var.body;
    const rows = await db.query(
      'UPDATE api_key SET revoked_at = now() WHERE id = $1 AND tenant_id = $2 AND revoked_at IS NULL RETURNING id',
      [id, c.get('session').tenantId],
    );
    if (!rows.length) throw new ApiError(say('apiKeyId'));
    return ok();
  });

  mount(app, apiKeyApi.logs, async (c) => {
    const { id } = c.var.body;
    const rows = await db.query<ApiKeyCall>(
      `SELECT l.id::text AS id, l.method, l.path, l.outcome, l.ip, to_json(l.created_at) #>> '{}' AS "createdAt"
         FROM api_key_log l JOIN api_key k ON k.id = l.key_id AND k.tenant_id = $2 WHERE l.key_id = $1 ORDER BY l.id DESC LIMIT 200`,
      [id, c.get('session').tenantId],
    );
    return ok(rows);
  });

  return app;
}
