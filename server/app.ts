import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './auth.ts';
import { requireSession } from './auth.ts';
import type { Db } from './db.ts';
import { ApiError } from './http.ts';
import { passportRoutes } from './routes/passport.ts';
import { shellRoutes } from './routes/shell.ts';
import { userRoutes } from './routes/users.ts';
import { operationLogRoutes } from './routes/operation-log.ts';
import { faultSwitch } from './faults.ts';
import { onlineRoutes } from './routes/online.ts';
import { SessionEvents } from './session-events.ts';
import { smsRoutes } from './routes/sms.ts';
import { DevOutbox, SmsService } from './sms.ts';

export interface AppOptions {
  db: Db;
  /** seconds a session lives after login (tokenExpire counts down from it) */
  sessionTtlSeconds: number;
  /** seconds an access token lives before /anon/vue/token must be called again */
  accessTokenTtlSeconds: number;
  /** folder of the built SPA; omitted in API-only runs */
  staticDir?: string;
  /** when set, /manage is proxied to this backend instead of answered here */
  proxyUrl?: string;
  /** the test-only fault switch (SCRM_TEST_FAULTS=1); never on otherwise */
  faults?: boolean;
  /** demo mode: SMS codes and captcha texts go to the dev outbox instead of an SMS platform */
  demo?: boolean;
  /** self-service tenant registration (on in demo mode unless set) */
  openRegistration?: boolean;
  /** seconds between two SMS codes to one phone (default 60) */
  smsResendSeconds?: number;
}

/** Paths that need no session (SPEC 7: the passport and captcha calls). */
const ANONYMOUS = /^\/manage\/(anon\/(passport|dev|sms)\/|v1\/anon\/)/;

export function createApp(options: AppOptions) {
  const { db } = options;
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ result: 'error', errmsg: err.message, ...err.extra });
    console.error(err);
    return c.json({ result: 'error', errmsg: '服务器内部错误，请稍后重试' }, 500);
  });

  if (options.proxyUrl) {
    const target = options.proxyUrl.replace(/\/$/, '');
    app.all('/manage/*', async (c) => {
      const url = new URL(c.req.url);
      const res = await fetch(target + url.pathname.replace(/^\/manage/, '') + url.search, {
        method: c.req.method,
        headers: c.req.raw.headers,
        body: ['GET', 'HEAD'].includes(c.req.method) ? undefined : await c.req.arrayBuffer(),
      });
      return new Response(res.body, { status: res.status, headers: res.headers });
    });
  } else {
    const api = new Hono<AppEnv>();
    if (options.faults) {
      const faults = faultSwitch();
      api.route('/', faults.routes);
      api.use('*', faults.middleware);
    }
    api.use('*', async (c, next) => {
      if (ANONYMOUS.test(c.req.path)) return next();
      return requireSession(db)(c, next);
    });
    const outbox = options.demo ? new DevOutbox() : null;
    const sms = new SmsService(db, outbox, options.smsResendSeconds);
    api.route(
      '/',
      passportRoutes({
        db,
        sessionTtlSeconds: options.sessionTtlSeconds,
        sms,
        openRegistration: options.openRegistration ?? Boolean(options.demo),
      }),
    );
    api.route('/', smsRoutes(db, sms, outbox));
    api.route('/', shellRoutes({ db, accessTokenTtlSeconds: options.accessTokenTtlSeconds }));
    api.route('/', userRoutes(db));
    api.route('/', operationLogRoutes(db));
    api.route('/', onlineRoutes(db, new SessionEvents()));
    api.all('*', (c) => c.json({ result: 'error', errmsg: `接口不存在：${c.req.method} ${c.req.path}` }, 404));
    app.route('/manage', api);
  }

  if (options.staticDir) {
    const root = options.staticDir;
    app.use('/assets/*', async (c, next) => {
      await next();
      // Vite names assets by content hash: they never change under the same name.
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/*', serveStatic({ root }));
    app.get('*', serveStatic({ root, path: 'index.html' }));
  }
  return app;
}
