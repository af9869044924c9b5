-- Online users (SPEC 2/3): a public id per session for the force-logout call, and the staff a login belongs to.
ALTER TABLE user_session ADD COLUMN id bigserial UNIQUE;
ALTER TABLE app_user ADD COLUMN staff_name text NOT NULL DEFAULT '';
ALTER TABLE app_user ADD COLUMN staff_code text NOT NULL DEFAULT '';
UPDATE app_user SET staff_name = '王小二', staff_code = 'S0101' WHERE user_name = 'staff';
UPDATE app_user SET staff_name = '赵小六', staff_code = 'S0102' WHERE user_name = 'nophone';
