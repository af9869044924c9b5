-- The operation log's page filter is a contains on the row's page, menu and operation names (its where clause in
-- server/routes/system/operation-log.ts says the same expressions), within the caller's tenant and, under department
-- scope, their departments' users. Without an index a fragment no row in the caller's scope has was a scan of every
-- row (6.6 s of ten million, bench/scale.bench.ts). One GIN index holds the user (btree_gin), the text's trigrams
-- and its characters (a fragment of one or two characters has no trigram: charsOf in server/infra/db/like.ts), so
-- the rows of a fragment within a scope's users are found in the index alone. (With the tenant in it too, every
-- scan intersected the tenant's posting list, the whole table: 49 ms against 7 for two million rows.) ANALYZE gives
-- the planner the text's statistics at once, to size a fragment by.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX IF NOT EXISTS operation_log_text ON operation_log USING gin (
  user_id,
  lower(page_name || ' ' || menu_name || ' ' || operation_name) gin_trgm_ops,
  regexp_split_to_array(lower(page_name || ' ' || menu_name || ' ' || operation_name), '')
);
ANALYZE operation_log;
