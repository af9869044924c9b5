-- 026: which menu entries and dictionary tables came from the shipped catalogue, and as what. A start compares the
-- shipped catalogue with what the last start left: new entries arrive, unedited ones follow the release, edited ones
-- keep their edits, retired ones go, and an entry the operator deleted stays deleted (menu_id or table_id NULL).

CREATE TABLE catalogue_entry (
  key      text PRIMARY KEY,
  menu_id  integer REFERENCES menu (id) ON DELETE SET NULL,
  -- the entry's fields as the catalogue last shipped them: a field still equal to this was not edited
  shipped  jsonb NOT NULL
);
CREATE INDEX catalogue_entry_menu ON catalogue_entry (menu_id);

-- A tenant's standard dictionary: tables by name, fields by table.name. Retired tables are never dropped (records).
CREATE TABLE catalogue_dictionary (
  tenant_id  integer NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  key        text NOT NULL,
  table_id   integer REFERENCES meta_table (id) ON DELETE SET NULL,
  field_id   integer REFERENCES meta_field (id) ON DELETE SET NULL,
  PRIMARY KEY (tenant_id, key)
);

-- The catalogue version the database was last reconciled with: a start with the same version does nothing.
CREATE TABLE catalogue_state (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  version     text NOT NULL,
  applied_at  timestamptz NOT NULL DEFAULT now()
);
