-- 015: the open platform's API keys: a partner calls /manage with X-Api-Key instead of a session. Only a hash of the
-- key is kept; its prefix identifies it in lists. A key acts as the user who made it, within its scopes (interfaces).
CREATE TABLE api_key (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant (id),
  name          text NOT NULL,
  prefix        text NOT NULL UNIQUE,
  key_hash      text NOT NULL,
  scopes        integer[] NOT NULL DEFAULT '{}',
  created_by    integer NOT NULL REFERENCES app_user (id),
  expires_at    timestamptz,
  revoked_at    timestamptz,
  last_used_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_key_tenant ON api_key (tenant_id, id DESC);

-- Calls per key per minute: one row per key, counted in one statement (parallel calls cannot both pass the limit).
CREATE TABLE api_key_rate (
  key_id        integer PRIMARY KEY REFERENCES api_key (id) ON DELETE CASCADE,
  window_start  timestamptz NOT NULL,
  calls         integer NOT NULL
);

-- Every call made with a key.
CREATE TABLE api_key_log (
  id          bigserial PRIMARY KEY,
  key_id      integer NOT NULL REFERENCES api_key (id) ON DELETE CASCADE,
  tenant_id   integer NOT NULL,
  method      text NOT NULL,
  path        text NOT NULL,
  outcome     text NOT NULL,
  ip          text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_key_log_key ON api_key_log (key_id, created_at DESC);
CREATE INDEX api_key_log_time ON api_key_log (created_at);
