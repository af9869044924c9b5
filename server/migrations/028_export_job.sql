-- 028: exports too large for the browser run as jobs: the rows are written to an .xlsx on the server in slices, the
-- progress is read back (from any server process), a cancel stops it between slices, and the file is offered through
-- a signed link until it expires.
CREATE TABLE export_job (
  id                bigserial PRIMARY KEY,
  tenant_id         integer NOT NULL REFERENCES tenant (id),
  user_id           integer NOT NULL,
  kind              text NOT NULL,
  file_name         text NOT NULL,
  status            text NOT NULL DEFAULT 'processing', -- processing | done | cancelled | failed
  total             integer NOT NULL,
  processed         integer NOT NULL DEFAULT 0,
  message           text NOT NULL DEFAULT '',
  cancel_requested  boolean NOT NULL DEFAULT false,
  file_bytes        bigint,
  expires_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
-- One export at a time per user: the second start meets this index in the same statement that would begin it.
CREATE UNIQUE INDEX export_job_one_running ON export_job (tenant_id, user_id) WHERE status = 'processing';
-- The scheduler's looks: exports a dead process left running, and files past their time.
CREATE INDEX export_job_expiry ON export_job (expires_at) WHERE expires_at IS NOT NULL;
