-- Each meta table's records in a partition of their own (issue 46): meta_record is partitioned by table_id, one
-- partition per meta table (meta_record_t<id>), holding that table's field and scope indexes without a predicate.
-- Before, every field of every tenant's tables had a partial index on the one table, and the planner weighs every
-- index of a table for every query on it: with the demo's 110 tables (534 indexes), planning a records query took
-- 3 to 5 ms against 0.2 ms of execution, and it grew with every tenant. A query naming its table_id is pruned to
-- that table's partition while it is planned. The field indexes and statistics are made again on the partitions at
-- the next start (syncRecordIndexes in server/services/records.ts, from the dictionary's rows).
ALTER TABLE meta_record RENAME TO meta_record_before_partitions;

CREATE TABLE meta_record (
  id          bigint NOT NULL DEFAULT nextval('meta_record_id_seq'),
  tenant_id   integer NOT NULL REFERENCES tenant (id),
  table_id    integer NOT NULL REFERENCES meta_table (id),
  data        jsonb NOT NULL DEFAULT '{}',
  version     integer NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  created_by  integer,
  updated_by  integer
) PARTITION BY LIST (table_id);
ALTER SEQUENCE meta_record_id_seq OWNED BY meta_record.id;

-- A meta table's partition, made with the table and dropped with it. Made apart, then attached: attaching takes a
-- lock that lets other tables' records be read and written meanwhile. Ids come from the one sequence, so a
-- partition's primary key keeps them unique across the table.
CREATE FUNCTION meta_record_add_partition(tid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TABLE meta_record_t%s (LIKE meta_record INCLUDING DEFAULTS, PRIMARY KEY (id))', tid);
  EXECUTE format('ALTER TABLE meta_record ATTACH PARTITION meta_record_t%s FOR VALUES IN (%s)', tid, tid);
END $$;

CREATE FUNCTION meta_record_partition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM meta_record_add_partition(NEW.id);
    RETURN NEW;
  END IF;
  EXECUTE format('DROP TABLE IF EXISTS meta_record_t%s', OLD.id);
  RETURN OLD;
END $$;

SELECT meta_record_add_partition(id) FROM meta_table ORDER BY id;

CREATE TRIGGER meta_table_partition AFTER INSERT OR DELETE ON meta_table FOR EACH ROW EXECUTE FUNCTION meta_record_partition();

INSERT INTO meta_record (id, tenant_id, table_id, data, version, created_at, updated_at, created_by, updated_by)
SELECT id, tenant_id, table_id, data, version, created_at, updated_at, created_by, updated_by FROM meta_record_before_partitions;

DROP TABLE meta_record_before_partitions;
