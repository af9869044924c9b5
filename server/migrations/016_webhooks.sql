-- 016: the open platform's message subscriptions: a tenant's webhook endpoints, the events they want, and every
-- delivery with its attempts (signed, retried with backoff).
CREATE TABLE webhook (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant (id),
  name        text NOT NULL,
  url         text NOT NULL,
  events      text[] NOT NULL,
  secret      text NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_tenant ON webhook (tenant_id);

CREATE TABLE webhook_delivery (
  id               bigserial PRIMARY KEY,
  webhook_id       integer NOT NULL REFERENCES webhook (id) ON DELETE CASCADE,
  tenant_id        integer NOT NULL,
  event            text NOT NULL,
  payload          jsonb NOT NULL,
  -- pending (waiting or leased until next_attempt_at), delivered, failed (no attempts left)
  status           text NOT NULL DEFAULT 'pending',
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_status      integer,
  last_error       text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz
);
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_delivery_hook ON webhook_delivery (webhook_id, id DESC);
