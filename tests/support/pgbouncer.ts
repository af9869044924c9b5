import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './postgres.ts';

/** PgBouncer's program: PGBOUNCER_BIN, then PATH, then Debian's /usr/sbin/pgbouncer. */
export function findPgbouncer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    env.PGBOUNCER_BIN,
    ...(env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'pgbouncer')),
    '/usr/sbin/pgbouncer',
  ];
  return candidates.find((file) => file && existsSync(file));
}

export interface RunningPgbouncer {
  /** the database URL `databaseUrl` has through the pooler */
  through: (databaseUrl: string) => string;
  stop: () => Promise<void>;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * Debian's PgBouncer in front of the PostgreSQL server of `databaseUrl`, in `mode` (transaction: each transaction
 * gets whichever server connection is free, the way large deployments run it), on a free loopback port, trusting the
 * URL's user as the test cluster does. PgBouncer refuses to run as root: as root it runs as `postgres`.
 */
export async function startPgbouncer(
  bin: string,
  databaseUrl: string,
  mode: 'transaction' | 'session' = 'transaction',
): Promise<RunningPgbouncer> {
  const target = new URL(databaseUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'scrm-pgbouncer-'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'users.txt'), `"${target.username}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      `pool_mode = ${mode}`,
      'max_client_conn = 500',
      'default_pool_size = 8',
      // node-postgres sends none of these, psql and others may
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'log')}`,
      '',
    ].join('\n'),
  );
  let uid: number | undefined;
  if (userInfo().uid === 0) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    for (const f of ['users.txt', 'pgbouncer.ini']) chownSync(path.join(dir, f), uid, gid);
  }
  const child: ChildProcess = spawn(bin, [path.join(dir, 'pgbouncer.ini')], { uid, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  child.stdout!.on('data', (c: Buffer) => (said += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (said += c.toString()));
  for (let i = 0; !(await answers(port)); i++) {
    if (child.exitCode !== null || i > 100) throw new Error(`pgbouncer did not start: ${said}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    through: (url) => {
      const u = new URL(url);
      u.host = `127.0.0.1:${port}`;
      return u.toString();
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
