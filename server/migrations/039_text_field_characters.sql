-- A contains filter of one or two characters has no trigram, so a searchable text field's trigram index cannot answer
-- it: a fragment no row holds (one %, one 张) read every row of the table (a second for a million members). Each such
-- field also gets an index of the characters its values hold, lower case (the expression is charsOf in
-- server/services/records.ts), with statistics on them (none come from a partial index): the list asks the index
-- for the rows holding every character of a short fragment when they are few, then matches the fragment itself. New
-- fields get both when saved (syncFieldIndexes).
DO $$
DECLARE
  f record;
  chars text;
BEGIN
  FOR f IN SELECT id, table_id FROM meta_field WHERE searchable AND type IN ('text', 'phone') LOOP
    chars := format('regexp_split_to_array(lower(data ->> %L), %L)', f.id::text, '');
    EXECUTE format('CREATE INDEX IF NOT EXISTS meta_rec_c_%s ON meta_record USING gin (%s) WHERE table_id = %s', f.id, chars, f.table_id);
    EXECUTE format('CREATE STATISTICS IF NOT EXISTS meta_rec_xc_%s ON (%s) FROM meta_record', f.id, chars);
  END LOOP;
END
$$;
