import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (SMS platforms' keys, later webhooks' signing secrets): AES-256-GCM under the server's key,
 * `SECRETS_KEY` (32 bytes as 64 hex digits or base64). A demo without one derives a key from a fixed phrase and says
 * so at start: fine for a demo on one machine, never for production, where saving a secret without SECRETS_KEY is
 * refused.
 */
export class Secrets {
  private constructor(
    private readonly key: Buffer | null,
    /** the key is the demo's derived one */
    readonly derived: boolean,
  ) {}

  static from(secretsKey: string | undefined, demo: boolean): Secrets {
    if (secretsKey) {
      const key = /^[0-9a-f]{64}$/i.test(secretsKey) ? Buffer.from(secretsKey, 'hex') : Buffer.from(secretsKey, 'base64');
      if (key.length !== 32) throw new Error('SECRETS_KEY 须为 32 字节（64 位十六进制或 base64）');
      return new Secrets(key, false);
    }
    return demo
      ? new Secrets(createHash('sha256').update('scrm-demo-secrets-key (not for production)').digest(), true)
      : new Secrets(null, false);
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

/** What a secret looks like when shown: its last four characters. */
export const maskSecret = (plain: string | null) => (plain ? `******${plain.slice(-4)}` : '');
