-- 018: the records service (issue 14). A meta table may name the menu component whose page renders it; records
-- carry who wrote them; fields gain the phone and department types (a department field puts a record under
-- department scope). Indexes per searchable or unique field are made by the server as fields change
-- (server/records.ts: syncFieldIndexes), named meta_rec_s_<field id> and meta_rec_u_<field id>.
ALTER TABLE meta_table ADD COLUMN component text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX meta_table_component ON meta_table (tenant_id, component) WHERE component <> '';

ALTER TABLE meta_field DROP CONSTRAINT IF EXISTS meta_field_type_check;
ALTER TABLE meta_field ADD CONSTRAINT meta_field_type_check
  CHECK (type IN ('text', 'number', 'money', 'date', 'datetime', 'boolean', 'enum', 'reference', 'image', 'phone', 'department'));

ALTER TABLE meta_record ADD COLUMN created_by integer;
ALTER TABLE meta_record ADD COLUMN updated_by integer;
-- newest first is every list's default order
CREATE INDEX meta_record_recent ON meta_record (table_id, id DESC);
