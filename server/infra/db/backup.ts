import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './db.ts';
import { KEY_FILE } from '../secrets.ts';
import { pgliteExtensions } from './pglite-extensions.ts';

/**
 * Backup and restore of the console's database, as `npm run backup -- <file>` and `npm run restore -- <file>`
 * (server/backup-cli.ts). PostgreSQL goes through its own tools (pg_dump's custom format, pg_restore), which must be
 * on PATH; PGlite's data folder is dumped whole (a gzipped tarball) while no server has it open.
 * - A backup is written whole under another name, readable by its owner only (mode 600), then renamed into place: a
 *   failed backup leaves no half file, and a backup is never readable by other users of the machine.
 * - A restore reads the whole archive before it touches the live data, and touches it in one step: a PGlite folder is
 *   restored beside the live one, checked, then swapped in (the live one moved aside, kept, never deleted); a
 *   PostgreSQL database is restored in one transaction. A failed restore, `--force` included, leaves the live folder
 *   or database exactly as it was.
 */

const run = (cmd: string, args: string[], stdout: 'ignore' | number = 'ignore') =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', stdout, 'pipe'] });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e) => reject(new Error(`${cmd} 无法运行（需要 PostgreSQL 客户端工具在 PATH 中）：${e.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} 失败（退出码 ${code}）：${err.trim()}`))));
  });

/** Writes `file` through `write`, which fills a file of the owner's only; `file` appears only once it is whole. */
async function writePrivately(file: string, write: (fd: number) => Promise<void>): Promise<void> {
  const draft = path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.${process.pid}.partial`);
  const fd = openSync(draft, 'w', 0o600);
  try {
    await write(fd);
    closeSync(fd);
    renameSync(draft, file);
  } catch (err) {
    closeSync(fd);
    rmSync(draft, { force: true });
    throw err;
  }
}

/** Writes a backup of the database to `file`; resolves with what it backed up. */
export async function backup(options: { databaseUrl?: string; dataDir: string; file: string }): Promise<string> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    await writePrivately(options.file, (fd) => run('pg_dump', ['--format=custom', '--no-owner', url], fd));
    return 'PostgreSQL（pg_dump 自定义格式）';
  }
  if (!existsSync(options.dataDir)) throw new Error(`数据目录 ${options.dataDir} 不存在`);
  const unlock = lockDataDir(options.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(options.dataDir, { extensions: await pgliteExtensions() });
    try {
      const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
      await writePrivately(options.file, async (fd) => writeFileSync(fd, dump));
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
 * unless `force`: then a PostgreSQL database is replaced in one transaction, and a PGlite folder is moved aside (kept,
 * named in the answer), never deleted. The archive is read whole first; a bad one changes nothing.
 */
export async function restore(options: { databaseUrl?: string; dataDir: string; file: string; force?: boolean }): Promise<string> {
  if (!existsSync(options.file)) throw new Error(`备份文件 ${options.file} 不存在`);
  return options.databaseUrl ? restorePostgres(options.databaseUrl, options.file, options.force) : restorePglite(options);
}

async function restorePostgres(url: string, file: string, force?: boolean): Promise<string> {
  if (!force && (await postgresTables(url)) > 0) throw new Error('目标数据库不是空的：请恢复到一个新数据库；确认要覆盖它时，加 --force');
  // Every block read and decompressed, nothing written: a damaged or foreign archive stops here.
  await run('pg_restore', ['--file=/dev/null', file]).catch((err: Error) => {
    throw new Error(`备份文件无法读取，数据库未做任何改动：${err.message}`);
  });
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]).catch((err: Error) => {
    throw new Error(`恢复失败，已整体撤销，数据库保持原样：${err.message}`);
  });
  return 'PostgreSQL';
}

/** What a data folder keeps beside PGlite's own files: the key its secrets are sealed with, and uploaded files. */
const KEPT_BESIDE = [KEY_FILE, 'uploads'];

async function restorePglite(options: { dataDir: string; file: string; force?: boolean }): Promise<string> {
  const live = path.resolve(options.dataDir);
  const holdsData = existsSync(live) && readdirSync(live).length > 0;
  if (holdsData && !options.force)
    throw new Error(`数据目录 ${live} 不是空的：请恢复到一个新目录（DATA_DIR），确认无误后再替换；确认要覆盖它时，加 --force`);
  // Not while a server has it open (the lock refuses); held until the swap is done.
  const unlock = holdsData ? lockDataDir(live) : () => {};
  const staging = mkdtempSync(`${live}.restoring-`);
  let swapped = false;
  try {
    await openRestored(staging, options.file).catch((err: unknown) => {
      throw new Error(`备份文件无法恢复，数据目录未做任何改动：${err instanceof Error ? err.message : String(err)}`);
    });
    let aside = '';
    if (holdsData) {
      aside = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(live, aside);
    } else {
      rmSync(live, { recursive: true, force: true });
    }
    try {
      renameSync(staging, live);
      swapped = true;
    } catch (err) {
      if (aside) renameSync(aside, live);
      throw err;
    }
    // The installation's key and uploads stay with it: the restored rows' sealed secrets open under the same key.
    for (const name of KEPT_BESIDE) {
      if (aside && existsSync(path.join(aside, name)) && !existsSync(path.join(live, name))) {
        renameSync(path.join(aside, name), path.join(live, name));
      }
    }
    if (aside) rmSync(path.join(aside, 'scrm-server.lock'), { force: true });
    return `PGlite 数据目录 ${live}${aside ? `（原目录已移到 ${aside}）` : ''}`;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    // Once swapped, the lock went aside with the old folder (removed above); else the live folder is given back.
    if (!swapped) unlock();
  }
}

/** Unpacks a PGlite archive into `dir` and checks it is this console's database. */
async function openRestored(dir: string, file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(dir, { extensions: await pgliteExtensions(), loadDataDir: new Blob([readFileSync(file)]) });
  try {
    const { rows } = await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    if (!rows[0] || rows[0].n === 0) throw new Error('备份中没有本程序的数据库');
  } finally {
    await pg.close();
  }
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
