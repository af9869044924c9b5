-- 027: the scheduler looks for imports left 'processing' by a process that ended: few rows, found fast.
CREATE INDEX import_job_processing ON import_job (updated_at) WHERE status = 'processing';
