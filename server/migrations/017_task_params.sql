-- 017: a task's parameters (e.g. the test SMS job's tenant and phone), checked by its job type when saved.
ALTER TABLE sys_task ADD COLUMN params jsonb NOT NULL DEFAULT '{}';
