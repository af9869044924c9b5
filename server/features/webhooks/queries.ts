import type { Queryable } from '../../infra/db/db.ts';
import type { Delivery, Webhook } from '@/api/table/operations.ts';

/*
 * The message subscriptions' SQL (issue 44 part 4): a tenant's endpoints and their deliveries. The routes
 * (server/features/webhooks/routes.ts) check targets and seal secrets; the dispatcher (services/webhooks.ts) delivers.
 */

/** The tenant's subscriptions (secrets as stored: sealed) with their failed and pending deliveries, by id. */
export const webhooksOf = (db: Queryable, tenantId: number) =>
  db.query<Webhook>(
    `SELECT w.id, w.name, w.url, w.events, w.secret, w.enabled, to_json(w.created_at) #>> '{}' AS "createdAt",
            (SELECT count(*)::int FROM webhook_delivery d WHERE d.webhook_id = w.id AND d.status = 'failed') AS failed,
            (SELECT count(*)::int FROM webhook_delivery d WHERE d.webhook_id = w.id AND d.status = 'pending') AS pending
       FROM webhook w WHERE w.tenant_id = $1 ORDER BY w.id`,
    [tenantId],
  );

type WebhookFields = { name: string; url: string; events: string[]; enabled: boolean };

/**
 * A subscription added (id null: `sealedSecret` required) or changed (a null secret keeps the one it has); its id, or
 * undefined when the tenant has none such.
 */
export async function saveWebhook(db: Queryable, tenantId: number, id: number | null, f: WebhookFields, sealedSecret: string | null) {
  const [row] =
    id === null
      ? await db.query<{ id: number }>(
          'INSERT INTO webhook (tenant_id, name, url, events, secret, enabled) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [tenantId, f.name, f.url, f.events, sealedSecret, f.enabled],
        )
      : await db.query<{ id: number }>(
          `UPDATE webhook SET name = $3, url = $4, events = $5, secret = COALESCE($6, secret), enabled = $7 WHERE id = $1 AND tenant_id = $2 RETURNING id`,
          [id, tenantId, f.name, f.url, f.events, sealedSecret, f.enabled],
        );
  return row?.id;
}

/** A subscription of the tenant deleted; false when there was none. */
export async function deleteWebhook(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM webhook WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}

/** A test event queued for one subscription of the tenant; the delivery's id, or undefined. */
export async function queueTestEvent(db: Queryable, tenantId: number, id: number): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO webhook_delivery (webhook_id, tenant_id, event, payload)
     SELECT w.id, w.tenant_id, 'webhook.test', jsonb_build_object('event', 'webhook.test', 'tenantId', w.tenant_id, 'occurredAt', now(), 'data', '{}'::jsonb)
       FROM webhook w WHERE w.id = $1 AND w.tenant_id = $2 RETURNING id::text AS id`,
    [id, tenantId],
  );
  return row?.id;
}

/** A delivery's state. */
export async function deliveryState(db: Queryable, deliveryId: string) {
  const [d] = await db.query<{ status: string; lastStatus: number | null; lastError: string }>(
    `SELECT status, last_status AS "lastStatus", last_error AS "lastError" FROM webhook_delivery WHERE id = $1::bigint`,
    [deliveryId],
  );
  return d;
}

/** The 200 latest deliveries of one subscription of the tenant. */
export const deliveriesOf = (db: Queryable, tenantId: number, id: number) =>
  db.query<Delivery>(
    `SELECT d.id::text AS id, d.event, d.status, d.attempts, d.last_status AS "lastStatus", d.last_error AS "lastError",
            to_json(d.created_at) #>> '{}' AS "createdAt", to_json(d.delivered_at) #>> '{}' AS "deliveredAt",
            to_json(d.next_attempt_at) #>> '{}' AS "nextAttemptAt"
       FROM webhook_delivery d WHERE d.webhook_id = $1 AND d.tenant_id = $2 ORDER BY d.id DESC LIMIT 200`,
    [id, tenantId],
  );
