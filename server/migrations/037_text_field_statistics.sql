-- A searchable text or phone field's contains filter is answered by its trigram index, but the planner read no
-- statistics on the text (none come from a partial index) and guessed 100 rows of a million for any fragment: it
-- sorted every member matching 压测会员 (0.7 s) where walking the sort's index finds a page at once, and walked that
-- index past nearly every row for a fragment matching 20. Statistics on the text give it the fragment's share. New
-- fields get them when saved (syncFieldIndexes).
DO $$
DECLARE
  f record;
BEGIN
  FOR f IN SELECT id FROM meta_field WHERE searchable AND type IN ('text', 'phone') LOOP
    EXECUTE format('CREATE STATISTICS IF NOT EXISTS meta_rec_xt_%s ON (data ->> %L) FROM meta_record', f.id, f.id::text);
  END LOOP;
END
$$;
