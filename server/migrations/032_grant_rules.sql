-- Two rules every writer used to keep by itself, now kept by the database (issue 43):
-- 1. A button is held only with its page: by a role (role_perm) and by a tenant (tenant_page). A button given without
--    its page is refused; a page taken away takes its buttons with it (whoever takes it, whatever else they hold).
-- 2. Permission follows the grant, never a name a tenant chooses: a tenant's own menu entry (menu.tenant_id set) is
--    related only to the records engine's calls (api_interface.records), never to a system page's.
-- Rows that break them are repaired below, and what was changed is kept in schema_repair, which the server prints
-- when it applies this migration.

CREATE TABLE IF NOT EXISTS schema_repair (
  version  text NOT NULL,
  what     text NOT NULL,
  rows     integer NOT NULL,
  detail   jsonb NOT NULL DEFAULT '[]',
  at       timestamptz NOT NULL DEFAULT now()
);

-- ---- a button with its page ----

WITH gone AS (
  DELETE FROM role_perm rp USING menu b
   WHERE b.id = rp.menu_id AND b.uri_type = 2 AND b.parent_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM role_perm p WHERE p.role_id = rp.role_id AND p.menu_id = b.parent_id)
  RETURNING rp.role_id, rp.menu_id)
INSERT INTO schema_repair (version, what, rows, detail)
SELECT '032_grant_rules.sql', '角色持有按钮却没有按钮所在的页面：已收回这些按钮', count(*),
       jsonb_agg(jsonb_build_object('roleId', role_id, 'menuId', menu_id) ORDER BY role_id, menu_id)
  FROM gone HAVING count(*) > 0;

WITH gone AS (
  DELETE FROM tenant_page tp USING menu b
   WHERE b.id = tp.menu_id AND b.uri_type = 2 AND b.parent_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM tenant_page p WHERE p.tenant_id = tp.tenant_id AND p.menu_id = b.parent_id)
  RETURNING tp.tenant_id, tp.menu_id)
INSERT INTO schema_repair (version, what, rows, detail)
SELECT '032_grant_rules.sql', '租户分到了按钮却没有按钮所在的页面：已收回这些按钮', count(*),
       jsonb_agg(jsonb_build_object('tenantId', tenant_id, 'menuId', menu_id) ORDER BY tenant_id, menu_id)
  FROM gone HAVING count(*) > 0;

-- A grant (role_perm: role_id; tenant_page: tenant_id) of a button whose page the same holder lacks is refused,
-- naming the first such button and its page. Statement-level, so a statement granting a page and its buttons
-- together is checked once all its rows are in.
CREATE FUNCTION refuse_button_without_page() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  alone record;
BEGIN
  IF TG_TABLE_NAME = 'role_perm' THEN
    SELECT b.name AS button, p.name AS page INTO alone
      FROM granted g JOIN menu b ON b.id = g.menu_id AND b.uri_type = 2 JOIN menu p ON p.id = b.parent_id
     WHERE NOT EXISTS (SELECT 1 FROM role_perm x WHERE x.role_id = g.role_id AND x.menu_id = b.parent_id)
     LIMIT 1;
  ELSE
    SELECT b.name AS button, p.name AS page INTO alone
      FROM granted g JOIN menu b ON b.id = g.menu_id AND b.uri_type = 2 JOIN menu p ON p.id = b.parent_id
     WHERE NOT EXISTS (SELECT 1 FROM tenant_page x WHERE x.tenant_id = g.tenant_id AND x.menu_id = b.parent_id)
     LIMIT 1;
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION '按钮须和所在页面一起授予：“%”的“%”', alone.page, alone.button
      USING ERRCODE = 'check_violation', CONSTRAINT = 'button_with_page';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER role_perm_button_with_page AFTER INSERT ON role_perm
  REFERENCING NEW TABLE AS granted FOR EACH STATEMENT EXECUTE FUNCTION refuse_button_without_page();
CREATE TRIGGER role_perm_button_with_page_upd AFTER UPDATE ON role_perm
  REFERENCING NEW TABLE AS granted FOR EACH STATEMENT EXECUTE FUNCTION refuse_button_without_page();
CREATE TRIGGER tenant_page_button_with_page AFTER INSERT ON tenant_page
  REFERENCING NEW TABLE AS granted FOR EACH STATEMENT EXECUTE FUNCTION refuse_button_without_page();
CREATE TRIGGER tenant_page_button_with_page_upd AFTER UPDATE ON tenant_page
  REFERENCING NEW TABLE AS granted FOR EACH STATEMENT EXECUTE FUNCTION refuse_button_without_page();

-- A page taken from a role (or a tenant) takes its buttons from the same holder: a caller who may take the page
-- leaves no button of it behind, whoever granted that button.
CREATE FUNCTION take_buttons_with_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a page's leaving takes anything (a statement trigger fires for its own DELETE of buttons too: nothing then).
  IF NOT EXISTS (SELECT 1 FROM taken t JOIN menu p ON p.id = t.menu_id AND p.uri_type = 1) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'role_perm' THEN
    DELETE FROM role_perm rp USING taken t, menu b
     WHERE b.parent_id = t.menu_id AND b.uri_type = 2 AND rp.role_id = t.role_id AND rp.menu_id = b.id
       AND NOT EXISTS (SELECT 1 FROM role_perm x WHERE x.role_id = t.role_id AND x.menu_id = t.menu_id);
  ELSE
    DELETE FROM tenant_page tp USING taken t, menu b
     WHERE b.parent_id = t.menu_id AND b.uri_type = 2 AND tp.tenant_id = t.tenant_id AND tp.menu_id = b.id
       AND NOT EXISTS (SELECT 1 FROM tenant_page x WHERE x.tenant_id = t.tenant_id AND x.menu_id = t.menu_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER role_perm_buttons_go_with_page AFTER DELETE ON role_perm
  REFERENCING OLD TABLE AS taken FOR EACH STATEMENT EXECUTE FUNCTION take_buttons_with_page();
CREATE TRIGGER tenant_page_buttons_go_with_page AFTER DELETE ON tenant_page
  REFERENCING OLD TABLE AS taken FOR EACH STATEMENT EXECUTE FUNCTION take_buttons_with_page();

-- A button moved to another page stays only with the roles and tenants that hold the page it now sits on.
CREATE FUNCTION keep_moved_buttons_with_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM role_perm rp USING moved m JOIN was o ON o.id = m.id
   WHERE m.uri_type = 2 AND o.parent_id IS DISTINCT FROM m.parent_id AND rp.menu_id = m.id
     AND NOT EXISTS (SELECT 1 FROM role_perm x WHERE x.role_id = rp.role_id AND x.menu_id = m.parent_id);
  DELETE FROM tenant_page tp USING moved m JOIN was o ON o.id = m.id
   WHERE m.uri_type = 2 AND o.parent_id IS DISTINCT FROM m.parent_id AND tp.menu_id = m.id
     AND NOT EXISTS (SELECT 1 FROM tenant_page x WHERE x.tenant_id = tp.tenant_id AND x.menu_id = m.parent_id);
  RETURN NULL;
END $$;

CREATE TRIGGER menu_button_moved AFTER UPDATE ON menu
  REFERENCING OLD TABLE AS was NEW TABLE AS moved FOR EACH STATEMENT EXECUTE FUNCTION keep_moved_buttons_with_page();

-- ---- a tenant's own entry opens only the records engine ----

ALTER TABLE api_interface ADD COLUMN records boolean NOT NULL DEFAULT false;
-- The records engine's calls as this release names them; each start keeps the flag from the routes' owners.
UPDATE api_interface SET records = true WHERE source = 'server' AND path LIKE '/v1/metaRecord/%';

WITH gone AS (
  DELETE FROM page_func_relation pf USING menu m, api_interface i
   WHERE m.id = pf.menu_id AND i.id = pf.interface_id AND m.tenant_id IS NOT NULL AND NOT i.records
  RETURNING pf.menu_id, m.tenant_id, m.name, i.path)
INSERT INTO schema_repair (version, what, rows, detail)
SELECT '032_grant_rules.sql', '租户自有菜单关联了系统页面的接口：已取消这些关联', count(*),
       jsonb_agg(jsonb_build_object('tenantId', tenant_id, 'menuId', menu_id, 'menu', name, 'path', path) ORDER BY menu_id, path)
  FROM gone HAVING count(*) > 0;

CREATE FUNCTION refuse_tenant_entry_system_call() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wrong record;
BEGIN
  SELECT m.name, i.path INTO wrong
    FROM related r JOIN menu m ON m.id = r.menu_id AND m.tenant_id IS NOT NULL JOIN api_interface i ON i.id = r.interface_id
   WHERE NOT i.records
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '租户自有菜单“%”只能调用业务数据接口，不能关联 %', wrong.name, wrong.path
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tenant_entry_records_only';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER page_func_relation_tenant_records AFTER INSERT ON page_func_relation
  REFERENCING NEW TABLE AS related FOR EACH STATEMENT EXECUTE FUNCTION refuse_tenant_entry_system_call();
CREATE TRIGGER page_func_relation_tenant_records_upd AFTER UPDATE ON page_func_relation
  REFERENCING NEW TABLE AS related FOR EACH STATEMENT EXECUTE FUNCTION refuse_tenant_entry_system_call();
