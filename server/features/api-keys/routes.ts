import { Hono } from 'hono';
import type { AppEnv, SessionInfo } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { type CallTable } from '../../access/access.ts';
import { newApiKey } from '../../access/api-keys.ts';
import { apiKeyApi } from '@/api/table/operations.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

/**
 * Open platform › API keys (not shown in the spec; docs/api.md "API keys"): a tenant's keys for partners. A key is
 * shown once and kept only as a hash; it acts as its maker within its scopes (interfaces the maker may call now, never
 * the shell's or the platform's); revoking bites at the next call; every call is logged.
 */
export function apiKeyRoutes(db: Db, calls: CallTable) {
  const app = new Hono<AppEnv>();

  /** The interfaces the caller may give a key: page-or-button calls their roles reach now, not the platform's. */
  const grantable = async (s: SessionInfo) => {
    const rows = await q.interfacesOfRoles(db, s.tenantId, s.userId);
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
    return ok(await q.keysOf(db, c.get('session').tenantId));
  });

  mount(app, apiKeyApi.create, async (c) => {
    const { name, scopes, expiresAt } = c.var.body;
    const s = c.get('session');
    const allowed = new Set((await grantable(s)).map((r) => r.id));
    if (scopes.some((id) => !allowed.has(id))) throw refuse('scopes', say('apiKeyScopesOwn'));
    const { key, prefix, hash } = newApiKey();
    const id = await q.insertKey(db, s.tenantId, s.userId, { name, prefix, hash, scopes, expiresAt });
    // The key itself is in this answer only; the server keeps its hash.
    return ok({ id, prefix, key });
  });

  mount(app, apiKeyApi.revoke, async (c) => {
    const { id } = c.var.body;
    if (!(await q.revokeKey(db, c.get('session').tenantId, id))) throw new ApiError(say('apiKeyId'));
    return ok();
  });

  mount(app, apiKeyApi.logs, async (c) => {
    const { id } = c.var.body;
    return ok(await q.callsOf(db, c.get('session').tenantId, id));
  });

  return app;
}
