-- A common contains is counted from a window of the list's first rows (issue 46; server/infra/db/count.ts).
--
-- A count past exact_up_to stops at always_exact_up_to + 1 rows, but a contains that a GIN index answers is read as a
-- bitmap of all of its matches before the first one is counted: one digit of a million members' nicknames is 468,000
-- index entries, 66 ms of a 78 ms count. The planner would have read the table's first rows instead (9 ms: the count
-- stops at 1,001 of them) had it planned the partition alone, but through the partitioned table it takes each
-- partition's cheapest whole scan.
--
-- dense_from (`FROM … WHERE … ORDER BY …`: the rows the match is taken from, without the filters, in an order an index
-- walks) and dense_where (the filters, over alias r): when the match is sized past exact_up_to and makes up at least
-- a quarter of those rows (their plan's size), the first rows of that order are read, enough to hold twice the bound
-- at the planned share (at most 8,000), and the filters counted among them. Reaching the bound there answers as the
-- scan below answers it (the plan's size, marked as estimated); falling short (the matches sit elsewhere) counts as
-- before. The answer is the same either way; only the rows read differ.
DROP FUNCTION count_matches(text, integer, integer, text);

CREATE FUNCTION count_matches(from_where text, exact_up_to integer, always_exact_up_to integer, walk text,
                              dense_from text DEFAULT NULL, dense_where text DEFAULT NULL,
                              OUT n integer, OUT estimated boolean) LANGUAGE plpgsql AS $$
DECLARE
  plan json;
  planned bigint;
  cap integer;
  whole numeric;
  win numeric;
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
  IF walk = 'bitmap' THEN
    n := count_walk_bitmap(from_where, cap + 1);
  ELSIF walk = 'first' AND planned > exact_up_to THEN
    n := count_walk_index(from_where, cap + 1);
  ELSE
    EXECUTE format('SELECT count(*)::int FROM (SELECT 1 %s LIMIT %s) x', from_where, cap + 1) INTO n;
  END IF;
  -- A count of exactly its bound plus one says only "more than the bound": the planner may have guessed lower.
  estimated := n > cap;
  IF estimated THEN
    n := GREATEST(n, planned);
  END IF;
END $$;
