import { afterAll, describe, expect, inject, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { callAs, signedIn, readUntil } from '../support/api.ts';
import { freshDatabase } from '../support/db-access.ts';
import { serverExit, startServer, type RunningServer } from '../support/start-server.ts';
import { openDb } from '@server/infra/db/db.ts';
import { KEY_FILE, Secrets } from '@server/infra/secrets.ts';
import type { ExportStatus } from '@/api/contract/jobs.ts';
import type { RecordSchema } from '@/api/contract/records.ts';

/*
 * Issue 43: the keys that seal stored secrets and sign links. A demo's key was derived from a phrase in the source,
 * so anyone could forge an export link to another user's file; now it is made at a data folder's first start, kept
 * in DATA_DIR/secrets.key (mode 600). Production on PostgreSQL, where several processes share the database, starts
 * only with SECRETS_KEY.
 */
const databaseUrl = inject('databaseUrl');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

const urlSafe = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A copy of the run's seeded demo folder, as a data folder made before the folder had a key of its own. */
const demoFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scrm-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(inject('templateDir'), dir, { recursive: true });
  rmSync(path.join(dir, KEY_FILE), { force: true });
  return dir;
};

describe.runIf(!databaseUrl)('a demo’s keys (PGlite)', () => {
  let dataDir = '';
  let server: RunningServer;

  it('are made at the folder’s first start, readable by the owner only (the folder too), and kept across starts', async () => {
    dataDir = demoFolder();
    server = await startServer({}, { dataDir });
    cleanups.push(() => server.stop());
    expect(server.log()).toContain(`已为数据目录生成密钥 ${path.join(dataDir, KEY_FILE)}`);
    const file = path.join(dataDir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // the folder itself (PGlite writes its files readable by all) is its owner's only
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const key = readFileSync(file, 'utf8');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await server.stop();
    server = await startServer({}, { dataDir });
    expect(readFileSync(file, 'utf8')).toBe(key);
    expect(server.log()).not.toContain('已为数据目录生成密钥');
  });

  it('sign export links no outsider can forge: the former key derived from the source opens nothing', async () => {
    const admin = await signedIn(server.url, 'admin');
    const brand = (await callAs<RecordSchema>(server.url, admin.token, '/v1/metaRecord/schema', { component: 'base-info/brand' })).values!;
    const started = await callAs<ExportStatus>(server.url, admin.token, '/v1/metaRecord/exportJob', { tableId: brand.table.id });
    const done = await readUntil(
      () =>
        callAs<ExportStatus>(server.url, admin.token, '/v1/metaRecord/exportJob', {
          tableId: brand.table.id,
          jobId: started.values!.jobId,
        }),
      (a) => a.values?.status !== 'processing',
    );
    const link = new URL(`${server.url}${done.values!.url!}`);
    expect((await fetch(link)).status).toBe(200);
    // What a logged-out client could compute before: the same id and expiry, signed with the demo's former key.
    const id = link.searchParams.get('id')!;
    const expires = link.searchParams.get('e')!;
    const formerKey = Secrets.legacyDemo().derive('exports')!;
    const forged = `${server.url}/manage/anon/exportFile?id=${id}&e=${expires}&s=${urlSafe(createHmac('sha256', formerKey).update(`export:${id}:${expires}`).digest())}`;
    expect(forged).not.toBe(link.toString());
    const refused = await fetch(forged);
    expect(refused.status).not.toBe(200);
    expect(refused.headers.get('content-disposition')).toBeNull();
  });

  it('reseal at the first start what a demo of an earlier release sealed with the former key', async () => {
    const dir = demoFolder();
    const db = await openDb({ dataDir: dir });
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO sms_platform (tenant_id, type, name, endpoint, access_key, secret, sign_name, templates)
       VALUES (1, 'http', '旧网关', 'http://203.0.113.10/sms', 'ak', $1, '签名', '{}') RETURNING id`,
      [Secrets.legacyDemo().encrypt('legacy-secret-1234')],
    );
    await db.close();
    const old = await startServer({}, { dataDir: dir });
    cleanups.push(() => old.stop());
    expect(old.log()).toContain('已用新密钥重新加密 1 项已保存的密钥');
    const admin = await signedIn(old.url, 'admin');
    expect(await callAs(old.url, admin.token, '/v1/smsPlatform/detail', { id: row.id })).toMatchObject({
      values: { secret: '******1234', hasSecret: true },
    });
  });
});

describe.runIf(databaseUrl)('production on PostgreSQL', () => {
  it('refuses to start without SECRETS_KEY, saying why', async () => {
    const url = await freshDatabase(databaseUrl);
    const refused = await serverExit({ DATABASE_URL: url, SCRM_DEMO: '0', ADMIN_PASSWORD: 'Prod2026pass' });
    expect(refused.code).toBe(1);
    expect(refused.log).toContain('生产模式使用 PostgreSQL 时需要 SECRETS_KEY');
  });
});
