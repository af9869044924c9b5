import type { Db } from './db/db.ts';
import { decryptAesGcm } from './crypto.ts';
import { ApiError, str } from './http/http.ts';
import { passwordProblem } from '@/api/contract/session.ts';

/** Spends a single-use AES key (/anon/passport/aesKey) and decrypts a password with it; null when it does not decrypt. */
export async function decryptWithKey(db: Db, keyId: string, encrypted: string): Promise<string | null> {
  const [key] = await db.query<{ key_b64: string }>(
    `UPDATE aes_key SET used_at = now() WHERE key_id = $1 AND used_at IS NULL AND expires_at > now() RETURNING key_b64`,
    [keyId],
  );
  if (!key) throw new ApiError('登录密钥已失效，请重试');
  return decryptAesGcm(encrypted, key.key_b64);
}

/** A new password from the encrypted `password` and `keyId` of a body, checked against the shared policy. */
export async function newPassword(db: Db, body: Record<string, unknown>): Promise<string> {
  const password = await decryptWithKey(db, str(body, 'keyId', '密钥', 64), str(body, 'password', '密码', 1024));
  if (password === null) throw new ApiError('密码无法解密，请重试');
  const problem = passwordProblem(password);
  if (problem) throw new ApiError(problem, { field: 'password' });
  return password;
}
