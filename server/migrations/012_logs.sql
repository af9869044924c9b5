-- 012: what happened: every sign-in attempt, each session's life, server and client errors, every SMS sent
-- (docs/api.md "Logs"). Rows of an unknown account or of no session have no tenant: only the platform sees them.

CREATE TABLE login_log (
  id          bigserial PRIMARY KEY,
  tenant_id   integer REFERENCES tenant (id),
  user_id     integer,
  account     text NOT NULL,
  success     boolean NOT NULL,
  -- why a failure failed (LOGIN_FAILURES in src/api/contract.ts); '' on success
  reason      text NOT NULL DEFAULT '',
  -- password, ticket (bind-phone switch) or link (userToken link)
  method      text NOT NULL DEFAULT 'password',
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  session_id  bigint,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_log_tenant_time ON login_log (tenant_id, created_at DESC, id DESC);
CREATE INDEX login_log_user ON login_log (user_id, created_at DESC);
CREATE INDEX login_log_session ON login_log (session_id) WHERE session_id IS NOT NULL;

-- A session's life after its login: access-token refreshes, logout, force logout (and by whom), ends by the server.
CREATE TABLE session_log (
  id          bigserial PRIMARY KEY,
  session_id  bigint NOT NULL,
  tenant_id   integer NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('token', 'logout', 'force_logout', 'ended')),
  by_user_id  integer,
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_log_session ON session_log (session_id, id);
CREATE INDEX session_log_time ON session_log (created_at);

CREATE TABLE error_log (
  id          bigserial PRIMARY KEY,
  tenant_id   integer REFERENCES tenant (id),
  user_id     integer,
  -- server: an HTTP 500 (the stack stays in the server's log); client: an uncaught error or a chunk that failed
  source      text NOT NULL CHECK (source IN ('server', 'client')),
  request_id  text NOT NULL DEFAULT '',
  method      text NOT NULL DEFAULT '',
  path        text NOT NULL DEFAULT '',
  message     text NOT NULL,
  kind        text NOT NULL DEFAULT '',
  route       text NOT NULL DEFAULT '',
  release     text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_log_tenant_time ON error_log (tenant_id, created_at DESC, id DESC);

CREATE TABLE sms_log (
  id          bigserial PRIMARY KEY,
  tenant_id   integer REFERENCES tenant (id),
  phone       text NOT NULL,
  template    text NOT NULL,
  platform    text NOT NULL,
  success     boolean NOT NULL,
  error       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_log_tenant_time ON sms_log (tenant_id, created_at DESC, id DESC);

CREATE INDEX operation_log_tenant_time ON operation_log (tenant_id, created_at DESC);
