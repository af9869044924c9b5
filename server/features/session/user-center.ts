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
import * as q from './queries.ts';

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
    const key = await q.spendAesKey(db, keyId);
    if (key === undefined) throw new ApiError(say('keyExpired'));
    const oldPassword = decryptAesGcm(body.oldPassword, key);
    const newPassword = decryptAesGcm(body.password, key);
    if (oldPassword === null || newPassword === null) throw new ApiError(say('passwordUnreadable'));
    const me = await q.ownCredentials(db, s.tenantId, s.userId);
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
    const ended = await db.transaction((tx) => q.replaceOwnPassword(tx, s, hash));
    // Their browsers are told at once.
    for (const id of ended) {
      await recordSession(db, id, s.tenantId, 'ended', s.userId, '密码已修改');
      await events.publish({ sessionId: id }, 'revoked');
    }
    await throttle.succeeded(me.user_name);
    return ok({ endedSessions: ended.length });
  });

  return app;
}
