import { Hono } from 'hono';
import type { AppEnv } from '../auth.ts';
import type { Db } from '../db.ts';
import { ApiError, int, ok, readBody, refuse } from '../http.ts';
import { targetProblem } from '../outbound.ts';
import { maskSecret, type Secrets } from '../secrets.ts';
import { WEBHOOK_EVENTS, type WebhookDispatcher } from '../webhooks.ts';

/**
 * Open platform › message subscriptions (not shown in SPEC 7; docs/api.md "Webhooks"): a tenant's endpoints, the
 * events they want, a signing secret (sealed, shown masked), a test event, and every delivery with its attempts.
 */
export function webhookRoutes(db: Db, secrets: Secrets, dispatcher: WebhookDispatcher, allowPrivateTargets: boolean) {
  const app = new Hono<AppEnv>();

  app.post('/v1/openApi/webhook/list', async (c) => {
    await readBody(c);
    const rows = await db.query<{ secret: string }>(
      `SELECT w.id, w.name, w.url, w.events, w.secret, w.enabled, to_json(w.created_at) #>> '{}' AS "createdAt",
              (SELECT count(*)::int FROM webhook_delivery d WHERE d.webhook_id = w.id AND d.status = 'failed') AS failed,
              (SELECT count(*)::int FROM webhook_delivery d WHERE d.webhook_id = w.id AND d.status = 'pending') AS pending
         FROM webhook w WHERE w.tenant_id = $1 ORDER BY w.id`,
      [c.get('session').tenantId],
    );
    return c.json(ok({ webhooks: rows.map((r) => ({ ...r, secret: maskSecret(secrets.decrypt(r.secret)) })), events: WEBHOOK_EVENTS }));
  });

  app.post('/v1/openApi/webhook/save', async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const id = body.id === undefined || body.id === null || body.id === '' ? null : int(body, 'id', '订阅', 0, 2 ** 31 - 1);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) throw refuse('name', '名称不能为空');
    if (name.length > 50) throw refuse('name', '名称不能超过 50 个字');
    const url = typeof body.url === 'string' ? body.url.trim() : '';
    const problem = await targetProblem(url, allowPrivateTargets);
    if (problem) throw refuse('url', problem);
    const events = Array.isArray(body.events) ? [...new Set(body.events.filter((e): e is string => typeof e === 'string'))] : [];
    if (!events.length) throw refuse('events', '请至少选择一个事件');
    if (events.some((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e))) throw refuse('events', '事件不存在');
    const newSecret = typeof body.secret === 'string' && body.secret && !body.secret.startsWith('******') ? body.secret : null;
    if (newSecret !== null && (newSecret.length < 16 || newSecret.length > 128)) throw refuse('secret', '签名密钥须为 16-128 个字符');
    if (newSecret !== null && !secrets.available) throw refuse('secret', '服务器未配置 SECRETS_KEY，不能保存密钥');
    if (id === null && newSecret === null) throw refuse('secret', '签名密钥不能为空');
    const enabled = body.enabled !== false;
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
    if (!row) throw new ApiError('订阅不存在');
    return c.json(ok({ id: row.id }));
  });

  app.post('/v1/openApi/webhook/delete', async (c) => {
    const body = await readBody(c);
    const rows = await db.query('DELETE FROM webhook WHERE id = $1 AND tenant_id = $2 RETURNING id', [
      int(body, 'id', '订阅', 0, 2 ** 31 - 1),
      c.get('session').tenantId,
    ]);
    if (!rows.length) throw new ApiError('订阅不存在');
    return c.json(ok());
  });

  // A test event to one subscription, delivered at once (and retried like any other if it fails).
  app.post('/v1/openApi/webhook/test', async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const id = int(body, 'id', '订阅', 0, 2 ** 31 - 1);
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO webhook_delivery (webhook_id, tenant_id, event, payload)
       SELECT w.id, w.tenant_id, 'webhook.test', jsonb_build_object('event', 'webhook.test', 'tenantId', w.tenant_id, 'occurredAt', now(), 'data', '{}'::jsonb)
         FROM webhook w WHERE w.id = $1 AND w.tenant_id = $2 RETURNING id::text AS id`,
      [id, s.tenantId],
    );
    if (!row) throw new ApiError('订阅不存在');
    await dispatcher.tick();
    const [d] = await db.query<{ status: string; lastStatus: number | null; lastError: string }>(
      `SELECT status, last_status AS "lastStatus", last_error AS "lastError" FROM webhook_delivery WHERE id = $1::bigint`,
      [row.id],
    );
    return c.json(ok({ deliveryId: row.id, ...d }));
  });

  app.post('/v1/openApi/webhook/deliveries', async (c) => {
    const body = await readBody(c);
    const rows = await db.query(
      `SELECT d.id::text AS id, d.event, d.status, d.attempts, d.last_status AS "lastStatus", d.last_error AS "lastError",
              to_json(d.created_at) #>> '{}' AS "createdAt", to_json(d.delivered_at) #>> '{}' AS "deliveredAt",
              to_json(d.next_attempt_at) #>> '{}' AS "nextAttemptAt"
         FROM webhook_delivery d WHERE d.webhook_id = $1 AND d.tenant_id = $2 ORDER BY d.id DESC LIMIT 200`,
      [int(body, 'id', '订阅', 0, 2 ** 31 - 1), c.get('session').tenantId],
    );
    return c.json(ok(rows));
  });

  return app;
}
