-- 013: scheduled tasks (SPEC 7 sysTask): registered job types on a cron, one run at a time across every server
-- process, each run logged; and the daily statistics the rollup job writes.

CREATE TABLE sys_task (
  id               serial PRIMARY KEY,
  name             text NOT NULL,
  job              text NOT NULL,
  cron             text NOT NULL,
  enabled          boolean NOT NULL DEFAULT true,
  timeout_seconds  integer NOT NULL DEFAULT 300 CHECK (timeout_seconds BETWEEN 1 AND 86400),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- the running process's claim: while locked_until is ahead, no other run starts (a crashed run's lock expires)
  locked_until     timestamptz,
  locked_by        text NOT NULL DEFAULT ''
);

-- One row per run. A scheduled slot is claimed by inserting its row: the unique key makes each due run happen
-- once, whichever process gets there first.
CREATE TABLE sys_task_log (
  id            bigserial PRIMARY KEY,
  task_id       integer NOT NULL REFERENCES sys_task (id) ON DELETE CASCADE,
  scheduled_at  timestamptz NOT NULL,
  -- schedule, manual (run now), unlock (a stuck lock released)
  trigger       text NOT NULL DEFAULT 'schedule',
  by_user_id    integer,
  started_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  -- running, success, failure, timeout, skipped (the previous run still held the lock), unlocked
  outcome       text NOT NULL DEFAULT 'running',
  message       text NOT NULL DEFAULT '',
  process       text NOT NULL DEFAULT '',
  UNIQUE (task_id, scheduled_at, trigger)
);
CREATE INDEX sys_task_log_task ON sys_task_log (task_id, started_at DESC);

-- What the statistics pages read: per tenant and day (in the platform's time zone).
CREATE TABLE daily_stat (
  tenant_id     integer NOT NULL REFERENCES tenant (id),
  day           date NOT NULL,
  logins        integer NOT NULL DEFAULT 0,
  failures      integer NOT NULL DEFAULT 0,
  active_users  integer NOT NULL DEFAULT 0,
  operations    integer NOT NULL DEFAULT 0,
  sms_sent      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, day)
);

-- The housekeeping every deployment needs.
INSERT INTO sys_task (name, job, cron) VALUES
  ('清理过期会话与验证码', 'purge_sessions', '0 * * * *'),
  ('清理过期日志', 'purge_logs', '30 3 * * *'),
  ('每日统计', 'stats_rollup', '10 0 * * *');
