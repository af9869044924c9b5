import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { cronCheck, type JobType, type Scheduler } from '../../services/scheduler.ts';
import { taskApi, type TaskRow, type TaskRun } from '@/api/table/operations.ts';
import { wordsFor } from '../../infra/http/language.ts';
import { mount } from '../../infra/http/mount.ts';

export interface TaskRoutesOptions {
  db: Db;
  scheduler: Scheduler;
  jobs: Readonly<Record<string, JobType>>;
  timeZone: () => Promise<string>;
}

/**
 * Scheduled tasks (sysTask; docs/api.md "Scheduled tasks"), the platform operator's: the tasks and their next
 * runs, create and edit (cron checked with croner, next runs shown first), each run's log, run now, and releasing a
 * stuck lock (itself logged).
 */
export function taskRoutes({ db, scheduler, jobs, timeZone }: TaskRoutesOptions) {
  const app = new Hono<AppEnv>();

  mount(app, taskApi.list, async (c) => {
    const zone = await timeZone();
    const rows = await db.query<Omit<TaskRow, 'jobLabel' | 'nextRun'>>(
      `SELECT t.id, t.name, t.job, t.cron, t.enabled, t.timeout_seconds AS "timeoutSeconds", t.params,
              (t.locked_until IS NOT NULL AND t.locked_until > now()) AS locked, t.locked_by AS "lockedBy",
              to_json(t.locked_until) #>> '{}' AS "lockedUntil",
              last.outcome AS "lastOutcome", to_json(last.started_at) #>> '{}' AS "lastStartedAt", last.message AS "lastMessage"
         FROM sys_task t
         LEFT JOIN LATERAL (SELECT outcome, started_at, message FROM sys_task_log l WHERE l.task_id = t.id AND l.trigger <> 'unlock'
                            ORDER BY l.started_at DESC, l.id DESC LIMIT 1) last ON true
        ORDER BY t.id`,
    );
    const words = wordsFor(c);
    const tasks = rows.map((r): TaskRow => {
      const check = cronCheck(r.cron, zone, 1);
      return {
        ...r,
        lastMessage: r.lastMessage && words(r.lastMessage),
        jobLabel: words(jobs[r.job]?.label ?? r.job),
        nextRun: r.enabled && 'next' in check ? (check.next[0] ?? null) : null,
      };
    });
    return c.json(
      ok({
        tasks,
        jobs: Object.entries(jobs).map(([job, j]) => ({ job, label: words(j.label), params: Boolean(j.checkParams) })),
        timeZone: zone,
      }),
    );
  });

  // Not in the spec: the next runs of a cron before saving (the form shows them as it is typed).
  mount(app, taskApi.preview, async (c) => {
    const { cron } = c.var.body;
    const check = cronCheck(cron, await timeZone());
    if ('error' in check) throw refuse('cron', `Cron 表达式不正确：${check.error}`);
    return ok(check.next);
  });

  mount(app, taskApi.save, async (c) => {
    const { id, name, job, cron, enabled, timeoutSeconds: timeout, params } = c.var.body;
    if (!Object.hasOwn(jobs, job)) throw refuse('job', say('taskJob'));
    const check = cronCheck(cron, await timeZone());
    if ('error' in check) throw refuse('cron', `Cron 表达式不正确：${check.error}`);
    const paramProblems = (await jobs[job].checkParams?.(db, params)) ?? {};
    const [paramField] = Object.keys(paramProblems);
    if (paramField) throw refuse(paramField, paramProblems[paramField]);
    const stored = jobs[job].checkParams ? JSON.stringify(params) : '{}';
    // Saving starts the schedule afresh: slots before now are not run for the past.
    const [row] =
      id === null
        ? await db.query<{ id: number }>(
            'INSERT INTO sys_task (name, job, cron, enabled, timeout_seconds, params) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id',
            [name, job, cron, enabled, timeout, stored],
          )
        : await db.query<{ id: number }>(
            'UPDATE sys_task SET name = $2, job = $3, cron = $4, enabled = $5, timeout_seconds = $6, params = $7::jsonb, updated_at = now() WHERE id = $1 RETURNING id',
            [id, name, job, cron, enabled, timeout, stored],
          );
    if (!row) throw new ApiError(say('taskId'));
    return ok({ id: row.id, next: check.next });
  });

  mount(app, taskApi.runs, async (c) => {
    const { pageNum, pageSize, taskId: task, outcome: given } = c.var.body;
    const outcome = given || null;
    const where = `($1::int IS NULL OR l.task_id = $1) AND ($2::text IS NULL OR l.outcome = $2)`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_task_log l WHERE ${where}`, [task, outcome]);
    const rows = await db.query<TaskRun>(
      `SELECT l.id::text AS id, l.task_id AS "taskId", t.name AS "taskName", l.trigger, l.outcome, l.message, l.process,
              COALESCE(u.user_name, '') AS "byUserName",
              to_json(l.scheduled_at) #>> '{}' AS "scheduledAt", to_json(l.started_at) #>> '{}' AS "startedAt",
              to_json(l.finished_at) #>> '{}' AS "finishedAt",
              CASE WHEN l.finished_at IS NULL THEN NULL ELSE round(extract(epoch FROM l.finished_at - l.started_at) * 1000)::int END AS "durationMs"
         FROM sys_task_log l JOIN sys_task t ON t.id = l.task_id LEFT JOIN app_user u ON u.id = l.by_user_id
        WHERE ${where} ORDER BY l.started_at DESC, l.id DESC LIMIT $3 OFFSET $4`,
      [task, outcome, pageSize, (pageNum - 1) * pageSize],
    );
    const words = wordsFor(c);
    return { ...ok(rows.map((r) => ({ ...r, message: r.message && words(r.message) }))), count: n };
  });

  mount(app, taskApi.unlock, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    // One statement releases the lock and says who held it; the release is itself a row of the task's log.
    const [released] = await db.query<{ locked_by: string }>(
      `WITH old AS (SELECT locked_by FROM sys_task WHERE id = $1 AND locked_until IS NOT NULL AND locked_until > now() FOR UPDATE)
       UPDATE sys_task t SET locked_until = NULL, locked_by = '' FROM old WHERE t.id = $1 RETURNING old.locked_by`,
      [id],
    );
    if (!released) throw new ApiError('该任务没有被锁定');
    await db.query(
      `INSERT INTO sys_task_log (task_id, scheduled_at, trigger, by_user_id, outcome, message, finished_at)
       VALUES ($1, clock_timestamp(), 'unlock', $2, 'unlocked', $3, clock_timestamp())`,
      [id, s.userId, `释放了 ${released.locked_by || '未知进程'} 持有的锁`],
    );
    return ok();
  });

  // Not in the spec: run a task now (the 运行 button); the run is logged as manual, by the caller.
  mount(app, taskApi.run, async (c) => {
    const { id } = c.var.body;
    const [task] = await db.query('SELECT 1 FROM sys_task WHERE id = $1', [id]);
    if (!task) throw new ApiError(say('taskId'));
    const logId = await scheduler.runNow(id, c.get('session').userId);
    return ok({ logId });
  });

  return app;
}
