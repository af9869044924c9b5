-- 005: limits that hold under parallel requests on PostgreSQL, tenant status, tenant ids from a sequence.

-- Failed logins per account and per client address (docs/api.md "Login throttling"). One row per key; every
-- change is one INSERT ... ON CONFLICT statement, so parallel requests cannot read a stale count.
CREATE TABLE login_throttle (
  key           text PRIMARY KEY,            -- 'account:<lower-cased account>' or 'ip:<address>'
  failures      integer NOT NULL DEFAULT 0,  -- failures in the current window
  window_start  timestamptz NOT NULL DEFAULT now(),
  locks         integer NOT NULL DEFAULT 0,  -- locks so far: the next lock lasts twice as long
  locked_until  timestamptz
);

-- The SMS resend window per phone: sending claims the row in one statement (two parallel sends cannot both pass).
CREATE TABLE sms_send_window (
  phone       text PRIMARY KEY,
  last_sent   timestamptz NOT NULL
);

-- A tenant may be disabled or expire; its users cannot sign in and its live sessions end.
ALTER TABLE tenant ADD COLUMN status smallint NOT NULL DEFAULT 1;
ALTER TABLE tenant ADD COLUMN expires_at timestamptz;

-- Tenant ids from a sequence (register used max(id) + 1, which two parallel registrations both read).
CREATE SEQUENCE tenant_id_seq OWNED BY tenant.id;
SELECT setval('tenant_id_seq', COALESCE((SELECT max(id) FROM tenant), 0) + 1, false);
ALTER TABLE tenant ALTER COLUMN id SET DEFAULT nextval('tenant_id_seq');

-- Lists by department scope read users whose departments overlap the caller's.
CREATE INDEX app_user_departs ON app_user USING gin (depart_ids);
