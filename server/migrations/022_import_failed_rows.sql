-- 022: the cells of each row an import refused, by row number, so the error file gives them back beside their
-- reasons (fixed in place, it imports as it is). Kept apart from the report, which every progress poll reads.
ALTER TABLE import_job ADD COLUMN failed_rows jsonb NOT NULL DEFAULT '{}';
