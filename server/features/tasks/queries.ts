import type { Queryable } from '../../infra/db/db.ts';
import type { TaskRow, TaskRun } from '@/api/table/operations.ts';

/*
 * The scheduled tasks' SQL (issue 44 part 4): the tasks with their last runs, a task saved, the run log, and a stuck
 * lock released. The routes (server/features/tasks/routes.ts) check cron and parameters; the scheduler
 * (services/scheduler.ts) runs them.
 */

/** Every task with its lock and its last run (a lock's release is not a run), by id. */
export const tasksWithLastRun = (db: Queryable) =>
  db.query<Omit<TaskRow, 'jobLabel' | 'nextRun'>>(
    `SELECT t.id, t.name, t.job, t.cron, t.enabled, t.timeout_seconds AS "timeoutSeconds", t.params,
            (t.locked_until IS NOT NULL AND t.locked_until > now()) AS locked, t.locked_by AS "lockedBy",
            to_json(t.locked_until) #>> '{}' AS "lockedUntil",
            last.outcome AS "lastOutcome", to_json(last.started_at) #>> '{}' AS "lastStartedAt", last.message AS "lastMessage"
       FROM sys_task t
       LEFT JOIN LATERAL (SELECT outcome, started_at, message FROM sys_task_log l WHERE l.task_id = t.id AND l.trigger <> 'unlock'
                          ORDER BY l.started_at DESC, l.id DESC LIMIT 1) last ON true
      ORDER BY t.id`,
  );

type TaskFields = { name: string; job: string; cron: string; enabled: boolean; timeoutSeconds: number; params: string };

/** A task added (id null) or changed; its id, or undefined when there is no such task. */
export async function saveTask(db: Queryable, id: number | null, f: TaskFields): Promise<number | undefined> {
  const [row] =
    id === null
      ? await db.query<{ id: number }>(
          'INSERT INTO sys_task (name, job, cron, enabled, timeout_seconds, params) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id',
          [f.name, f.job, f.cron, f.enabled, f.timeoutSeconds, f.params],
        )
      : await db.query<{ id: number }>(
          'UPDATE sys_task SET name = $2, job = $3, cron = $4, enabled = $5, timeout_seconds = $6, params = $7::jsonb, updated_at = now() WHERE id = $1 RETURNING id',
          [id, f.name, f.job, f.cron, f.enabled, f.timeoutSeconds, f.params],
        );
  return row?.id;
}

/** A page of the runs of a task (null: all) with an outcome (null: any), newest first; and how many match. */
export async function runPage(db: Queryable, f: { taskId: number | null; outcome: string | null; pageNum: number; pageSize: number }) {
  const where = `($1::int IS NULL OR l.task_id = $1) AND ($2::text IS NULL OR l.outcome = $2)`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_task_log l WHERE ${where}`, [f.taskId, f.outcome]);
  const rows = await db.query<TaskRun>(
    `SELECT l.id::text AS id, l.task_id AS "taskId", t.name AS "taskName", l.trigger, l.outcome, l.message, l.process,
            COALESCE(u.user_name, '') AS "byUserName",
            to_json(l.scheduled_at) #>> '{}' AS "scheduledAt", to_json(l.started_at) #>> '{}' AS "startedAt",
            to_json(l.finished_at) #>> '{}' AS "finishedAt",
            CASE WHEN l.finished_at IS NULL THEN NULL ELSE round(extract(epoch FROM l.finished_at - l.started_at) * 1000)::int END AS "durationMs"
       FROM sys_task_log l JOIN sys_task t ON t.id = l.task_id LEFT JOIN app_user u ON u.id = l.by_user_id
      WHERE ${where} ORDER BY l.started_at DESC, l.id DESC LIMIT $3 OFFSET $4`,
    [f.taskId, f.outcome, f.pageSize, (f.pageNum - 1) * f.pageSize],
  );
  return { rows, count: n };
}

/** One statement: a task's live lock released; who held it, or undefined when it was not locked. */
export async function releaseLock(db: Queryable, id: number): Promise<string | undefined> {
  const [released] = await db.query<{ locked_by: string }>(
    `WITH old AS (SELECT locked_by FROM sys_task WHERE id = $1 AND locked_until IS NOT NULL AND locked_until > now() FOR UPDATE)
     UPDATE sys_task t SET locked_until = NULL, locked_by = '' FROM old WHERE t.id = $1 RETURNING old.locked_by`,
    [id],
  );
  return released?.locked_by;
}

/** A lock's release, as a row of the task's log. */
export async function logUnlock(db: Queryable, id: number, userId: number, message: string): Promise<void> {
  await db.query(
    `INSERT INTO sys_task_log (task_id, scheduled_at, trigger, by_user_id, outcome, message, finished_at)
     VALUES ($1, clock_timestamp(), 'unlock', $2, 'unlocked', $3, clock_timestamp())`,
    [id, userId, message],
  );
}

/** Whether there is such a task. */
export async function taskExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM sys_task WHERE id = $1', [id])).length > 0;
}
