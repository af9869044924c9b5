-- 011: the platform's own data: which shared pages each tenant has, the interfaces and which pages or buttons may
-- call them, tenant contacts, the data dictionary and the document-collection registry (docs/api.md "Platform").

-- Tenant details the tenant pages edit.
ALTER TABLE tenant ADD COLUMN contact_name text NOT NULL DEFAULT '';
ALTER TABLE tenant ADD COLUMN contact_phone text NOT NULL DEFAULT '';

-- Which shared menu entries (menu.tenant_id IS NULL) a tenant has (SPEC 7 tenantPagesRelation). A tenant's own
-- entries are always its own. Holds pages, their buttons and the directories above them.
CREATE TABLE tenant_page (
  tenant_id  integer NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  menu_id    integer NOT NULL REFERENCES menu (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, menu_id)
);
CREATE INDEX tenant_page_menu ON tenant_page (menu_id);
-- Until now every tenant had every shared entry.
INSERT INTO tenant_page (tenant_id, menu_id) SELECT t.id, m.id FROM tenant t CROSS JOIN menu m WHERE m.tenant_id IS NULL;

-- The interfaces: the server's own routes (source 'server', written at start from its route table) and calls of
-- an external backend an operator adds (source 'external').
CREATE TABLE api_interface (
  id          serial PRIMARY KEY,
  method      text NOT NULL DEFAULT 'POST',
  path        text NOT NULL,
  name        text NOT NULL DEFAULT '',
  source      text NOT NULL CHECK (source IN ('server', 'external')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (method, path)
);

-- Which menu page or button may call which interface (SPEC 7 setPageFuncRelation). The access chain reads it at
-- every call: a call needs a role of the caller that grants a page or button related to its interface.
CREATE TABLE page_func_relation (
  menu_id       integer NOT NULL REFERENCES menu (id) ON DELETE CASCADE,
  interface_id  integer NOT NULL REFERENCES api_interface (id) ON DELETE CASCADE,
  PRIMARY KEY (menu_id, interface_id)
);
CREATE INDEX page_func_relation_interface ON page_func_relation (interface_id);

-- Menu paths are unique among the pages and directories offered together (shared entries and each tenant's own).
CREATE INDEX menu_path ON menu (path) WHERE uri_type = 1 AND path <> '';

-- The data dictionary: tables and their typed fields, per tenant. Records (issue 14) store a field's value under
-- the field's id, so renaming a field keeps its data.
CREATE TABLE meta_table (
  id           serial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant (id),
  name         text NOT NULL,
  label        text NOT NULL,
  remark       text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX meta_table_name ON meta_table (tenant_id, lower(name));

CREATE TABLE meta_field (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant (id),
  table_id      integer NOT NULL REFERENCES meta_table (id) ON DELETE CASCADE,
  name          text NOT NULL,
  label         text NOT NULL,
  type          text NOT NULL CHECK (type IN ('text', 'number', 'money', 'date', 'datetime', 'boolean', 'enum', 'reference', 'image')),
  options       jsonb NOT NULL DEFAULT '[]',
  ref_table_id  integer REFERENCES meta_table (id),
  required      boolean NOT NULL DEFAULT false,
  is_unique     boolean NOT NULL DEFAULT false,
  searchable    boolean NOT NULL DEFAULT false,
  list_column   boolean NOT NULL DEFAULT true,
  default_value jsonb,
  sort          integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX meta_field_name ON meta_field (table_id, lower(name));
CREATE INDEX meta_field_ref ON meta_field (ref_table_id) WHERE ref_table_id IS NOT NULL;

-- The rows of a meta table (the records service of issue 14 writes them); here so that the dictionary can tell
-- whether a field is in use before its type changes.
CREATE TABLE meta_record (
  id          bigserial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant (id),
  table_id    integer NOT NULL REFERENCES meta_table (id),
  data        jsonb NOT NULL DEFAULT '{}',
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX meta_record_table ON meta_record (tenant_id, table_id);

-- The registry of document collections ("Mongo tables") and their files, kept in this database.
CREATE TABLE mongo_table (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant (id),
  name        text NOT NULL,
  remark      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mongo_table_name ON mongo_table (tenant_id, lower(name));

CREATE TABLE mongo_table_file (
  id            serial PRIMARY KEY,
  tenant_id     integer NOT NULL REFERENCES tenant (id),
  table_id      integer NOT NULL REFERENCES mongo_table (id) ON DELETE CASCADE,
  name          text NOT NULL,
  content_type  text NOT NULL DEFAULT 'application/octet-stream',
  size          integer NOT NULL,
  content       bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mongo_table_file_name ON mongo_table_file (table_id, lower(name));
