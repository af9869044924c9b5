import { createDecipheriv, createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptInPool = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/** scrypt's cost for new hashes: N = 2^14 (about 70 ms of a core). A stored hash carries its own, which checks it. */
const SCRYPT = { N: 16384, r: 8, p: 1 };

/**
 * A demo started for the tests (SCRM_TEST_PASSWORD_COST=low, honoured in demo mode only: server/config.ts) hashes at
 * N = 2^10, about 16 times cheaper: a test run signs in well over a thousand times, and the hash's cost is not what
 * those tests test. The rules around it (throttling, single-use keys, the pool of two) are the same.
 */
export function lowerPasswordCostForTests(): void {
  SCRYPT.N = 1024;
}

/**
 * scrypt runs on libuv's pool of four threads, which also reads files and resolves host names. A burst of logins
 * holding all four stalled every page load behind it (a login page took over 30 s to serve); two at a time leave
 * the other two free. The rest wait their turn in order.
 */
const SCRYPT_AT_ONCE = 2;
let hashing = 0;
const turns: Array<() => void> = [];
async function scrypt(pw: string, salt: Buffer, len: number, opts: object): Promise<Buffer> {
  if (hashing >= SCRYPT_AT_ONCE) await new Promise<void>((take) => turns.push(take));
  else hashing++;
  try {
    return await scryptInPool(pw, salt, len, opts);
  } finally {
    // The turn passes straight to the next in line (the count stays), or the slot is freed.
    const next = turns.shift();
    if (next) next();
    else hashing--;
  }
}

/**
 * A hash no password matches (its hash bytes are zeros), at the cost new hashes have now: an unknown account's login is
 * checked against it, so that it takes as long as a known account's (account enumeration by timing).
 */
export const unknownAccountHash = (): string =>
  ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, 'AAAAAAAAAAAAAAAAAAAAAA==', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='].join('$');

/** scrypt$N$r$p$salt$hash, all base64: the only form in which a password is stored. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { ...SCRYPT, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(expected, actual);
}

/** A random opaque token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Decrypts base64(IV[12] + ciphertext + tag[16]) with a base64 AES-256 key; null when it does not authenticate. */
export function decryptAesGcm(payloadB64: string, keyB64: string): string | null {
  try {
    const raw = Buffer.from(payloadB64, 'base64');
    if (raw.length < 12 + 16) return null;
    const iv = raw.subarray(0, 12);
    const tag = raw.subarray(raw.length - 16);
    const data = raw.subarray(12, raw.length - 16);
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyB64, 'base64'), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
