-- The operation log's page filter within a department scope (issue 46; server/features/operation-log/queries.ts).
--
-- The filter is a contains on a row's page, menu and operation names, and 038's GIN index answers it with the row's
-- user: a scope's users are one scan of that index each, and each scan reads the fragment's whole posting list again.
-- At ten million rows a fragment the tenant holds but no row of the scope does took 72 ms p95 to say so, and one the
-- scope holds 132 ms to count (bench/scale.bench.ts, tenantadmin).
--
-- A log's texts are few beside its rows (the pages, menus and buttons a tenant has; a records write names its
-- record, so those grow with the writes). operation_log_texts holds each tenant's texts once, lower-cased as the
-- filter reads them; a fragment is matched there first, and the rows of the few texts that hold it are found by
-- (tenant, text, user) in a btree: one descent per text and user, which stops at the count's bound. A fragment held by
-- many texts keeps 038's index.
--
-- The triggers keep the texts where the rows are written, so that no writer can leave one out: every INSERT (the
-- server's clicks and records writes, a test's or a bench's rows) and an UPDATE of a text (none does today).
-- A text whose rows are gone stays: it finds no row.
CREATE TABLE operation_log_texts (
  tenant_id integer NOT NULL,
  text text NOT NULL,
  PRIMARY KEY (tenant_id, text)
);

-- The fragment's texts, as 038's index finds the rows' (charsOf and containsText in server/infra/db/like.ts: the
-- same expressions, over the text itself).
CREATE INDEX operation_log_texts_match ON operation_log_texts USING gin (
  lower(text) gin_trgm_ops,
  regexp_split_to_array(lower(text), '')
);

CREATE FUNCTION operation_log_texts_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operation_log_texts (tenant_id, text)
  SELECT DISTINCT w.tenant_id, lower(w.page_name || ' ' || w.menu_name || ' ' || w.operation_name) FROM written w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER operation_log_texts_inserted AFTER INSERT ON operation_log
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION operation_log_texts_written();

-- An UPDATE of the texts (or a row moved to another tenant), row by row: a statement's trigger would fire on every
-- outcome a click records (recordOutcome), which changes none of them.
CREATE FUNCTION operation_log_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO operation_log_texts (tenant_id, text)
  VALUES (NEW.tenant_id, lower(NEW.page_name || ' ' || NEW.menu_name || ' ' || NEW.operation_name))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER operation_log_text_updated AFTER UPDATE OF tenant_id, page_name, menu_name, operation_name ON operation_log
  FOR EACH ROW EXECUTE FUNCTION operation_log_text_changed();

INSERT INTO operation_log_texts (tenant_id, text)
SELECT DISTINCT tenant_id, lower(page_name || ' ' || menu_name || ' ' || operation_name) FROM operation_log
ON CONFLICT DO NOTHING;

-- The rows of a text, within a tenant and by user (the id along, so that a count's ids are read in the index).
CREATE INDEX operation_log_by_text ON operation_log (tenant_id, lower(page_name || ' ' || menu_name || ' ' || operation_name), user_id)
  INCLUDE (id);
ANALYZE operation_log;
ANALYZE operation_log_texts;
