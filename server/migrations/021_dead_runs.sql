-- The scheduler looks for runs left 'running' by a process that ended (a crash, a kill): few rows, found fast.
CREATE INDEX sys_task_log_running ON sys_task_log (started_at) WHERE outcome = 'running';
