import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { decryptAesGcm, hashPassword, verifyPassword } from '../../infra/crypto.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { checkWith } from '../../infra/http/validate.ts';
import { recordSession } from '../../services/logs.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { LoginThrottle, accountKey, lockedMessage } from '../../access/throttle.ts';
import { say } from '@/api/schema/messages.ts';
import { passwordChange } from '@/api/schema/session/password.ts';
import { userCenterApi } from '@/api/table/session.ts';
import { mount } from '../../infra/http/mount.ts';

/**
 * 用户中心 › 设置密码 (SPEC leaves the call unshown, docs/api.md): the signed-in user's own password. Both
 * passwords travel encrypted under one single-use key, as at login; a wrong old password counts as a failed login
 * (the account's lock applies); on success the account's other sessions end at once and this one goes on.
 */
export function userCenterRoutes(db: Db, events: SessionEvents) {
  const app = new Hono<AppEnv>();
  const throttle = new LoginThrottle(db);

  mount(app, userCenterApi.updatePassword, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const keyId = body.keyId;
    const [key] = await db.query<{ key_b64: string }>(
      `UPDATE aes_key SET used_at = now() WHERE key_id = $1 AND used_at IS NULL AND expires_at > now() RETURNING key_b64`,
      [keyId],
    );
    if (!key) throw new ApiError(say('keyExpired'));
    const oldPassword = decryptAesGcm(body.oldPassword, key.key_b64);
    const newPassword = decryptAesGcm(body.password, key.key_b64);
    if (oldPassword === null || newPassword === null) throw new ApiError(say('passwordUnreadable'));
    const [me] = await db.query<{ user_name: string; password_hash: string }>(
      'SELECT user_name, password_hash FROM app_user WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL',
      [s.userId, s.tenantId],
    );
    if (!me) throw new ApiError('账号不存在');
    const locked = await throttle.lockedFor([accountKey(me.user_name)]);
    if (locked > 0) throw new ApiError(lockedMessage(locked), { field: 'oldPassword' });
    if (!(await verifyPassword(oldPassword, me.password_hash))) {
      await throttle.failedAccount(me.user_name);
      throw new ApiError('原密码不正确', { field: 'oldPassword' });
    }
    // The rules the form checked, on what was decrypted.
    await checkWith(passwordChange, { oldPassword, password: newPassword });
    const hash = await hashPassword(newPassword);
    // The new password and the end of the account's other sessions, together: never one without the other.
    const ended = await db.transaction(async (tx) => {
      await tx.query('UPDATE app_user SET password_hash = $3, must_change_password = false WHERE id = $1 AND tenant_id = $2', [
        s.userId,
        s.tenantId,
        hash,
      ]);
      return tx.query<{ id: string }>(
        `WITH ended AS (UPDATE user_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $2
                          RETURNING id, token_hash),
                gone AS (DELETE FROM access_token WHERE session_hash IN (SELECT token_hash FROM ended))
           SELECT id::text AS id FROM ended`,
        [s.userId, s.tokenHash],
      );
    });
    // Their browsers are told at once.
    for (const e of ended) {
      await recordSession(db, e.id, s.tenantId, 'ended', s.userId, '密码已修改');
      await events.publish({ sessionId: e.id }, 'revoked');
    }
    await throttle.succeeded(me.user_name);
    return ok({ endedSessions: ended.length });
  });

  return app;
}
