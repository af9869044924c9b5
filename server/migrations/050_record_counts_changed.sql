-- Every write to records says which tables it changed (issue 46; server/infra/db/kept-counts.ts).
--
-- A records list keeps its estimated count (past LIST_LIMITS.alwaysExactUpTo) for a few seconds per exact statement:
-- proving that a level of 25,000 members holds more than 1,000 reads 1,001 of them on every call, half of a call's
-- database time. A kept estimate is dropped as soon as its table changes: one statement-level trigger per kind of
-- write sends the ids of the tables it touched on channel record_counts, from whatever writer (the server's calls,
-- imports, the dictionary's field removal, another process, a hand-written statement), delivered at commit to every
-- server process (LISTEN; PGlite in its own). A transaction's NOTIFYs of the same text are sent once.
CREATE FUNCTION record_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tables text;
BEGIN
  SELECT string_agg(DISTINCT table_id::text, ',') INTO tables FROM changed;
  IF tables IS NOT NULL THEN
    PERFORM pg_notify('record_counts', tables);
  END IF;
  RETURN NULL;
END $$;

-- TRUNCATE has no rows to name: every table's kept counts go.
CREATE FUNCTION record_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('record_counts', '*');
  RETURN NULL;
END $$;

-- (An update keeps a record in its table: the table id is its partition key, and no writer changes it.)
CREATE TRIGGER record_counts_inserted AFTER INSERT ON meta_record
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION record_counts_changed();
CREATE TRIGGER record_counts_updated AFTER UPDATE ON meta_record
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION record_counts_changed();
CREATE TRIGGER record_counts_deleted AFTER DELETE ON meta_record
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION record_counts_changed();
CREATE TRIGGER record_counts_truncated AFTER TRUNCATE ON meta_record
  FOR EACH STATEMENT EXECUTE FUNCTION record_counts_truncated();
