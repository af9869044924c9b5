import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** The folder holding initdb and pg_ctl: PG_BIN, then PATH, then Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.PG_BIN, ...(env.PATH ?? '').split(path.delimiter)];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, v, 'bin'));
  }
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

export interface RunningPostgres {
  url: string;
  /** the cluster's server stops at once (pg_ctl -m immediate: as a crash or a failover would), its data kept */
  halt: () => void;
  /** the halted cluster starts again on the same port and data */
  resume: () => void;
  /** stops the cluster and removes it */
  stop: () => void;
}

/** A port no one listens on now, on loopback. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * A throwaway PostgreSQL cluster on loopback (trust auth, socket in its own folder), removed by stop().
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user.
 * `settings` are server settings for its start (`-c name=value`), such as a benchmark's shared_buffers.
 */
export async function startPostgres(bin: string, settings: Readonly<Record<string, string>> = {}): Promise<RunningPostgres> {
  const given = Object.entries(settings).map(([name, value]) => {
    // pg_ctl hands its options to a shell: a name and a value of plain characters only
    if (!/^[a-z_.]+$/.test(name) || !/^[\w.]+$/.test(value)) throw new Error(`bad PostgreSQL setting: ${name}=${value}`);
    return ` -c ${name}=${value}`;
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'scrm-pg-'));
  chmodSync(dir, 0o755);
  const asRoot = userInfo().uid === 0;
  let uid: number | undefined;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const res = spawnSync(path.join(bin, cmd), args, { uid, encoding: 'utf8', cwd: dir });
    if (res.status !== 0) throw new Error(`${cmd} failed (${res.status}): ${res.stderr || res.stdout || res.error}`);
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  // Byte order for text (as PGlite sorts), and UTF-8 character classes, so pg_trgm indexes Chinese (db.ts warns of a
  // C LC_CTYPE in production).
  const initdb = ['-D', data, '-U', 'scrm', '--auth=trust', '--encoding=UTF8', '--no-sync'];
  try {
    run('initdb', [...initdb, '--lc-collate=C', '--lc-ctype=C.UTF-8']);
  } catch {
    // a system without the C.UTF-8 locale: the byte locale (Chinese searches then scan, as db.ts warns)
    rmSync(data, { recursive: true, force: true });
    run('initdb', [...initdb, '--no-locale']);
  }
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off${given.join('')}`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://scrm@127.0.0.1:${port}/postgres`,
    halt: () => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
    resume: start,
    stop: () => {
      spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], { uid, cwd: dir });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
