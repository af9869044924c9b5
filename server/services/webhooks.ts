import { createHmac } from 'node:crypto';
import type { Db } from '../infra/db/db.ts';
import type { Secrets } from '../infra/secrets.ts';
import { postOutbound, targetProblem } from '../infra/outbound.ts';

/** The events a subscription may choose (campaign.published arrives with the campaigns). */
import { WEBHOOK_EVENTS } from '@/api/schema/open/webhook.ts';
import { log } from '../infra/logger.ts';

export { WEBHOOK_EVENTS };
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

/** Attempts before a delivery is given up (the first and five retries). */
export const MAX_ATTEMPTS = 6;

/**
 * Queues an event for every enabled subscription of the tenant that wants it; the dispatcher delivers. Never fails
 * the call that emits it.
 */
export async function emitEvent(db: Db, tenantId: number, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  try {
    await db.query(
      `INSERT INTO webhook_delivery (webhook_id, tenant_id, event, payload)
       SELECT w.id, w.tenant_id, $2::text, jsonb_build_object('event', $2::text, 'tenantId', $1::int, 'occurredAt', now(), 'data', $3::jsonb)
         FROM webhook w WHERE w.tenant_id = $1::int AND w.enabled AND ($2::text = ANY(w.events) OR $2::text = 'webhook.test')`,
      [tenantId, event, JSON.stringify(data)],
    );
  } catch (err) {
    log.error({ err }, 'webhook event not queued');
  }
}

/** The signature a receiver checks: hex HMAC-SHA256 of `timestamp.body` under the subscription's secret. */
export const signature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export interface DispatcherOptions {
  db: Db;
  secrets: Secrets;
  allowPrivateTargets: boolean;
  /** how often due deliveries are looked for (default 2 s) */
  tickMs?: number;
  /** the first retry's wait; each next one doubles it (WEBHOOK_RETRY_BASE_MS, default 30 s) */
  retryBaseMs?: number;
}

interface Due {
  id: string;
  webhook_id: number;
  event: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Delivers queued events, in every server process: a batch of due deliveries is leased in one UPDATE (`FOR UPDATE
 * SKIP LOCKED`, so two processes never take the same one; a lease that outlives a crash is taken again later), each
 * is POSTed signed, and a failure waits 30 s, 60 s, 120 s... before the next of at most six attempts.
 */
export class WebhookDispatcher {
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy: Promise<void> | null = null;

  constructor(private readonly o: DispatcherOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.tickMs ?? 2000);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  tick(): Promise<void> {
    this.busy ??= this.deliverDue().finally(() => (this.busy = null));
    return this.busy;
  }

  private async deliverDue() {
    try {
      const due = await this.o.db.query<Due>(
        `UPDATE webhook_delivery d SET attempts = d.attempts + 1, next_attempt_at = now() + interval '2 minutes'
           FROM webhook w
          WHERE d.id IN (SELECT id FROM webhook_delivery WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
            AND w.id = d.webhook_id
          RETURNING d.id::text AS id, d.webhook_id, d.event, d.payload, d.attempts, w.url, w.secret`,
      );
      for (const d of due) await this.deliver(d);
    } catch (err) {
      log.error({ err }, 'webhook dispatch failed');
    }
  }

  private async deliver(d: Due) {
    const db = this.o.db;
    const secret = this.o.secrets.decrypt(d.secret);
    const fail = async (status: number | null, error: string) => {
      const last = d.attempts >= MAX_ATTEMPTS;
      const wait = (this.o.retryBaseMs ?? 30_000) * 2 ** (d.attempts - 1);
      await db.query(
        `UPDATE webhook_delivery SET status = $2, last_status = $3, last_error = $4, next_attempt_at = now() + make_interval(secs => $5::double precision / 1000)
          WHERE id = $1::bigint`,
        [d.id, last ? 'failed' : 'pending', status, error.slice(0, 300), wait],
      );
    };
    if (secret === null) return fail(null, '订阅密钥无法解密（服务器密钥已更换？）');
    const problem = await targetProblem(d.url, this.o.allowPrivateTargets);
    if (problem) return fail(null, problem);
    const body = JSON.stringify({ id: d.id, ...(d.payload as object) });
    const timestamp = String(Date.now());
    try {
      const res = await postOutbound(d.url, {
        headers: {
          'Content-Type': 'application/json',
          'X-Webhook-Id': d.id,
          'X-Webhook-Event': d.event,
          'X-Webhook-Timestamp': timestamp,
          'X-Webhook-Signature': signature(secret, timestamp, body),
        },
        body,
        timeoutMs: 10_000,
        allowPrivate: this.o.allowPrivateTargets,
      });
      if (res.ok) {
        await db.query(
          `UPDATE webhook_delivery SET status = 'delivered', last_status = $2, last_error = '', delivered_at = now() WHERE id = $1::bigint`,
          [d.id, res.status],
        );
        return;
      }
      await fail(res.status, `HTTP ${res.status}`);
    } catch (err) {
      await fail(
        null,
        err instanceof Error && err.name === 'TimeoutError' ? '10 秒内没有回应' : err instanceof Error ? err.message : String(err),
      );
    }
  }
}
