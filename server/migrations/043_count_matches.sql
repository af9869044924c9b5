-- A list's count in one statement (issue 46; server/infra/db/count.ts says when each list uses it). Before, a count
-- was two statements, the planner's size of the match (EXPLAIN) and the bounded scan, and a match the planner sized
-- past exact_up_to was scanned through a bitmap of all of it (25,000 members of one level: 4.7 ms of a 12 ms call)
-- although the count stops at always_exact_up_to + 1 rows.
--
-- The rule: the planner sizes the match (a plan, no rows read); sized at most exact_up_to, it is counted exactly up
-- to there (a scan that stops one row past it); sized larger, exactly up to always_exact_up_to (a planner that
-- guessed high still gets a small match right); a scan that reached its bound answers the planner's size, never
-- below what it counted, marked as estimated.
--
-- walk: 'plan' lets the planner choose how to scan; 'first' (conditions that btree indexes answer: no contains)
-- walks an index, which stops at the bound, when the match was sized past exact_up_to; 'bitmap' reads only index
-- bitmaps (conditions whose parts the planner takes for independent but one index holds together: the operation
-- log's users and page text).
CREATE FUNCTION count_walk_index(from_where text, up_to integer) RETURNS integer LANGUAGE plpgsql
  SET enable_bitmapscan = off SET enable_seqscan = off AS $$
DECLARE n integer;
BEGIN
  EXECUTE format('SELECT count(*)::int FROM (SELECT 1 %s LIMIT %s) x', from_where, up_to) INTO n;
  RETURN n;
END $$;

CREATE FUNCTION count_walk_bitmap(from_where text, up_to integer) RETURNS integer LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off AS $$
DECLARE n integer;
BEGIN
  EXECUTE format('SELECT count(*)::int FROM (SELECT 1 %s LIMIT %s) x', from_where, up_to) INTO n;
  RETURN n;
END $$;

CREATE FUNCTION count_matches(from_where text, exact_up_to integer, always_exact_up_to integer, walk text,
                              OUT n integer, OUT estimated boolean) LANGUAGE plpgsql AS $$
DECLARE
  plan json;
  planned bigint;
  cap integer;
BEGIN
  IF walk NOT IN ('plan', 'first', 'bitmap') THEN
    RAISE EXCEPTION 'count_matches: no walk %', walk;
  END IF;
  EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 ' || from_where INTO plan;
  planned := round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
  cap := CASE WHEN planned <= exact_up_to THEN exact_up_to ELSE always_exact_up_to END;
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
