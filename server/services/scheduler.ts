import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Db } from '../infra/db/db.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { smsTestParams } from '@/api/schema/system/task.ts';
import { LOG_RETENTION_DAYS } from '@/api/contract/settings.ts';
import { COUNTED_OPERATION } from './logs.ts';
import { log } from '../infra/logger.ts';

/** What a job did, said in its run's log. */
export type JobResult = string;

export interface JobContext {
  db: Db;
  /** the task's parameters, as its job type checked them when it was saved */
  params: Record<string, unknown>;
  /** aborted when the task's timeout passes: a job checks it between steps */
  signal: AbortSignal;
  /** the time zone days are counted in (the platform tenant's) */
  timeZone: string;
}

export interface JobType {
  /** the name the task list shows */
  label: string;
  run: (ctx: JobContext) => Promise<JobResult>;
  /** the parameters it needs, checked when a task is saved: field -> message, or {} */
  checkParams?: (db: Db, params: Record<string, unknown>) => Promise<Record<string, string>>;
}

const count = (rows: unknown[]) => rows.length;

/** The registered job types (docs/api.md "Scheduled tasks"). A task names one of these; nothing else can run. */
export const JOBS: Readonly<Record<string, JobType>> = {
  purge_sessions: {
    label: '清理过期会话、验证码和密钥',
    run: async ({ db }) => {
      const sessions = count(
        await db.query(
          `DELETE FROM user_session WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day' RETURNING 1`,
        ),
      );
      const tokens = count(await db.query(`DELETE FROM access_token WHERE deadline < now() - interval '1 hour' RETURNING 1`));
      const captchas = count(await db.query(`DELETE FROM captcha WHERE created_at < now() - interval '1 hour' RETURNING 1`));
      const codes = count(await db.query(`DELETE FROM sms_code WHERE expires_at < now() - interval '1 hour' RETURNING 1`));
      const keys = count(await db.query(`DELETE FROM aes_key WHERE expires_at < now() - interval '1 hour' RETURNING 1`));
      const tickets = count(await db.query(`DELETE FROM login_ticket WHERE expires_at < now() - interval '1 hour' RETURNING 1`));
      return `会话 ${sessions}、访问令牌 ${tokens}、图形验证码 ${captchas}、短信验证码 ${codes}、登录密钥 ${keys}、登录票据 ${tickets}`;
    },
  },
  purge_logs: {
    label: '清理过期日志',
    run: async ({ db }) => {
      // Each tenant keeps its logs for its own logRetentionDays (default 180); rows of no tenant for the default.
      const retention = `COALESCE((SELECT CASE WHEN (s.params::jsonb ->> 'logRetentionDays') ~ '^[0-9]+$'
                                               THEN (s.params::jsonb ->> 'logRetentionDays')::int END
                                    FROM system_setting s WHERE s.tenant_id = x.tenant_id AND s.type = 'scrm_overall_params'), ${LOG_RETENTION_DAYS})`;
      const purge = async (table: string) =>
        count(await db.query(`DELETE FROM ${table} x WHERE x.created_at < now() - make_interval(days => ${retention}) RETURNING 1`));
      const parts = [];
      for (const [table, label] of [
        ['login_log', '登录日志'],
        ['session_log', '会话记录'],
        ['operation_log', '操作日志'],
        ['error_log', '错误日志'],
        ['sms_log', '短信记录'],
      ] as const) {
        parts.push(`${label} ${await purge(table)}`);
      }
      const runs = count(
        await db.query(`DELETE FROM sys_task_log WHERE started_at < now() - make_interval(days => ${LOG_RETENTION_DAYS}) RETURNING 1`),
      );
      return `${parts.join('、')}、任务运行记录 ${runs}`;
    },
  },
  stats_rollup: {
    label: '每日统计（前一天）',
    run: async ({ db, timeZone }) => {
      // Yesterday in the platform's zone, per tenant: sign-ins, failures, active users, operations, SMS sent.
      const rows = await db.query<{ tenant_id: number }>(
        `WITH bounds AS (
           SELECT (date_trunc('day', now() AT TIME ZONE $1) - interval '1 day') AS d
         ), span AS (
           SELECT d::date AS day, (d AT TIME ZONE $1) AS from_at, ((d + interval '1 day') AT TIME ZONE $1) AS to_at FROM bounds
         )
         INSERT INTO daily_stat (tenant_id, day, logins, failures, active_users, operations, sms_sent)
         SELECT t.id, span.day,
                (SELECT count(*) FROM login_log l WHERE l.tenant_id = t.id AND l.success AND l.created_at >= span.from_at AND l.created_at < span.to_at),
                (SELECT count(*) FROM login_log l WHERE l.tenant_id = t.id AND NOT l.success AND l.created_at >= span.from_at AND l.created_at < span.to_at),
                (SELECT count(DISTINCT l.user_id) FROM login_log l WHERE l.tenant_id = t.id AND l.success AND l.created_at >= span.from_at AND l.created_at < span.to_at),
                (SELECT count(*) FROM operation_log o WHERE o.tenant_id = t.id AND o.created_at >= span.from_at AND o.created_at < span.to_at AND ${COUNTED_OPERATION('o')}),
                (SELECT count(*) FROM sms_log m WHERE m.tenant_id = t.id AND m.success AND m.created_at >= span.from_at AND m.created_at < span.to_at)
           FROM tenant t, span
         ON CONFLICT (tenant_id, day) DO UPDATE SET logins = EXCLUDED.logins, failures = EXCLUDED.failures,
              active_users = EXCLUDED.active_users, operations = EXCLUDED.operations, sms_sent = EXCLUDED.sms_sent
         RETURNING tenant_id`,
        [timeZone],
      );
      return `${rows.length} 个租户的前一天统计已写入`;
    },
  },
};

/**
 * The "test an SMS platform" job: a test SMS to `phone` through the active platform of `tenantId` (params), so an
 * operator learns on a schedule that a gateway stopped working. Its sender is given by the app (it needs the secrets).
 */
export function smsTestJob(
  send: (tenantId: number, phone: string) => Promise<{ ok: true; platform: string } | { ok: false; error: string }>,
): JobType {
  return {
    label: '测试短信平台（发送测试短信）',
    checkParams: async (db, p) => {
      const problems = Object.fromEntries(Object.entries(fieldProblems(smsTestParams, p)).map(([k, m]) => [`params.${k}`, m]));
      if (!problems['params.tenantId'] && !(await db.query('SELECT 1 FROM tenant WHERE id = $1', [p.tenantId])).length) {
        problems['params.tenantId'] = '租户不存在';
      }
      return problems;
    },
    run: async ({ params }) => {
      const sent = await send(params.tenantId as number, params.phone as string);
      if (!sent.ok) throw new Error(sent.error);
      return `已经“${sent.platform}”发送测试短信到 ${params.phone as string}`;
    },
  };
}

/** A job only the automated tests register (SCRM_TEST_FAULTS=1): it records each run, so a test can count them. */
export const TEST_JOB: JobType = {
  label: '测试任务（记录每次运行）',
  run: async ({ db }) => {
    await db.query(`CREATE TABLE IF NOT EXISTS test_job_run (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`);
    await db.query(`INSERT INTO test_job_run DEFAULT VALUES`);
    return '已记录';
  },
};

/** A job of the automated tests only (SCRM_TEST_FAULTS=1): it waits 30 s, or until its run is cut short. */
export const TEST_WAIT_JOB: JobType = {
  label: '测试任务（等待 30 秒）',
  run: ({ signal }) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve('已等待'), 30_000);
      signal.addEventListener('abort', () => clearTimeout(timer));
    }),
};

/** Checks a cron expression (5 fields, or 6 with seconds) with croner; the next runs, or the reason it is refused. */
export function cronCheck(expression: string, timeZone: string, runs = 5): { next: string[] } | { error: string } {
  try {
    const cron = new Cron(expression, { timezone: timeZone, paused: true });
    return { next: cron.nextRuns(runs).map((d) => d.toISOString()) };
  } catch (err) {
    return { error: cronProblem(err instanceof Error ? err.message : String(err)) };
  }
}

/** croner's part names, as the task form's hint names them (秒 分 时 日 月 周). */
const CRON_PARTS: Readonly<Record<string, string>> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  dayOfWeek: '周',
  daysOfWeek: '周',
  year: '年',
};

/**
 * What is wrong with a cron, in the console's words: croner's English ("Invalid value for minute: 61") was shown
 * as it came inside the Chinese console (issue 45). Its English is src/i18n/server-messages-en.ts.
 * @example cronProblem('CronPattern: Invalid value for minute: 61') // '分的值“61”超出范围'
 */
export function cronProblem(message: string): string {
  const value = /Invalid value for (\w+): (.+)$/i.exec(message);
  if (value) return `${CRON_PARTS[value[1]!] ?? value[1]}的值“${value[2]}”超出范围`;
  if (/space separated parts/i.test(message)) return '须为 5 到 7 段，以空格分隔（秒 分 时 日 月 周），如 0 30 2 * * *';
  if (/stepping/i.test(message)) return '步长（/ 后的数）不正确';
  return '无法识别，请按“秒 分 时 日 月 周”填写，如 0 30 2 * * *';
}

/** The latest slot of a cron at or before `now` (croner may round a sub-second `now` up to the next second). */
function dueSlot(expression: string, timeZone: string, now: Date): Date | null {
  try {
    const cron = new Cron(expression, { timezone: timeZone, paused: true });
    return cron.previousRuns(2, now).find((d) => d.getTime() <= now.getTime()) ?? null;
  } catch {
    return null;
  }
}

export interface SchedulerOptions {
  db: Db;
  jobs?: Readonly<Record<string, JobType>>;
  /** how often due slots are looked for (SCHEDULER_TICK_MS; default 15 s) */
  tickMs?: number;
  /** the zone crons and days are read in */
  timeZone: () => Promise<string>;
  /** told each run's outcome (the metrics) */
  onRun?: (job: string, outcome: string) => void;
  /** other looks each tick makes (export jobs: dead runs, expired files) */
  sweeps?: ReadonlyArray<() => Promise<unknown>>;
}

interface TaskRow {
  id: number;
  job: string;
  cron: string;
  timeout_seconds: number;
  updated_at: Date;
  params: Record<string, unknown>;
}

/** What a run left 'running' by a process that ended says (its process never came back to finish it). */
export const DEAD_RUN_MESSAGE = '运行它的进程已退出，本次运行未完成';
/** Seconds past a run's timeout before it counts as dead: a live process has written its timeout by then. */
export const DEAD_RUN_GRACE_SECONDS = 60;

/**
 * Marks as failed the runs still 'running' well past their task's timeout. A live process ends every run it
 * started by the timeout (its own timer writes 'timeout'), so such a row belongs to a process that was killed or
 * crashed; its lock expired with the same timeout. One statement, so processes reaping at once touch a row once.
 * Resolves with how many it marked.
 */
export async function reapDeadRuns(db: Pick<Db, 'query'>): Promise<number> {
  const rows = await db.query(
    `UPDATE sys_task_log l SET outcome = 'failure', message = $1, finished_at = clock_timestamp()
       FROM sys_task t
      WHERE t.id = l.task_id AND l.outcome = 'running'
        AND l.started_at < clock_timestamp() - make_interval(secs => t.timeout_seconds + $2)
      RETURNING l.id`,
    [DEAD_RUN_MESSAGE, DEAD_RUN_GRACE_SECONDS],
  );
  return rows.length;
}

/** What an import left 'processing' by a process that ended says. */
export const DEAD_IMPORT_MESSAGE = '运行它的进程已退出，导入未完成：已处理的行已保存，请重新导入其余的行';
/** Seconds without progress before an import counts as dead: a live run writes its row at every chunk. */
export const DEAD_IMPORT_SECONDS = 120;

/** Marks as failed the imports a killed or crashed process left 'processing'. One statement, as above. */
export async function reapDeadImports(db: Pick<Db, 'query'>): Promise<number> {
  const rows = await db.query(
    `UPDATE import_job SET status = 'failed', message = $1, updated_at = now()
      WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $2)
      RETURNING id`,
    [DEAD_IMPORT_MESSAGE, DEAD_IMPORT_SECONDS],
  );
  return rows.length;
}

/**
 * The scheduler every server process runs. Each tick it looks at every enabled task and the latest due slot of its
 * cron (since the task was last saved). The slot is claimed by inserting that run's log row: it is unique per task
 * and slot, so one process wins and each due run happens once. Then the task's lock is taken in one UPDATE (one run
 * at a time; a crashed run's lock expires with its timeout). A slot whose task is still running is logged as skipped.
 */
export class Scheduler {
  readonly process = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticking: Promise<void> | null = null;
  private readonly running = new Set<Promise<unknown>>();
  private readonly jobs: Readonly<Record<string, JobType>>;

  constructor(private readonly o: SchedulerOptions) {
    this.jobs = o.jobs ?? JOBS;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.o.tickMs ?? 15_000);
    this.timer.unref?.();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    await Promise.allSettled([...this.running]);
  }

  /** One look for due slots (a tick that is still looking is not overlapped). */
  tick(now = new Date()): Promise<void> {
    this.ticking ??= this.look(now).finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async look(now: Date) {
    try {
      await reapDeadRuns(this.o.db);
      await reapDeadImports(this.o.db);
      for (const sweep of this.o.sweeps ?? []) await sweep();
      const zone = await this.o.timeZone();
      const tasks = await this.o.db.query<TaskRow>(
        'SELECT id, job, cron, timeout_seconds, updated_at, params FROM sys_task WHERE enabled ORDER BY id',
      );
      for (const task of tasks) {
        const slot = dueSlot(task.cron, zone, now);
        if (!slot || slot.getTime() <= new Date(task.updated_at).getTime()) continue;
        const [claimed] = await this.o.db.query<{ id: string }>(
          `INSERT INTO sys_task_log (task_id, scheduled_at, trigger, process) VALUES ($1, $2, 'schedule', $3)
           ON CONFLICT (task_id, scheduled_at, trigger) DO NOTHING RETURNING id::text AS id`,
          [task.id, slot.toISOString(), this.process],
        );
        if (claimed) this.launch(task, claimed.id, zone);
      }
    } catch (err) {
      log.error({ err }, 'scheduler tick failed');
    }
  }

  /** Runs a task now (the 运行 button): its own log row, the same lock. Resolves with the log row's id. */
  async runNow(taskId: number, byUserId: number): Promise<string> {
    const [task] = await this.o.db.query<TaskRow>('SELECT id, job, cron, timeout_seconds, updated_at, params FROM sys_task WHERE id = $1', [
      taskId,
    ]);
    if (!task) throw new Error('task not found');
    const [row] = await this.o.db.query<{ id: string }>(
      `INSERT INTO sys_task_log (task_id, scheduled_at, trigger, by_user_id, process) VALUES ($1, clock_timestamp(), 'manual', $2, $3) RETURNING id::text AS id`,
      [taskId, byUserId, this.process],
    );
    this.launch(task, row.id, await this.o.timeZone());
    return row.id;
  }

  private launch(task: TaskRow, logId: string, timeZone: string) {
    // A run whose own bookkeeping fails (the database went away) is logged; its row is marked failed by a later tick.
    const run = this.run(task, logId, timeZone).catch((err: unknown) => log.error({ err, task: task.id }, 'scheduled run failed'));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async run(task: TaskRow, logId: string, timeZone: string) {
    const db = this.o.db;
    const finish = (outcome: string, message: string) => {
      this.o.onRun?.(task.job, outcome);
      return db.query(`UPDATE sys_task_log SET outcome = $2, message = $3, finished_at = clock_timestamp() WHERE id = $1::bigint`, [
        logId,
        outcome,
        message.slice(0, 1000),
      ]);
    };
    // One run at a time, across processes: the lock is one UPDATE that only an unlocked (or expired) task passes.
    const [locked] = await db.query(
      `UPDATE sys_task SET locked_until = clock_timestamp() + make_interval(secs => timeout_seconds), locked_by = $2
        WHERE id = $1 AND (locked_until IS NULL OR locked_until < clock_timestamp()) RETURNING id`,
      [task.id, this.process],
    );
    if (!locked) return finish('skipped', '上一次运行尚未结束（或锁未释放）');
    const job = this.jobs[task.job];
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      if (!job) throw new Error(`未知的任务类型：${task.job}`);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new TimeoutError(`超过 ${task.timeout_seconds} 秒未完成`));
        }, task.timeout_seconds * 1000);
      });
      const message = await Promise.race([job.run({ db, params: task.params ?? {}, signal: controller.signal, timeZone }), timeout]);
      await finish('success', message);
    } catch (err) {
      await finish(err instanceof TimeoutError ? 'timeout' : 'failure', err instanceof Error ? err.message : String(err));
    } finally {
      clearTimeout(timer);
      await db.query(`UPDATE sys_task SET locked_until = NULL, locked_by = '' WHERE id = $1 AND locked_by = $2`, [task.id, this.process]);
    }
  }
}

class TimeoutError extends Error {}
