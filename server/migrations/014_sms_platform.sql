-- 014: SMS platforms (SPEC 7 smsPlatform): a tenant's configured providers; at most one active. The secret is
-- sealed with the server's key (server/secrets.ts), never stored or answered in the clear.
CREATE TABLE sms_platform (
  id           serial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant (id),
  type         text NOT NULL CHECK (type IN ('http')),
  name         text NOT NULL,
  endpoint     text NOT NULL,
  access_key   text NOT NULL DEFAULT '',
  secret       text NOT NULL DEFAULT '',
  sign_name    text NOT NULL DEFAULT '',
  -- template ids per purpose, e.g. {"verify_code": "SMS_0001"}
  templates    jsonb NOT NULL DEFAULT '{}',
  active       boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sms_platform_one_active ON sms_platform (tenant_id) WHERE active;
CREATE UNIQUE INDEX sms_platform_name ON sms_platform (tenant_id, lower(name));
