import { describe, expect, inject, it } from 'vitest';
import { callAs, signedIn, readUntil } from '../support/api.ts';
import { ownServer } from '../support/db-access.ts';
import type { Db } from '@server/infra/db/db.ts';
import { DEAD_IMPORT_MESSAGE, DEAD_RUN_MESSAGE, reapDeadImports, reapDeadRuns } from '@server/services/scheduler.ts';

// Issue 13, scheduled tasks: the platform's tasks, cron checked and previewed, runs logged, run now, a stuck lock
// released (and logged), on PGlite and PostgreSQL.
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');

interface TaskList {
  tasks: Array<{
    id: number;
    name: string;
    job: string;
    jobLabel: string;
    cron: string;
    enabled: boolean;
    nextRun: string | null;
    locked: boolean;
    lastMessage: string | null;
  }>;
  jobs: Array<{ job: string; label: string }>;
}
interface RunRow {
  id: string;
  trigger: string;
  outcome: string;
  message: string;
  byUserName: string;
  durationMs: number | null;
}

describe('scheduled tasks', () => {
  it('the operator sees the housekeeping tasks with their next runs; a tenant admin is refused', async () => {
    const op = await signedIn(baseUrl, 'platform');
    const list = await callAs<TaskList>(baseUrl, op.token, '/v1/sysTask/selSysTaskList');
    expect(list.values!.tasks.map((t) => t.job)).toEqual(expect.arrayContaining(['purge_sessions', 'purge_logs', 'stats_rollup']));
    expect(list.values!.tasks.every((t) => !t.enabled || Date.parse(t.nextRun!) > Date.now())).toBe(true);
    expect(list.values!.jobs.map((j) => j.job)).toContain('purge_logs');
    const admin = await signedIn(baseUrl, 'admin');
    expect(await callAs(baseUrl, admin.token, '/v1/sysTask/selSysTaskList')).toMatchObject({ result: 403 });
    expect(await callAs(baseUrl, admin.token, '/v1/sysTask/run', { id: list.values!.tasks[0].id })).toMatchObject({ result: 403 });
  });

  it('a cron is checked and its next runs shown before saving; a run now is logged with its outcome and who asked', async () => {
    const op = await signedIn(baseUrl, 'platform');
    // Said in the console's words, not croner's English (issue 45).
    expect(await callAs(baseUrl, op.token, '/v1/sysTask/cronPreview', { cron: '61 * * * *' })).toMatchObject({
      field: 'cron',
      errmsg: 'Cron 表达式不正确：分的值“61”超出范围',
    });
    expect(await callAs(baseUrl, op.token, '/v1/sysTask/cronPreview', { cron: 'x' })).toMatchObject({
      errmsg: 'Cron 表达式不正确：须为 5 到 7 段，以空格分隔（秒 分 时 日 月 周），如 0 30 2 * * *',
    });
    const preview = await callAs<string[]>(baseUrl, op.token, '/v1/sysTask/cronPreview', { cron: '*/10 * * * *' });
    expect(preview.values).toHaveLength(5);
    expect(new Date(preview.values![0]).getUTCMinutes() % 10).toBe(0);
    expect(await callAs(baseUrl, op.token, '/v1/sysTask/addSysTask', { name: 'x', job: 'rm -rf', cron: '* * * * *' })).toMatchObject({
      field: 'job',
    });
    // A job named like Object.prototype's members is no job; the schema the form uses names each field.
    expect(await callAs(baseUrl, op.token, '/v1/sysTask/addSysTask', { name: 'x', job: 'constructor', cron: '* * * * *' })).toMatchObject({
      field: 'job',
      errmsg: '请选择任务类型',
    });
    const task = { name: 'x', job: 'purge_sessions', cron: '0 4 * * *' };
    expect(await callAs(baseUrl, op.token, '/v1/sysTask/addSysTask', { ...task, timeoutSeconds: 0 })).toMatchObject({
      field: 'timeoutSeconds',
      errmsg: '超时须为 1 到 86400 秒之间的整数',
    });
    expect(await callAs(baseUrl, op.token, '/v1/sysTask/addSysTask', { ...task, lockedBy: 'me' })).toMatchObject({ field: 'lockedBy' });
    expect(
      await callAs(baseUrl, op.token, '/v1/sysTask/addSysTask', {
        ...task,
        job: 'sms_test',
        params: { tenantId: 'x', phone: '12' },
      }),
    ).toMatchObject({ field: 'params.tenantId', errmsg: '请填写租户编号' });
    expect(await callAs(baseUrl, op.token, '/v1/sysTask/selSysTaskLogList', { pageSize: 500 })).toMatchObject({
      field: 'pageSize',
      errmsg: '每页条数必须是 1 到 200 之间的整数',
    });
    expect(
      await callAs(baseUrl, op.token, '/v1/sysTask/addSysTask', { name: 'x', job: 'purge_sessions', cron: 'every minute' }),
    ).toMatchObject({
      field: 'cron',
    });
    const made = await callAs<{ id: number; next: string[] }>(baseUrl, op.token, '/v1/sysTask/addSysTask', {
      name: '测试清理',
      job: 'purge_sessions',
      cron: '0 4 * * *',
      enabled: false,
      timeoutSeconds: 60,
    });
    expect(made.values!.next).toHaveLength(5);
    const run = await callAs<{ logId: string }>(baseUrl, op.token, '/v1/sysTask/run', { id: made.values!.id });
    expect(run.result).toBe('ok');
    const logs = await readUntil(
      () => callAs<RunRow[]>(baseUrl, op.token, '/v1/sysTask/selSysTaskLogList', { taskId: made.values!.id }),
      (a) => a.values?.[0]?.outcome === 'success',
    );
    expect(logs.values![0]).toMatchObject({
      trigger: 'manual',
      outcome: 'success',
      byUserName: 'platform',
      message: expect.stringContaining('会话'),
    });
    expect(logs.values![0].durationMs).toBeGreaterThanOrEqual(0);
    // In English (issue 45): the job types and what the run said; the task's own name stays the user's
    const english = await callAs<RunRow[]>(baseUrl, { UserToken: op.token, 'Accept-Language': 'en' }, '/v1/sysTask/selSysTaskLogList', {
      taskId: made.values!.id,
    });
    expect(english.values![0].message).toMatch(
      /^sessions \d+, access tokens \d+, picture codes \d+, SMS codes \d+, sign-in keys \d+, sign-in tickets \d+$/,
    );
    const list = await callAs<TaskList>(baseUrl, { UserToken: op.token, 'Accept-Language': 'en' }, '/v1/sysTask/selSysTaskList');
    expect(list.values!.jobs.find((j) => j.job === 'purge_sessions')!.label).toBe('Purge expired sessions, codes and keys');
    expect(list.values!.tasks.find((t) => t.id === made.values!.id)).toMatchObject({
      name: '测试清理',
      jobLabel: 'Purge expired sessions, codes and keys',
      lastMessage: expect.stringMatching(/^sessions \d+/),
    });
  });
});

describe('scheduled tasks: locks, on a server of their own', () => {
  const server = ownServer(databaseUrl);

  it('a run finding the task locked is skipped; releasing a stuck lock is logged, and the next run goes', async () => {
    const op = await signedIn(server.url, 'platform');
    const list = await callAs<TaskList>(server.url, op.token, '/v1/sysTask/selSysTaskList');
    const task = list.values!.tasks.find((t) => t.job === 'stats_rollup')!;
    // Its schedule off, so only this test's runs are logged: its slot (00:10 in Asia/Shanghai, 16:10 UTC) came during a
    // CI run and logged a scheduled run beside them. A manual run goes whether the task is enabled or not. The slot can
    // also fire as this server starts, before the schedule is off: this test reads the runs it made, not the schedule's.
    const mine = (rows: RunRow[] | undefined) => (rows ?? []).filter((r) => r.trigger !== 'schedule');
    await server.query(
      `UPDATE sys_task SET enabled = false, locked_until = now() + interval '1 hour', locked_by = 'crashed:1' WHERE id = $1`,
      [task.id],
    );
    expect(
      (await callAs<TaskList>(server.url, op.token, '/v1/sysTask/selSysTaskList')).values!.tasks.find((t) => t.id === task.id)!.locked,
    ).toBe(true);
    await callAs(server.url, op.token, '/v1/sysTask/run', { id: task.id });
    const skipped = await readUntil(
      () => callAs<RunRow[]>(server.url, op.token, '/v1/sysTask/selSysTaskLogList', { taskId: task.id }),
      (a) => mine(a.values)[0]?.outcome === 'skipped',
    );
    expect(mine(skipped.values)[0].outcome).toBe('skipped');
    expect((await callAs(server.url, op.token, '/v1/sysTask/delTaskLock', { id: task.id })).result).toBe('ok');
    expect(await callAs(server.url, op.token, '/v1/sysTask/delTaskLock', { id: task.id })).toMatchObject({ errmsg: '该任务没有被锁定' });
    await callAs(server.url, op.token, '/v1/sysTask/run', { id: task.id });
    const after = await readUntil(
      () => callAs<RunRow[]>(server.url, op.token, '/v1/sysTask/selSysTaskLogList', { taskId: task.id }),
      (a) => mine(a.values)[0]?.outcome === 'success',
    );
    const runs = mine(after.values);
    expect(runs.map((r) => [r.trigger, r.outcome])).toEqual([
      ['manual', 'success'],
      ['unlock', 'unlocked'],
      ['manual', 'skipped'],
    ]);
    expect(runs[1]).toMatchObject({ byUserName: 'platform', message: expect.stringContaining('crashed:1') });
    expect(runs[0].message).toMatch(/个租户的前一天统计已写入/);
    await server.query('UPDATE sys_task SET enabled = true WHERE id = $1', [task.id]);
  });

  it('a run left running by a process that ended is marked failed past its timeout; a live one is left alone', async () => {
    const op = await signedIn(server.url, 'platform');
    const task = (await callAs<TaskList>(server.url, op.token, '/v1/sysTask/selSysTaskList')).values!.tasks.find(
      (t) => t.job === 'purge_sessions',
    )!;
    const [dead] = await server.query<{ id: string }>(
      `INSERT INTO sys_task_log (task_id, scheduled_at, trigger, started_at, process)
       SELECT id, now() - make_interval(secs => timeout_seconds + 120), 'schedule', now() - make_interval(secs => timeout_seconds + 120), 'killed:1'
         FROM sys_task WHERE id = $1 RETURNING id::text AS id`,
      [task.id],
    );
    const [live] = await server.query<{ id: string }>(
      `INSERT INTO sys_task_log (task_id, scheduled_at, trigger, process) VALUES ($1, now() - interval '1 second', 'schedule', 'alive:1')
       RETURNING id::text AS id`,
      [task.id],
    );
    // What every scheduler tick does first (one statement: processes reaping at once mark a row once).
    const reaped = await Promise.all([
      reapDeadRuns({ query: server.query } as Pick<Db, 'query'>),
      reapDeadRuns({ query: server.query } as Pick<Db, 'query'>),
    ]);
    expect(reaped[0] + reaped[1]).toBeGreaterThanOrEqual(1);
    const runs = (await callAs<RunRow[]>(server.url, op.token, '/v1/sysTask/selSysTaskLogList', { taskId: task.id })).values!;
    expect(runs.find((r) => r.id === dead.id)).toMatchObject({ outcome: 'failure', message: DEAD_RUN_MESSAGE });
    expect(runs.find((r) => r.id === live.id)).toMatchObject({ outcome: 'running' });
    await server.query(`DELETE FROM sys_task_log WHERE id = $1::bigint`, [live.id]);
  });

  it('an import left processing by a process that ended is marked failed; one making progress is left alone', async () => {
    const insert = async (minutesAgo: number) =>
      (
        await server.query<{ id: string }>(
          `INSERT INTO import_job (tenant_id, user_id, kind, total, updated_at) VALUES (1, 1, 'users', 100, now() - make_interval(mins => $1))
           RETURNING id::text AS id`,
          [minutesAgo],
        )
      )[0].id;
    const dead = await insert(10);
    const live = await insert(0);
    const reaped = await Promise.all([
      reapDeadImports({ query: server.query } as Pick<Db, 'query'>),
      reapDeadImports({ query: server.query } as Pick<Db, 'query'>),
    ]);
    expect(reaped[0] + reaped[1]).toBeGreaterThanOrEqual(1);
    const jobs = await server.query<{ id: string; status: string; message: string }>(
      'SELECT id::text AS id, status, message FROM import_job WHERE id = ANY($1::bigint[])',
      [[dead, live]],
    );
    expect(jobs.find((j) => j.id === dead)).toMatchObject({ status: 'failed', message: DEAD_IMPORT_MESSAGE });
    expect(jobs.find((j) => j.id === live)).toMatchObject({ status: 'processing' });
    await server.query('DELETE FROM import_job WHERE id = ANY($1::bigint[])', [[dead, live]]);
  });

  it('purge_logs removes each tenant’s logs older than its own retention, checked when it is set', async () => {
    const admin = await signedIn(server.url, 'admin');
    const op = await signedIn(server.url, 'platform');
    const settings = await callAs<{ settings: Array<{ params: Record<string, unknown> }> }>(
      server.url,
      admin.token,
      '/v1/tenantOverallParams/query',
    );
    const overall = settings.values!.settings[0].params;
    expect(
      await callAs(server.url, admin.token, '/v1/tenantOverallParams/update', {
        type: 'scrm_overall_params',
        params: { ...overall, logRetentionDays: 3 },
      }),
    ).toMatchObject({ field: 'logRetentionDays' });
    expect(
      await callAs(server.url, admin.token, '/v1/tenantOverallParams/update', {
        type: 'scrm_overall_params',
        params: { ...overall, logRetentionDays: 7 },
      }),
    ).toMatchObject({ result: 'ok' });
    await server.query(
      `INSERT INTO login_log (tenant_id, account, success, created_at) VALUES
         (1, 'old-one', false, now() - interval '30 days'), (1, 'recent-one', false, now() - interval '2 days'),
         (2, 'old-two', false, now() - interval '30 days')`,
    );
    const task = (await callAs<TaskList>(server.url, op.token, '/v1/sysTask/selSysTaskList')).values!.tasks.find(
      (t) => t.job === 'purge_logs',
    )!;
    await callAs(server.url, op.token, '/v1/sysTask/run', { id: task.id });
    const done = await readUntil(
      () => callAs<RunRow[]>(server.url, op.token, '/v1/sysTask/selSysTaskLogList', { taskId: task.id }),
      (a) => a.values?.[0]?.outcome === 'success',
    );
    expect(done.values![0].message).toMatch(/^登录日志 \d+/);
    const left = await server.query<{ account: string }>(
      `SELECT account FROM login_log WHERE account LIKE '%-one' OR account LIKE '%-two' ORDER BY account`,
    );
    // tenant 1 keeps 7 days; tenant 2 the default 180
    expect(left.map((r) => r.account)).toEqual(['old-two', 'recent-one']);
  });
});
