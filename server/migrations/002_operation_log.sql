-- SPEC 3 operation log, one row per tracked click, kept per tenant.
CREATE TABLE operation_log (
  id              bigserial PRIMARY KEY,
  tenant_id       integer NOT NULL REFERENCES tenant (id),
  user_id         integer NOT NULL,
  operation_time  text NOT NULL,
  operation_name  text NOT NULL,
  operation_code  text NOT NULL,
  system_name     text NOT NULL,
  page_code       text NOT NULL DEFAULT '',
  page_name       text NOT NULL DEFAULT '',
  operation_type  text NOT NULL DEFAULT 'click',
  menu_name       text NOT NULL DEFAULT '',
  menu_code       text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_log_tenant ON operation_log (tenant_id, id DESC);
