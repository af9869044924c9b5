import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { isMaskedSecret } from '@/api/schema/open/webhook.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { targetProblem } from '../../infra/outbound.ts';
import { maskSecret, type Secrets } from '../../infra/secrets.ts';
import { WEBHOOK_EVENTS, type WebhookDispatcher } from '../../services/webhooks.ts';
import { webhookApi } from '@/api/table/operations.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

/**
 * Open platform › message subscriptions (not shown in the spec; docs/api.md "Webhooks"): a tenant's endpoints, the
 * events they want, a signing secret (sealed, shown masked), a test event, and every delivery with its attempts.
 */
export function webhookRoutes(db: Db, secrets: Secrets, dispatcher: WebhookDispatcher, allowPrivateTargets: boolean) {
  const app = new Hono<AppEnv>();

  mount(app, webhookApi.list, async (c) => {
    const rows = await q.webhooksOf(db, c.get('session').tenantId);
    return ok({ webhooks: rows.map((r) => ({ ...r, secret: maskSecret(secrets.decrypt(r.secret)) })), events: [...WEBHOOK_EVENTS] });
  });

  mount(app, webhookApi.save, async (c) => {
    const { id, name, url, events, secret, enabled } = c.var.body;
    const s = c.get('session');
    const problem = await targetProblem(url, allowPrivateTargets);
    if (problem) throw refuse('url', problem);
    const newSecret = secret && !isMaskedSecret(secret) ? secret : null;
    if (newSecret !== null && !secrets.available) throw refuse('secret', '服务器未配置 SECRETS_KEY，不能保存密钥');
    const sealed = newSecret === null ? null : secrets.encrypt(newSecret);
    const saved = await q.saveWebhook(db, s.tenantId, id, { name, url, events, enabled }, sealed);
    if (saved === undefined) throw new ApiError(say('webhookId'));
    return ok({ id: saved });
  });

  mount(app, webhookApi.remove, async (c) => {
    const { id } = c.var.body;
    if (!(await q.deleteWebhook(db, c.get('session').tenantId, id))) throw new ApiError(say('webhookId'));
    return ok();
  });

  // A test event to one subscription, delivered at once (and retried like any other if it fails).
  mount(app, webhookApi.test, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const deliveryId = await q.queueTestEvent(db, s.tenantId, id);
    if (deliveryId === undefined) throw new ApiError(say('webhookId'));
    await dispatcher.tick();
    return ok({ deliveryId, ...(await q.deliveryState(db, deliveryId)) });
  });

  mount(app, webhookApi.deliveries, async (c) => {
    const { id } = c.var.body;
    return ok(await q.deliveriesOf(db, c.get('session').tenantId, id));
  });

  return app;
}
