-- 006: deleting a user keeps the row (the operation log and sessions refer to it) but removes it from every list.
ALTER TABLE app_user ADD COLUMN deleted_at timestamptz;
ALTER TABLE app_user ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- Users are listed per tenant, newest or by name.
CREATE INDEX app_user_tenant_name ON app_user (tenant_id, user_name) WHERE deleted_at IS NULL;
-- Every role name once per tenant.
CREATE UNIQUE INDEX role_tenant_name ON role (tenant_id, name);
-- The users page sorts by these within a tenant.
CREATE INDEX app_user_tenant_nickname ON app_user (tenant_id, nickname) WHERE deleted_at IS NULL;
CREATE INDEX app_user_tenant_created ON app_user (tenant_id, created_at) WHERE deleted_at IS NULL;
