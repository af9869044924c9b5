import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db/db.ts';

/** Where a data folder keeps the key it made at its first start (mode 600). */
export const KEY_FILE = 'secrets.key';

/**
 * Secrets at rest (SMS platforms' keys, webhooks' signing secrets) are AES-256-GCM under the server's key, and the
 * links it signs (export files, upload tokens) use keys derived from it. The key is `SECRETS_KEY` (32 bytes as 64 hex
 * digits or base64), or, without it, the key a data folder made at its first start: 32 random bytes in
 * DATA_DIR/secrets.key, readable by its owner only. Processes that share a database must share the key (SECRETS_KEY,
 * or one DATA_DIR): production on PostgreSQL refuses to start without SECRETS_KEY (server/main.ts).
 */
export class Secrets {
  private constructor(
    private readonly key: Buffer | null,
    /** where the key came from */
    readonly source: 'env' | 'file' | 'none' | 'legacy',
    /** the data folder's key was made by this start */
    readonly made = false,
  ) {}

  /** The key SECRETS_KEY gives. */
  static fromKey(secretsKey: string): Secrets {
    const key = /^[0-9a-f]{64}$/i.test(secretsKey) ? Buffer.from(secretsKey, 'hex') : Buffer.from(secretsKey, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY 须为 32 字节（64 位十六进制或 base64）');
    return new Secrets(key, 'env');
  }

  /**
   * The data folder's own key, made (32 random bytes, mode 600) when the folder has none yet. Written whole under
   * another name, then linked into place: two processes starting on one folder at once read the same key.
   */
  static ofDataDir(dataDir: string): Secrets {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, KEY_FILE);
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const fd = openSync(draft, 'wx', 0o600);
    try {
      writeSync(fd, randomBytes(32).toString('hex'));
    } finally {
      closeSync(fd);
    }
    let made = false;
    try {
      linkSync(draft, file);
      made = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(draft, { force: true });
    }
    // Made earlier (or a moment ago by another process sharing the folder); kept private whatever made it.
    chmodSync(file, 0o600);
    const text = readFileSync(file, 'utf8').trim();
    if (!text) throw new Error(`${file} 是空的：请从备份恢复它，或删除它（已加密保存的密钥将无法再解密）`);
    return new Secrets(Secrets.fromKey(text).key, 'file', made);
  }

  /** A key of this process alone (an app made without one: tests, tools); nothing it sealed outlives the process. */
  static ephemeral(): Secrets {
    return new Secrets(randomBytes(32), 'none');
  }

  /** No key: secrets cannot be saved (and links are signed with a key of this process alone). */
  static none(): Secrets {
    return new Secrets(null, 'none');
  }

  /**
   * The key demos before issue 43 derived from a phrase in the source: anyone could read it, so it signs nothing
   * now; a demo's first start with its own key reseals what this one sealed (resealLegacyDemoSecrets).
   */
  static legacyDemo(): Secrets {
    return new Secrets(createHash('sha256').update('scrm-demo-secrets-key (not for production)').digest(), 'legacy');
  }

  /** A key for one purpose (e.g. 'uploads'), derived from this key; null without one. */
  derive(purpose: string): Buffer | null {
    return this.key ? createHmac('sha256', this.key).update(purpose).digest() : null;
  }

  get available(): boolean {
    return this.key !== null;
  }

  encrypt(plain: string): string {
    if (!this.key) throw new Error('no SECRETS_KEY');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64')}`;
  }

  /** The plain text, or null when it does not authenticate (another key, a damaged row). */
  decrypt(sealed: string): string | null {
    if (!this.key || !sealed.startsWith('v1:')) return null;
    try {
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/**
 * Seals again, under `secrets`, what the former demo key sealed (SMS platforms' and webhooks' secrets of a demo made
 * before the data folder had its own key). Rows that open under `secrets` already, or under neither, stay as they
 * are. Answers how many were sealed again.
 */
export async function resealLegacyDemoSecrets(db: Db, secrets: Secrets): Promise<number> {
  const legacy = Secrets.legacyDemo();
  let resealed = 0;
  for (const table of ['sms_platform', 'webhook'] as const) {
    const rows = await db.query<{ id: number; secret: string }>(`SELECT id, secret FROM ${table} WHERE secret <> ''`);
    for (const row of rows) {
      if (secrets.decrypt(row.secret) !== null) continue;
      const plain = legacy.decrypt(row.secret);
      if (plain === null) continue;
      await db.query(`UPDATE ${table} SET secret = $2 WHERE id = $1 AND secret = $3`, [row.id, secrets.encrypt(plain), row.secret]);
      resealed++;
    }
  }
  return resealed;
}

/** What a secret looks like when shown: its last four characters. */
export const maskSecret = (plain: string | null) => (plain ? `******${plain.slice(-4)}` : '');
