import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { phoneView } from '../../access/privacy.ts';
import { recordSession } from '../../services/logs.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { STREAM_PING_MS, touchSession } from '../../access/presence.ts';
import { onlineApi } from '@/api/table/logs.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

/** userType 0 and 2 see who is signed in and may end their sessions. */
const mayManage = (userType: number) => userType === 0 || userType === 2;

/** Online users, force logout, and the event stream that tells a browser its session was ended. */
export function onlineRoutes(db: Db, events: SessionEvents) {
  const app = new Hono<AppEnv>();

  // The top bar's online count and drawer; who may force whom out is checked by the handler.
  mount(app, onlineApi.list, async (c) => {
    const s = c.get('session');
    if (!mayManage(s.userType)) return c.json({ result: 403, errmsg: '您没有当前操作的权限' });
    const { pageNum, pageSize } = c.var.body;
    const { rows, count: n } = await q.onlinePage(db, s.tenantId, s.tokenHash, pageNum, pageSize);
    const view = await phoneView(db, s);
    return c.json({ result: 'ok', values: rows.map((r) => ({ ...r, userMobile: view(r.userMobile as string) })), count: n });
  });

  mount(app, onlineApi.forceLogout, async (c) => {
    const s = c.get('session');
    if (!mayManage(s.userType)) return c.json({ result: 403, errmsg: '您没有当前操作的权限' });
    const { id } = c.var.body;
    if (id === s.id) throw new ApiError('不能强制退出当前登录');
    // One statement: of parallel calls for one session exactly one revokes it (the rest find it already ended).
    // The session and its access tokens end in the same statement.
    const ended = await q.forceSessionOff(db, s.tenantId, id, s.tokenHash);
    // Another tenant's session is as unknown as one that does not exist.
    if (ended === undefined) throw new ApiError('该登录已失效或不存在');
    await recordSession(db, id, s.tenantId, 'force_logout', s.userId);
    await events.publish({ sessionId: id }, 'revoked', { reason: 'forced' });
    return ok();
  });

  // GET: the browser reads this stream with fetch (so the UserToken stays in a header, never in a URL).
  mount(app, onlineApi.events, (c) => {
    const { id, userId, tenantId, tokenHash } = c.get('session');
    return streamSSE(c, async (stream) => {
      await touchSession(db, tokenHash);
      let done!: () => void;
      const ended = new Promise<void>((r) => (done = r));
      const unsubscribe = events.subscribe({ sessionId: id, userId, tenantId }, (event, data) => {
        // A revoked session's stream ends with the event, as every stream does when the server stops; others stay open.
        void stream
          .writeSSE({ event, data: JSON.stringify(data ?? {}) })
          .then(event === 'revoked' || event === 'closing' ? done : undefined, done);
      });
      // The ping keeps proxies from closing the stream, and keeps an open but idle tab online.
      const ping = setInterval(
        () =>
          void stream
            .writeSSE({ event: 'ping', data: '{}' })
            .then(() => touchSession(db, tokenHash))
            .catch(done),
        STREAM_PING_MS,
      );
      stream.onAbort(done);
      // The browser learns its own session id (the online list marks it as current too).
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ id }) });
      await ended;
      clearInterval(ping);
      unsubscribe();
    });
  });

  return app;
}
