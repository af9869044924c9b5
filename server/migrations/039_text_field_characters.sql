-- A contains filter of one or two characters has no trigram, so a searchable text field's trigram index cannot answer
-- it: a fragment no row holds (one %, one 张) read every row of the table (a second for a million members). Each such
-- field's index (meta_rec_s_<id>) now also holds the characters its values have, lower case, as a second column (the
-- expression is charsOf in server/infra/db/like.ts; one index, not two: every partial index of meta_record is weighed
-- when a query on it is planned), with statistics on them (none come from a partial index): the list asks it for the
-- rows holding every character of a short fragment, then matches the fragment itself. New fields get both when saved
-- (syncFieldIndexes).
DO $$
DECLARE
  f record;
  chars text;
BEGIN
  FOR f IN SELECT id, table_id FROM meta_field WHERE searchable AND type IN ('text', 'phone') LOOP
    chars := format('regexp_split_to_array(lower(data ->> %L), %L)', f.id::text, '');
    EXECUTE format('DROP INDEX IF EXISTS meta_rec_s_%s', f.id);
    EXECUTE format('CREATE INDEX meta_rec_s_%s ON meta_record USING gin ((data ->> %L) gin_trgm_ops, (%s)) WHERE table_id = %s',
      f.id, f.id::text, chars, f.table_id);
    EXECUTE format('CREATE STATISTICS IF NOT EXISTS meta_rec_xc_%s ON (%s) FROM meta_record', f.id, chars);
  END LOOP;
END
$$;
