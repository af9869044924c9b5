-- 009: staff records (SPEC 7 staffInfo, staff, staffAccount), each bound to at most one account of its tenant and
-- each account to at most one staff record. The names the online list shows come from here.
CREATE TABLE staff (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant (id),
  staff_name  text NOT NULL,
  staff_code  text NOT NULL,
  phone       text NOT NULL DEFAULT '',
  store_id    integer,
  user_id     integer REFERENCES app_user (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, staff_code)
);
CREATE UNIQUE INDEX staff_user ON staff (user_id) WHERE user_id IS NOT NULL;
INSERT INTO staff (tenant_id, staff_name, staff_code, store_id, user_id)
  SELECT tenant_id, staff_name, staff_code, store_id, id FROM app_user WHERE staff_code <> '';
