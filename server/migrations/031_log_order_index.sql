-- The operation log is read newest first by (time, id) within a tenant: its lists, their cursors and exports. The
-- index in that exact order (id breaks ties of one instant) needs no sort after it, and carries user_id so a page
-- jumped to by number deep in the log skips its rows in the index alone (bench/scale.bench.ts: page 5,001 of ten
-- million rows). It replaces the index on (tenant_id, created_at DESC), its prefix.
CREATE INDEX operation_log_tenant_time_id ON operation_log (tenant_id, created_at DESC, id DESC) INCLUDE (user_id);
DROP INDEX operation_log_tenant_time;
