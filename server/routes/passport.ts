import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppEnv } from '../auth.ts';
import { createSession, findSession } from '../auth.ts';
import type { Db } from '../db.ts';
import { decryptAesGcm, verifyPassword } from '../crypto.ts';
import { ApiError, ok, readBody, str } from '../http.ts';
import { APP_NAME } from '../../src/api/contract.ts';
import type { SmsService } from '../sms.ts';

export interface PassportOptions {
  db: Db;
  sessionTtlSeconds: number;
  sms: SmsService;
}

const WRONG_CREDENTIALS = '账号或密码错误';
const AES_KEY_TTL_SECONDS = 300;

/** The passport calls of DECISIONS.md: single-use AES keys, encrypted-password login, token links, logout. */
export function passportRoutes({ db, sessionTtlSeconds, sms }: PassportOptions) {
  const app = new Hono<AppEnv>();
  const ip = (c: Parameters<typeof getConnInfo>[0]) => {
    try {
      return getConnInfo(c).remote.address ?? '';
    } catch {
      return '';
    }
  };

  app.post('/anon/passport/aesKey', async (c) => {
    const keyId = randomUUID();
    const key = randomBytes(32).toString('base64');
    await db.query(`DELETE FROM aes_key WHERE expires_at < now()`);
    await db.query(`INSERT INTO aes_key (key_id, key_b64, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      keyId,
      key,
      AES_KEY_TTL_SECONDS,
    ]);
    return c.json(ok({ keyId, key }));
  });

  app.post('/anon/passport/login', async (c) => {
    const body = await readBody(c);
    const userName = str(body, 'userName', '账号', 64);
    const encrypted = str(body, 'password', '密码', 1024);
    const keyId = str(body, 'keyId', '密钥', 64);
    if (body.appName !== APP_NAME) throw new ApiError('应用名称不正确');
    // Single use: the key is spent whether or not the password is right.
    const [key] = await db.query<{ key_b64: string }>(
      `UPDATE aes_key SET used_at = now() WHERE key_id = $1 AND used_at IS NULL AND expires_at > now() RETURNING key_b64`,
      [keyId],
    );
    if (!key) throw new ApiError('登录密钥已失效，请重试');
    const password = decryptAesGcm(encrypted, key.key_b64);
    if (password === null) throw new ApiError(WRONG_CREDENTIALS);
    const [user] = await db.query<{ id: number; tenant_id: number; password_hash: string; status: number }>(
      'SELECT id, tenant_id, password_hash, status FROM app_user WHERE user_name = $1',
      [userName],
    );
    // A bind-phone login ticket is accepted once in place of the password (DECISIONS.md).
    // Otherwise verify against a hash even for an unknown account, so timing does not tell which accounts exist.
    const valid =
      user && password.startsWith('ticket:')
        ? await sms.redeemTicket(user.id, password)
        : await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !valid) throw new ApiError(WRONG_CREDENTIALS);
    if (user.status !== 1) throw new ApiError('账号已停用');
    return c.json(ok(await createSession(db, user.id, user.tenant_id, sessionTtlSeconds, ip(c))));
  });

  app.post('/anon/passport/loginByUserToken', async (c) => {
    const body = await readBody(c);
    const linkToken = typeof body.userToken === 'string' ? body.userToken : '';
    const session = linkToken ? await findSession(db, linkToken) : null;
    if (!session) return c.json({ data: { result: 401, errmsg: 'userToken失效' } });
    // The link's token travelled in a URL; the browser gets a session of its own.
    const token = await createSession(db, session.userId, session.tenantId, sessionTtlSeconds, ip(c));
    return c.json({ data: { result: 200, values: token } });
  });

  return app;
}

// scrypt hash of a random string nobody knows; keeps the unknown-account path as slow as the known one.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
