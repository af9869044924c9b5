import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { lockDataDir } from './db.ts';

/**
 * Backup and restore of the console's database, as `npm run backup -- <file>` and `npm run restore -- <file>`
 * (server/backup-cli.ts). PostgreSQL goes through its own tools (pg_dump's custom format, pg_restore), which must be
 * on PATH; PGlite's data folder is dumped whole (a gzipped tarball) while no server has it open, and restored only
 * into an empty folder, so a restore never mixes two databases.
 */

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e) => reject(new Error(`${cmd} 无法运行（需要 PostgreSQL 客户端工具在 PATH 中）：${e.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} 失败（退出码 ${code}）：${err.trim()}`))));
  });

/** Writes a backup of the database to `file`; resolves with what it backed up. */
export async function backup(options: { databaseUrl?: string; dataDir: string; file: string }): Promise<string> {
  if (options.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${options.file}`, options.databaseUrl]);
    return 'PostgreSQL（pg_dump 自定义格式）';
  }
  if (!existsSync(options.dataDir)) throw new Error(`数据目录 ${options.dataDir} 不存在`);
  const unlock = lockDataDir(options.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pg = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
    try {
      const dump = await pg.dumpDataDir('gzip');
      writeFileSync(options.file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pg.close();
    }
  } finally {
    unlock();
  }
  return `PGlite 数据目录 ${options.dataDir}`;
}

/**
 * Restores a backup made by `backup` from `file`; resolves with where it went. A target that holds data is refused
 * unless `force`: then a PostgreSQL database is cleaned first, and a PGlite folder is moved aside (kept, named in the
 * answer), never deleted.
 */
export async function restore(options: { databaseUrl?: string; dataDir: string; file: string; force?: boolean }): Promise<string> {
  if (!existsSync(options.file)) throw new Error(`备份文件 ${options.file} 不存在`);
  if (options.databaseUrl) {
    if (!options.force && (await postgresTables(options.databaseUrl)) > 0)
      throw new Error('目标数据库不是空的：请恢复到一个新数据库；确认要覆盖它时，加 --force');
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${options.databaseUrl}`, options.file]);
    return 'PostgreSQL';
  }
  let aside = '';
  if (existsSync(options.dataDir) && readdirSync(options.dataDir).length > 0) {
    if (!options.force)
      throw new Error(`数据目录 ${options.dataDir} 不是空的：请恢复到一个新目录（DATA_DIR），确认无误后再替换；确认要覆盖它时，加 --force`);
    // Not while a server has it open; the folder is kept under another name.
    lockDataDir(options.dataDir)();
    aside = `${options.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(options.dataDir, aside);
  }
  const unlock = lockDataDir(options.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pg = await PGlite.create(options.dataDir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(options.file)]),
    });
    await pg.query('SELECT 1');
    await pg.close();
  } finally {
    unlock();
  }
  return `PGlite 数据目录 ${options.dataDir}${aside ? `（原目录已移到 ${aside}）` : ''}`;
}

/** How many tables a PostgreSQL database's public schema holds. */
async function postgresTables(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}
