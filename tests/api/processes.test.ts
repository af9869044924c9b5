import { USER_SHEET_COLUMNS } from '@/api/schema/system/user.ts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEvents, signedIn } from '../support/api.ts';
import { freshDatabase } from '../support/db-access.ts';
import { postJson } from '../support/demo.ts';
import { serverExit, startServer, type RunningServer } from '../support/start-server.ts';
import { startUserImport } from '@/api/calls/system/user-calls.ts';
import { writeXlsx } from '@/lib/xlsx.ts';
import { openDb } from '@server/infra/db/db.ts';
import { IMPORT_INTERRUPTED } from '@server/features/users/import.ts';
import { DEAD_RUN_MESSAGE } from '@server/services/scheduler.ts';

// Issue 9: one writer per PGlite folder; many processes on one PostgreSQL; a demo that stays on this machine.
const databaseUrl = inject('databaseUrl');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});
/** A throwaway data folder holding the run's seeded demo: opening it takes a second where seeding takes five. */
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scrm-proc-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const template = inject('templateDir');
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
};

describe.runIf(!databaseUrl)('PGlite: one server process per data folder, and a demo on loopback', () => {
  let first: RunningServer;
  const dataDir = tempDir();

  it('a demo started without HOST listens on 127.0.0.1 and says it is a demo', async () => {
    first = await startServer({ PORT: '0' }, { dataDir, bareEnv: true });
    cleanups.push(() => first.stop());
    expect(first.log()).toContain('（监听 127.0.0.1）');
    await expect.poll(() => first.log()).toContain('这是演示模式：只监听本机（127.0.0.1）');
    expect((await postJson(first.url, '/anon/passport/aesKey', {})).json.result).toBe('ok');
  });

  it('a second server on the same data folder refuses to start, and the first keeps answering', async () => {
    const second = await serverExit({ PORT: '0' }, { dataDir, bareEnv: true });
    expect(second.code).toBe(1);
    expect(second.log).toMatch(/数据目录 .* 正被进程 \d+ 使用：一个 PGlite 数据目录只能由一个服务进程打开/);
    expect((await signedIn(first.url, 'admin')).token).toBeTruthy();
  });

  it('a damaged data folder ends with a clear message and exit code 1, not a stack, and leaves no lock behind', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'global', 'pg_control'), randomBytes(300));
    const broken = await serverExit({ PORT: '0' }, { dataDir: dir, bareEnv: true });
    expect(broken.code).toBe(1);
    expect(broken.log).toContain(`无法打开数据目录 ${dir} 中的数据库`);
    expect(broken.log).toContain('请从备份恢复');
    expect(broken.log).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(dir, 'scrm-server.lock'))).toBe(false);
  });

  it('a test server ends with the process that started it, even one killed outright (a failed or stopped run)', async () => {
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startServer } from './tests/support/start-server.ts';
         const s = await startServer({ STOP_GRACE_SECONDS: '0' }, { template: process.env.TEMPLATE });
         console.log('PID ' + s.pid);
         setInterval(() => {}, 1000);`,
      ],
      { env: { ...process.env, TEMPLATE: inject('templateDir') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let said = '';
    parent.stdout!.on('data', (c: Buffer) => (said += c.toString()));
    parent.stderr!.on('data', (c: Buffer) => (said += c.toString()));
    await expect.poll(() => said, { timeout: 60_000 }).toMatch(/PID \d+/);
    const pid = Number(/PID (\d+)/.exec(said)![1]);
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(alive, { timeout: 30_000 }).toBe(false);
  });

  it('a port already in use ends with the port named and how to choose another, not a stack', async () => {
    const port = new URL(first.url).port;
    const other = await serverExit({ PORT: port }, { dataDir: tempDir(), bareEnv: true });
    expect(other.code).toBe(1);
    expect(other.log).toContain(`端口 ${port} 已被占用`);
    expect(other.log).toContain(`PORT=${Number(port) + 1} npm start`);
    expect(other.log).not.toContain('EADDRINUSE');
  });

  it('a stop ends the session streams, cuts a running import short with a mark, and closes the database', async () => {
    const dir = tempDir();
    const server = await startServer({ STOP_GRACE_SECONDS: '0' }, { dataDir: dir });
    const admin = await signedIn(server.url, 'admin');
    const stream = await openEvents(server.url, admin.token);
    const rows = Array.from({ length: 10_000 }, (_, i) => [`stop${i}`, `停止${i}`, '', '门店/普通员工', '华东大区', '']);
    const file = new File([await writeXlsx({ fileName: 'users.xlsx', columns: USER_SHEET_COLUMNS, rows })], 'users.xlsx');
    const started = await startUserImport(admin.api, file, 'Passw0rd2026');
    expect(started.status).toBe('processing');
    const closing = stream.until(/event: closing/);
    await server.stop();
    expect(await closing).not.toBeNull();
    expect(server.exitCode()).toBe(0);
    expect(server.log()).toContain('已停止');
    // Reopened: the job is not left processing; cut short, it says so, and the rows before the cut are saved.
    const db = await openDb({ dataDir: dir });
    try {
      const [job] = await db.query<{ status: string; message: string; processed: number }>(
        'SELECT status, message, processed FROM import_job WHERE id = $1',
        [started.jobId],
      );
      // No grace (STOP_GRACE_SECONDS=0): the run stops at its next chunk, well before its 10,000th row.
      expect(job).toMatchObject({ status: 'failed', message: IMPORT_INTERRUPTED });
      expect(job.processed).toBeLessThan(10_000);
    } finally {
      await db.close();
    }
  });

  it('a lock left by a process that no longer runs (kill -9) is taken over', async () => {
    const dir = tempDir();
    // A pid above Linux's pid_max never runs.
    writeFileSync(path.join(dir, 'scrm-server.lock'), '4194305');
    const server = await startServer({}, { dataDir: dir });
    cleanups.push(() => server.stop());
    expect((await postJson(server.url, '/anon/passport/aesKey', {})).json.result).toBe('ok');
  });
});

describe.runIf(databaseUrl)('PostgreSQL: many server processes on one database', () => {
  /** Two server processes on one database, stopped when the file ends. */
  const twoProcesses = async (env: Record<string, string>) => {
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    return [a, b] as const;
  };
  /** Two processes ticking the scheduler every 250 ms on a database of their own, and the platform operator. */
  const twoSchedulers = async () => {
    const url = await freshDatabase(databaseUrl, inject('pgTemplate'));
    const [a, b] = await twoProcesses({ DATABASE_URL: url, SCHEDULER_TICK_MS: '250' });
    const op = await signedIn(a.url, 'platform');
    const saveTask = (server: RunningServer, task: Record<string, unknown>) =>
      postJson(server.url, '/v1/sysTask/addSysTask', { timeoutSeconds: 5, ...task }, { UserToken: op.token });
    return { url, a, b, op, saveTask };
  };

  it('two processes starting at once on an empty database both come up; migrations and seed run once', async () => {
    const url = await freshDatabase(databaseUrl);
    const [a, b] = await twoProcesses({ DATABASE_URL: url });
    const { default: pg } = await import('pg');
    const client = new pg.Client(url);
    await client.connect();
    const tenants = await client.query<{ n: string }>('SELECT count(*) AS n FROM tenant');
    const users = await client.query<{ n: string }>(`SELECT count(*) AS n FROM app_user WHERE user_name = 'admin'`);
    await client.end();
    // the demo's three tenants: the platform's (0) and tenants 1 and 2, seeded once
    expect(Number(tenants.rows[0].n)).toBe(3);
    expect(Number(users.rows[0].n)).toBe(1);
    // A session made through one process is good on the other.
    const admin = await signedIn(a.url, 'admin');
    expect((await postJson(b.url, '/vue/userInfo', {}, { UserToken: admin.token })).json.result).toBe('ok');
  });

  it('a force logout made on one process reaches the browser streaming from the other (LISTEN/NOTIFY)', async () => {
    const [a, b] = await twoProcesses({ DATABASE_URL: databaseUrl });
    const staff = await signedIn(a.url, 'staff');
    const events = await openEvents(a.url, staff.token);
    const ta = await signedIn(b.url, 'tenantadmin');
    expect((await postJson(b.url, '/v1/user/forceLogout', { id: events.id }, { UserToken: ta.token })).json.result).toBe('ok');
    expect(await events.until(/event: revoked/)).not.toBeNull();
    events.close();
  });

  it('the scheduler of two processes runs each due slot exactly once', async () => {
    const { url, a, b, saveTask } = await twoSchedulers();
    // every second, a job that records each of its runs
    const made = await saveTask(a, { name: '每秒', job: 'test_record', cron: '* * * * * *' });
    expect(made.json.result).toBe('ok');
    const taskId = (made.json.values as { id: number }).id;
    await new Promise((r) => setTimeout(r, 4500));
    await saveTask(b, { id: taskId, name: '每秒', job: 'test_record', cron: '* * * * * *', enabled: false });
    await new Promise((r) => setTimeout(r, 1000));
    const { default: pg } = await import('pg');
    const client = new pg.Client(url);
    await client.connect();
    const runs = await client.query<{ scheduled_at: Date; outcome: string; process: string }>(
      `SELECT scheduled_at, outcome, process FROM sys_task_log WHERE task_id = $1 AND trigger = 'schedule' ORDER BY scheduled_at`,
      [taskId],
    );
    const recorded = await client.query<{ n: string }>('SELECT count(*) AS n FROM test_job_run');
    await client.end();
    // Several slots came due; each was claimed once (one log row), and the job ran once per slot that ran.
    expect(runs.rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(runs.rows.map((r) => r.scheduled_at.toISOString())).size).toBe(runs.rows.length);
    const succeeded = runs.rows.filter((r) => r.outcome === 'success').length;
    expect(Number(recorded.rows[0].n)).toBe(succeeded);
    expect(runs.rows.every((r) => ['success', 'skipped'].includes(r.outcome))).toBe(true);
  });

  it('a run whose process was killed is marked failed once its timeout and a minute have passed, not before', async () => {
    const { url, a, b, op, saveTask } = await twoSchedulers();
    const made = await saveTask(a, { name: '等待', job: 'test_wait', cron: '0 0 1 1 *' });
    const taskId = (made.json.values as { id: number }).id;
    expect((await postJson(a.url, '/v1/sysTask/run', { id: taskId }, { UserToken: op.token })).json.result).toBe('ok');
    const { default: pg } = await import('pg');
    const client = new pg.Client(url);
    await client.connect();
    cleanups.push(() => client.end());
    const run = async () =>
      (
        await client.query<{ id: string; outcome: string; message: string; elapsed: number }>(
          `SELECT id::text AS id, outcome, message, extract(epoch FROM clock_timestamp() - started_at) AS elapsed
             FROM sys_task_log WHERE task_id = $1 AND trigger = 'manual'`,
          [taskId],
        )
      ).rows[0];
    await expect.poll(async () => (await run())?.outcome).toBe('running');
    await a.kill();
    // The other process's ticks leave it running while it may still be alive (5 s of timeout and the minute)...
    await client.query(`UPDATE sys_task_log SET started_at = clock_timestamp() - interval '50 seconds' WHERE id = $1::bigint`, [
      (await run()).id,
    ]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await run()).outcome).toBe('running');
    // ...and mark it failed, saying why, once they have passed.
    await client.query(`UPDATE sys_task_log SET started_at = clock_timestamp() - interval '66 seconds' WHERE id = $1::bigint`, [
      (await run()).id,
    ]);
    await expect.poll(async () => (await run()).outcome).toBe('failure');
    expect((await run()).message).toBe(DEAD_RUN_MESSAGE);
    expect(b.exitCode()).toBeNull();
  });
});
