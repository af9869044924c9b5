-- A count that found every match hands their ids to the page (issue 46; server/infra/db/count.ts).
--
-- A list whose count finds all of its matches (at most always_exact_up_to) reads its page by sorting exactly those:
-- that read found them again through the same index, a second scan as costly as the count's own (a rare nickname
-- fragment in a million members: 8 of 25 ms on PostgreSQL, 13 of 35 on PGlite at 100,000). With found_id (the id
-- expression of from_where's rows, such as r.id), count_matches also answers their ids (ids) when it counted them
-- all and they are at most always_exact_up_to; else ids is null. The rule is 044's otherwise.
--
-- count_scan_index and count_scan_bitmap run a count statement (count and ids) with the plan kinds their names say
-- (a function's own SET, so it ends with it), where 043's count_walk_index and count_walk_bitmap took from_where.
DROP FUNCTION count_matches(text, integer, integer, text, text, text);
DROP FUNCTION count_walk_index(text, integer);
DROP FUNCTION count_walk_bitmap(text, integer);

CREATE FUNCTION count_scan_index(stmt text, OUT n integer, OUT ids bigint[]) LANGUAGE plpgsql
  SET enable_bitmapscan = off SET enable_seqscan = off AS $$
BEGIN
  EXECUTE stmt INTO n, ids;
END $$;

CREATE FUNCTION count_scan_bitmap(stmt text, OUT n integer, OUT ids bigint[]) LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off AS $$
BEGIN
  EXECUTE stmt INTO n, ids;
END $$;

CREATE FUNCTION count_matches(from_where text, exact_up_to integer, always_exact_up_to integer, walk text,
                              dense_from text DEFAULT NULL, dense_where text DEFAULT NULL, found_id text DEFAULT NULL,
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
  IF estimated OR n > always_exact_up_to OR found_id IS NULL THEN
    ids := NULL;
  ELSE
    ids := COALESCE(ids, '{}');
  END IF;
END $$;
