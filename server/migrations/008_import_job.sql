-- 008: Excel imports run as jobs: the upload answers at once, rows are saved in chunks, progress and the per-row
-- report are read back (from any server process), and a cancel stops it between chunks.
CREATE TABLE import_job (
  id                bigserial PRIMARY KEY,
  tenant_id         integer NOT NULL REFERENCES tenant (id),
  user_id           integer NOT NULL,
  kind              text NOT NULL,
  status            text NOT NULL DEFAULT 'processing', -- processing | done | cancelled | failed
  total             integer NOT NULL,
  processed         integer NOT NULL DEFAULT 0,
  created           integer NOT NULL DEFAULT 0,
  report            jsonb NOT NULL DEFAULT '[]',
  message           text NOT NULL DEFAULT '',
  cancel_requested  boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
