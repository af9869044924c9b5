import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { cronCheck, type JobType, type Scheduler } from '../../services/scheduler.ts';
import { taskApi, type TaskRow } from '@/api/table/operations.ts';
import { wordsFor } from '../../infra/http/language.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

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
    const rows = await q.tasksWithLastRun(db);
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
    const saved = await q.saveTask(db, id, { name, job, cron, enabled, timeoutSeconds: timeout, params: stored });
    if (saved === undefined) throw new ApiError(say('taskId'));
    return ok({ id: saved, next: check.next });
  });

  mount(app, taskApi.runs, async (c) => {
    const { pageNum, pageSize, taskId: task, outcome: given } = c.var.body;
    const outcome = given || null;
    const { rows, count: n } = await q.runPage(db, { taskId: task, outcome, pageNum, pageSize });
    const words = wordsFor(c);
    return { ...ok(rows.map((r) => ({ ...r, message: r.message && words(r.message) }))), count: n };
  });

  mount(app, taskApi.unlock, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    // One statement releases the lock and says who held it; the release is itself a row of the task's log.
    const holder = await q.releaseLock(db, id);
    if (holder === undefined) throw new ApiError('该任务没有被锁定');
    await q.logUnlock(db, id, s.userId, `释放了 ${holder || '未知进程'} 持有的锁`);
    return ok();
  });

  // Not in the spec: run a task now (the 运行 button); the run is logged as manual, by the caller.
  mount(app, taskApi.run, async (c) => {
    const { id } = c.var.body;
    if (!(await q.taskExists(db, id))) throw new ApiError(say('taskId'));
    const logId = await scheduler.runNow(id, c.get('session').userId);
    return ok({ logId });
  });

  return app;
}
