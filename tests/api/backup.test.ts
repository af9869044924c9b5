import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../support/db-access.ts';

// Issue 29: `npm run backup` and `npm run restore`, run as an operator would, on PGlite and on PostgreSQL.
const databaseUrl = inject('databaseUrl');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scrm-backup-'));
  dirs.push(dir);
  return dir;
};
/** The command as `npm run backup -- <file>` runs it, with the given environment. */
const cli = (what: 'backup' | 'restore', file: string, env: Record<string, string>, flags: string[] = []) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/backup-cli.ts', what, file, ...flags], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
};
const usersIn = async (env: { dataDir?: string; databaseUrl?: string }) => {
  const { openDb } = await import('@server/infra/db/db.ts');
  const db = await openDb({ dataDir: env.dataDir ?? '', databaseUrl: env.databaseUrl });
  try {
    return (await db.query<{ user_name: string }>('SELECT user_name FROM app_user ORDER BY id')).map((r) => r.user_name);
  } finally {
    await db.close();
  }
};

// Each test runs the CLI two to four times on a copy of a whole data folder: a process start, PGlite's, and a tar of
// it each time, which took past a minute on a busy machine.
describe.runIf(!databaseUrl)('backup and restore of a PGlite data folder', { timeout: 240_000 }, () => {
  it('backs up a folder no server holds, restores it into an empty folder only, and the copy has the same rows', async () => {
    const source = scratch();
    cpSync(inject('templateDir'), source, { recursive: true });
    const file = path.join(scratch(), 'scrm.tar.gz');
    const made = cli('backup', file, { DATA_DIR: source });
    expect(made.out).toContain(`已备份 PGlite 数据目录 ${source} 到 ${file}`);
    expect(made.code).toBe(0);
    // never into a folder that holds something
    const taken = scratch();
    writeFileSync(path.join(taken, 'keep.txt'), 'x');
    const refused = cli('restore', file, { DATA_DIR: taken });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('不是空的');
    expect(refused.out).toContain('--force');
    // --force: the folder's old content is moved aside, kept, never deleted
    const forced = cli('restore', file, { DATA_DIR: taken }, ['--force']);
    expect(forced.code, forced.out).toBe(0);
    const aside = /原目录已移到 (\S+?)）/.exec(forced.out)?.[1];
    expect(aside && readFileSync(path.join(aside, 'keep.txt'), 'utf8')).toBe('x');
    if (aside) dirs.push(aside);
    expect(await usersIn({ dataDir: taken })).toEqual(await usersIn({ dataDir: source }));
    const target = path.join(scratch(), 'restored');
    const restored = cli('restore', file, { DATA_DIR: target });
    expect(restored.code, restored.out).toBe(0);
    const users = await usersIn({ dataDir: target });
    expect(users).toEqual(await usersIn({ dataDir: source }));
    expect(users).toContain('admin');
  });

  it('writes the backup for its owner only, and a damaged archive, even with --force, leaves the live folder as it was', async () => {
    const live = scratch();
    cpSync(inject('templateDir'), live, { recursive: true });
    writeFileSync(path.join(live, 'secrets.key'), 'ab'.repeat(32), { mode: 0o600 });
    const file = path.join(scratch(), 'scrm.tar.gz');
    expect(cli('backup', file, { DATA_DIR: live }).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['scrm.tar.gz']);
    const before = readdirSync(live).sort();
    const users = await usersIn({ dataDir: live });
    // Cut in half, as a copy interrupted on its way would be.
    const whole = readFileSync(file);
    const cut = path.join(scratch(), 'cut.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const failed = cli('restore', cut, { DATA_DIR: live }, ['--force']);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('备份文件无法恢复，数据目录未做任何改动');
    expect(readdirSync(live).sort()).toEqual(before);
    expect(await usersIn({ dataDir: live })).toEqual(users);
    // nothing left beside it: no folder moved aside, no half-restored copy
    expect(readdirSync(path.dirname(live)).filter((n) => n.startsWith(path.basename(live)))).toEqual([path.basename(live)]);
    // A good archive with --force: the restored folder keeps the installation's key.
    const forced = cli('restore', file, { DATA_DIR: live }, ['--force']);
    expect(forced.code, forced.out).toBe(0);
    expect(readFileSync(path.join(live, 'secrets.key'), 'utf8')).toBe('ab'.repeat(32));
    const aside = /原目录已移到 (\S+?)）/.exec(forced.out)?.[1];
    if (aside) dirs.push(aside);
    expect(existsSync(path.join(aside!, 'scrm-server.lock'))).toBe(false);
  });

  it('says how to call it, and that a missing backup is missing', () => {
    expect(cli('restore', '', {}).code).toBe(2);
    const missing = cli('restore', path.join(scratch(), 'none.tar.gz'), { DATA_DIR: path.join(scratch(), 'x') });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('不存在');
    expect(existsSync(path.join(scratch(), 'x'))).toBe(false);
  });
});

describe.runIf(databaseUrl)('backup and restore of a PostgreSQL database', { timeout: 240_000 }, () => {
  it('pg_dump to a file, pg_restore into another database: the same rows', async () => {
    const source = await freshDatabase(databaseUrl, inject('pgTemplate'));
    const target = await freshDatabase(databaseUrl);
    const file = path.join(scratch(), 'scrm.dump');
    const made = cli('backup', file, { DATABASE_URL: source });
    expect(made.code, made.out).toBe(0);
    const restored = cli('restore', file, { DATABASE_URL: target });
    expect(restored.code, restored.out).toBe(0);
    expect(await usersIn({ databaseUrl: target })).toEqual(await usersIn({ databaseUrl: source }));
    // Now the target holds data: a second restore needs --force.
    const refused = cli('restore', file, { DATABASE_URL: target });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('--force');
    expect(cli('restore', file, { DATABASE_URL: target }, ['--force']).code).toBe(0);
  });

  it('writes the dump for its owner only, and a damaged dump, even with --force, leaves the database as it was', async () => {
    const source = await freshDatabase(databaseUrl, inject('pgTemplate'));
    const file = path.join(scratch(), 'scrm.dump');
    expect(cli('backup', file, { DATABASE_URL: source }).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const users = await usersIn({ databaseUrl: source });
    const whole = readFileSync(file);
    const cut = path.join(scratch(), 'cut.dump');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const failed = cli('restore', cut, { DATABASE_URL: source }, ['--force']);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('数据库未做任何改动');
    expect(await usersIn({ databaseUrl: source })).toEqual(users);
  });
});
