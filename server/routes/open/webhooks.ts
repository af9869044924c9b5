import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { isMaskedSecret } from '@/api/schema/open/webhook.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { targetProblem } from '../../infra/outbound.ts';
import { maskSecret, type Secrets } from '../../infra/secrets.ts';
import { WEBHOOK_EVENTS, type WebhookDispatcher } from '../../services/webhooks.ts';
import { webhookApi, type Delivery, type Webhook } from '@/api/table/operations.ts';
import { mount } from '../../infra/http/mount.ts';

/**
 * Open platform › message subscriptions (not shown in the spec; docs/api.md "Webhooks"): a tenant's endpoints, the
 * events they want, a signing secret (sealed, shown masked), a test event, and every delivery with its attempts.
 */
export function webhookRoutes(db: Db, secrets: Secrets, dispatcher: WebhookDispatcher, allowPrivateTargets: boolean) {
  const app = new Hono<AppEnv>();

  mount(app, webhookApi.list, async (c) => {
    const rows = await db.query<Webhook>(
      `SELECT w.id, w.name, w.url, w.events, w.secret, w.enabled, to_json(w.created_at) #>> '{}' AS "createdAt",
              (SELECT count(*)::int FROM webhook_delivery d WHERE d.webhook_id = w.id AND d.status = 'failed') AS failed,
              (SELECT count(*)::int FROM webhook_delivery d WHERE d.webhook_id = w.id AND d.status = 'pending') AS pending
         FROM webhook w WHERE w.tenant_id = $1 ORDER BY w.id`,
      [c.get('session').tenantId],
    );
    return ok({ webhooks: rows.map((r) => ({ ...r, secret: maskSecret(secrets.decrypt(r.secret)) })), events: [...WEBHOOK_EVENTS] });
  });

  mount(app, webhookApi.save, async (c) => {
    const { id, name, url, events, secret, enabled } = c.var.body;
    const s = c.get('session');
    const problem = await targetProblem(url, allowPrivateTargets);
    if (problem) throw refuse('url', problem);
    const newSecret = secret && !isMaskedSecret(secret) ? secret : null;
    if (newSecret !== null && !secrets.available) throw refuse('secret', '服务器未配置 SECRETS_KEY，不能保存密钥');
    const [row] =
      id === null
        ? await db.query<{ id: number }>(
            'INSERT INTO webhook (tenant_id, name, url, events, secret, enabled) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
            [s.tenantId, name, url, events, secrets.encrypt(newSecret!), enabled],
          )
        : await db.query<{ id: number }>(
            `UPDATE webhook SET name = $3, url = $4, events = $5, secret = COALESCE($6, secret), enabled = $7 WHERE id = $1 AND tenant_id = $2 RETURNING id`,
            [id, s.tenantId, name, url, events, newSecret === null ? null : secrets.encrypt(newSecret), enabled],
          );
    if (!row) throw new ApiError(say('webhookId'));
    return ok({ id: row.id });
  });

  mount(app, webhookApi.remove, async (c) => {
    const { id } = c.var.body;
    const rows = await db.query('DELETE FROM webhook WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, c.get('session').tenantId]);
    if (!rows.length) throw new ApiError(say('webhookId'));
    return ok();
  });

  // A test event to one subscription, delivered at once (and retried like any other if it fails).
  mount(app, webhookApi.test, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO webhook_delivery (webhook_id, tenant_id, event, payload)
       SELECT w.id, w.tenant_id, 'webhook.test', jsonb_build_object('event', 'webhook.test', 'tenantId', w.tenant_id, 'occurredAt', now(), 'data', '{}'::jsonb)
         FROM webhook w WHERE w.id = $1 AND w.tenant_id = $2 RETURNING id::text AS id`,
      [id, s.tenantId],
    );
    if (!row) throw new ApiError(say('webhookId'));
    await dispatcher.tick();
    const [d] = await db.query<{ status: string; lastStatus: number | null; lastError: string }>(
      `SELECT status, last_status AS "lastStatus", last_error AS "lastError" FROM webhook_delivery WHERE id = $1::bigint`,
      [row.id],
    );
    return ok({ deliveryId: row.id, ...d });
  });

  mount(app, webhookApi.deliveries, async (c) => {
    const { id } = c.var.body;
    const rows = await db.query<Delivery>(
      `SELECT d.id::text AS id, d.event, d.status, d.attempts, d.last_status AS "lastStatus", d.last_error AS "lastError",
              to_json(d.created_at) #>> '{}' AS "createdAt", to_json(d.delivered_at) #>> '{}' AS "deliveredAt",
              to_json(d.next_attempt_at) #>> '{}' AS "nextAttemptAt"
         FROM webhook_delivery d WHERE d.webhook_id = $1 AND d.tenant_id = $2 ORDER BY d.id DESC LIMIT 200`,
      [id, c.get('session').tenantId],
    );
    return ok(rows);
  });

  return app;
}
