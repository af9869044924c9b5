-- A count hands the ids it found up to a bound its caller names (issue 46; server/infra/db/count.ts, countAndFind).
--
-- 046's count_matches answered the ids of a match it counted whole only up to always_exact_up_to (1,000). A records
-- list of 1,001 to 10,000 matches (counted exactly) then found them again for its page: a walk of the list's order that
-- fails where they sit together (测会员5: 3,702 of staff's 33,000 members, all between 50,000 and 59,999, none among
-- the newest 3,702), then a second scan of the trigram index the count had just read. found_up_to (null: as before)
-- lets such a caller have them: the count aggregated them anyway. The rule is 046's otherwise.
DROP FUNCTION count_matches(text, integer, integer, text, text, text, text);

CREATE FUNCTION count_matches(from_where text, exact_up_to integer, always_exact_up_to integer, walk text,
                              dense_from text DEFAULT NULL, dense_where text DEFAULT NULL, found_id text DEFAULT NULL,
                              found_up_to integer DEFAULT NULL,
                              OUT n integer, OUT estimated boolean, OUT ids bigint[]) LANGUAGE plpgsql AS $$
DECLARE
  plan json;
  planned bigint;
  cap integer;
  whole numeric;
  win numeric;
  stmt text;
BEGIN
  IF walk NOT IN ('plan', 'first', 'bitmap') THEN
    RAISE EXCEPTION 'count_matches: no walk %', walk;
  END IF;
  IF (dense_from IS NULL) <> (dense_where IS NULL) THEN
    RAISE EXCEPTION 'count_matches: dense_from and dense_where go together';
  END IF;
  EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 ' || from_where INTO plan;
  planned := round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
  cap := CASE WHEN planned <= exact_up_to THEN exact_up_to ELSE always_exact_up_to END;
  IF dense_from IS NOT NULL AND planned > exact_up_to THEN
    EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 ' || dense_from INTO plan;
    whole := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
    win := ceil(2 * (cap + 1) * whole / planned);
    IF win <= 8000 THEN
      EXECUTE format('SELECT count(*)::int FROM (SELECT 1 FROM (SELECT r.* %s LIMIT %s) r WHERE %s LIMIT %s) x',
                     dense_from, win, dense_where, cap + 1) INTO n;
      IF n > cap THEN
        estimated := true;
        n := GREATEST(n, planned);
        RETURN;
      END IF;
    END IF;
  END IF;
  stmt := format('SELECT count(*)::int, %s FROM (SELECT %s AS id %s LIMIT %s) x',
                 CASE WHEN found_id IS NULL THEN 'NULL::bigint[]' ELSE 'array_agg(x.id)' END, COALESCE(found_id, '1'),
                 from_where, cap + 1);
  IF walk = 'bitmap' THEN
    SELECT s.n, s.ids INTO n, ids FROM count_scan_bitmap(stmt) s;
  ELSIF walk = 'first' AND planned > exact_up_to THEN
    SELECT s.n, s.ids INTO n, ids FROM count_scan_index(stmt) s;
  ELSE
    EXECUTE stmt INTO n, ids;
  END IF;
  -- A count of exactly its bound plus one says only "more than the bound": the planner may have guessed lower.
  estimated := n > cap;
  IF estimated THEN
    n := GREATEST(n, planned);
  END IF;
  -- The ids of a match counted whole and few (none: an empty list, not null).
  IF estimated OR n > COALESCE(found_up_to, always_exact_up_to) OR found_id IS NULL THEN
    ids := NULL;
  ELSE
    ids := COALESCE(ids, '{}');
  END IF;
END $$;
