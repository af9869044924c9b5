import { answerInLanguage } from './infra/http/language.ts';
import { compressAnswers } from './infra/http/compress.ts';
import { limitBodies } from './infra/http/body-limit.ts';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppEnv, SessionInfo } from './access/auth.ts';
import type { Db } from './infra/db/db.ts';
import { ApiError } from './infra/http/http.ts';
import { isDatabaseUnavailable, isKeptRule } from './infra/db/db-errors.ts';
import { accessChain, CallTable } from './access/access.ts';
import { dbLookups } from './access/relations.ts';
import { upgradeDatabase } from './seed/upgrade.ts';
import type { Reconciled } from './seed/catalogue.ts';
import { declaredCalls } from '@/api/table/index.ts';
import { clientAddress } from './infra/http/client-address.ts';
import { passportRoutes } from './features/session/passport.ts';
import { shellRoutes } from './features/session/shell.ts';
import { userRoutes } from './features/users/routes.ts';
import { roleRoutes } from './features/roles/routes.ts';
import { userImportRoutes } from './features/users/import.ts';
import { excelRoutes } from './features/users/excel.ts';
import { staffRoutes } from './features/staff/routes.ts';
import { operationLogRoutes } from './features/operation-log/routes.ts';
import { faultSwitch } from './infra/faults.ts';
import { onlineRoutes } from './features/session/online.ts';
import { tenantRoutes } from './features/tenants/routes.ts';
import { menuRoutes } from './features/menus/routes.ts';
import { metaRoutes } from './features/dictionary/routes.ts';
import { collectionRoutes } from './features/collections/routes.ts';
import { recordRoutes } from './features/records/routes.ts';
import { statisticsRoutes } from './features/statistics/routes.ts';
import { departRoutes } from './features/departs/routes.ts';
import { userCenterRoutes } from './features/session/user-center.ts';
import { pageInfoRoutes } from './features/pages/routes.ts';
import { campaignRoutes } from './features/campaigns/routes.ts';
import { siblingRoutes } from './services/sibling-systems.ts';
import { uploadRoutes, type QiniuConfig } from './services/uploads.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logRoutes } from './features/logs/routes.ts';
import { taskRoutes } from './features/tasks/routes.ts';
import { JOBS, Scheduler, TEST_JOB, TEST_WAIT_JOB, smsTestJob } from './services/scheduler.ts';
import { activePlatform, sendThrough } from './services/sms-platforms.ts';
import { recordError, recordSms } from './services/logs.ts';
import { Secrets } from './infra/secrets.ts';
import { smsPlatformRoutes } from './features/sms-platforms/routes.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { WebhookDispatcher } from './services/webhooks.ts';
import { SessionEvents } from './infra/session-events.ts';
import { smsRoutes } from './features/session/sms.ts';
import { DevOutbox, SmsService } from './services/sms.ts';
import { HttpMetrics, Lifecycle, operationsRoutes, requestLog } from './infra/operations.ts';
import { log } from './infra/logger.ts';
import { analyzeGrownTables } from './infra/db/statistics.ts';
import { securityHeaders } from './infra/http/security-headers.ts';
import { ExportJobs } from './services/export-jobs.ts';

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
  /** declared calls check their answers against the call table, failing one that drifted (development and tests) */
  checkAnswers?: boolean;
  /** demo mode: SMS codes and captcha texts go to the dev outbox instead of an SMS platform */
  demo?: boolean;
  /** self-service tenant registration (on in demo mode unless set) */
  openRegistration?: boolean;
  /** seconds between two SMS codes to one phone (default 60) */
  smsResendSeconds?: number;
  /** reverse proxies in front of the server that append to X-Forwarded-For (TRUST_PROXY; default 0) */
  trustProxy?: number;
  /** the tenant code the public pages use when neither link nor browser names one (DEFAULT_TENANT) */
  defaultTenant?: string;
  /** the platform operator's tenant (PLATFORM_TENANT; default 0 in demo mode, else 1) */
  platformTenant?: number;
  /** seals secrets at rest and signs links (SECRETS_KEY, or the data folder's key); a key of this process when omitted */
  secrets?: Secrets;
  /** requests an operator configured may go to this machine or a private network (demo default; SCRM_ALLOW_PRIVATE_TARGETS) */
  allowPrivateTargets?: boolean;
  /**
   * how long a records list keeps a count, ms (server/infra/db/kept-counts.ts; default 5 s); 0 keeps none
   * (the scale bench times every count)
   */
  keptCountsMs?: number;
  /** the first webhook retry's wait in ms (WEBHOOK_RETRY_BASE_MS; default 30 s) */
  webhookRetryBaseMs?: number;
  /** run the scheduler (and the webhook dispatcher) in this process (main.ts; tests that need it) */
  scheduler?: boolean;
  /** how often the scheduler looks for due runs (SCHEDULER_TICK_MS) */
  schedulerTickMs?: number;
  /** the server's own upload storage when Qiniu is not configured (DATA_DIR/uploads) */
  uploadDir?: string;
  /** where export jobs write their files (DATA_DIR/exports); servers sharing a database must share it */
  exportDir?: string;
  /** Qiniu credentials (QINIU_*): upload tokens are then Qiniu's */
  qiniu?: QiniuConfig;
  /** where the top bar's /design/ and /mall/ go (DESIGN_URL, MALL_URL); unset: a page saying they are not deployed */
  designUrl?: string;
  mallUrl?: string;
  /** session event hub (main.ts starts it before listening); made here when omitted */
  events?: SessionEvents;
  /** METRICS_TOKEN: /metrics asks for it as a bearer token; unset, /metrics is served in a demo only */
  metricsToken?: string;
  /** REQUEST_LOG=json: a JSON line per /manage request on stdout (production's default) */
  requestLog?: boolean;
  /** the process's stop (main.ts's SIGTERM): what must stop and the work it waits for; made here when omitted */
  lifecycle?: Lifecycle;
  /** told what a start brought from the shipped catalogue into a database made by an earlier release */
  onReconciled?: (done: Reconciled) => void;
}

/** What a call answers (HTTP 503) while the database is away. */
export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后重试';

/** JSON bodies are at most 1 MB; a call that uploads files names its own limit in UPLOAD_LIMITS. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMITS: Readonly<Record<string, number>> = {
  // the declared calls' own (src/api/table)
  ...Object.fromEntries(declaredCalls().flatMap((call) => (call.maxBytes ? [[call.path, call.maxBytes]] : []))),
};

// The rest of the body is never read, so the connection cannot carry another request: close it.
const tooLarge = (limit: number) => (c: Context) =>
  c.json({ result: 'error', errmsg: `请求内容过大，不能超过 ${Math.floor(limit / 1024 / 1024)} MB` }, 413, { Connection: 'close' });

export function createApp(options: AppOptions) {
  const { db } = options;
  const app = new Hono<AppEnv>();

  app.onError(async (err, c) => {
    if (err instanceof ApiError) {
      // the names it quotes join the call's own (a records call's labels), for an English console
      const { englishNames } = err;
      if (englishNames) {
        const own = c.get('englishNames');
        c.set('englishNames', () => new Map([...(own?.() ?? []), ...englishNames]));
      }
      return c.json({ result: 'error', errmsg: err.message, ...err.extra });
    }
    // A rule the database keeps for every writer refused the write (server/migrations/032_grant_rules.sql).
    if (isKeptRule(err)) return c.json({ result: 'error', errmsg: err.message });
    // The database is away (a restart, a failover): nothing about the call, and nothing to write down there either.
    // The console shows its network message for the status (SPEC 8); a balancer may retry elsewhere.
    if (isDatabaseUnavailable(err)) {
      log.warn({ path: c.req.path, requestId: c.get('requestId'), reason: err.message }, 'database unavailable');
      return c.json({ result: 'error', errmsg: DATABASE_UNAVAILABLE }, 503, { 'Retry-After': '5' });
    }
    // The fault is kept with its request id (the error log); the stack stays in the server's log, never the answer.
    const requestId = c.get('requestId') ?? randomUUID();
    log.error({ err, requestId }, 'request failed');
    const session = c.get('session') as SessionInfo | undefined;
    await recordError(db, {
      tenantId: session?.tenantId ?? null,
      userId: session?.userId ?? null,
      source: 'server',
      requestId,
      method: c.req.method,
      path: c.req.path,
      message: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      userAgent: c.req.header('User-Agent') ?? '',
    });
    return c.json({ result: 'error', errmsg: `服务器内部错误，请稍后重试（请求编号 ${requestId}）`, requestId }, 500, {
      'X-Request-Id': requestId,
    });
  });

  app.use('*', securityHeaders());
  // Every /manage request has an id, in its answer's X-Request-Id and in the error log when it fails.
  app.use('/manage/*', async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
  });
  const metrics = new HttpMetrics();
  const lifecycle = options.lifecycle ?? new Lifecycle();
  app.use('/manage/*', metrics.middleware());
  if (options.requestLog) app.use('/manage/*', requestLog(log));
  let ready: Promise<void> = Promise.resolve();
  app.use('*', clientAddress(options.trustProxy ?? 0));

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
    // JSON answers of 1 KiB or more are compressed (brotli or gzip, by Accept-Encoding), outside everything below.
    api.use('*', compressAnswers());
    // Refusals in the language the request asks for (the console's), after everything else has answered.
    api.use('*', answerInLanguage());
    // Size first: a body over its limit is refused while it streams in, before anything reads it.
    api.use(
      '*',
      limitBodies((path) => UPLOAD_LIMITS[path.replace(/^\/manage/, '')] ?? JSON_BODY_LIMIT, tooLarge),
    );
    if (options.checkAnswers) api.use('*', (c, next) => (c.set('checkAnswers', true), next()));
    const faults = options.faults ? faultSwitch() : null;
    if (faults) {
      api.route('/', faults.routes);
      api.use('*', faults.middleware);
    }
    // Each route declares its owner (owns); the table is read from the routes once they are all mounted.
    const calls = new CallTable();
    const platformTenant = options.platformTenant ?? (options.demo ? 0 : 1);
    // The interface rows (and a new interface's first relations) are written once the route table is known.
    let interfacesSynced: () => void = () => {};
    const interfacesReady = new Promise<void>((resolve) => (interfacesSynced = resolve));
    ready = interfacesReady;
    const chain = accessChain(calls, { platformTenant, interfacesReady, lookups: dbLookups(db) });
    // the database, for what a route checks beyond the chain (a call's narrowed owner: server/infra/http/mount.ts)
    api.use('*', (c, next) => (c.set('db', db), next()));
    api.use('*', chain);
    if (faults) api.use('*', faults.throwing);
    const outbox = options.demo ? new DevOutbox() : null;
    const secrets = options.secrets ?? Secrets.ephemeral();
    const allowPrivateTargets = options.allowPrivateTargets ?? Boolean(options.demo);
    const sms = new SmsService(db, outbox, options.smsResendSeconds, secrets, allowPrivateTargets);
    const events = options.events ?? new SessionEvents(db);
    lifecycle.onStop(() => events.closeStreams());
    events.start().catch((err: unknown) => log.error({ err }, 'session events not listened to yet'));
    api.route(
      '/',
      passportRoutes({
        db,
        sessionTtlSeconds: options.sessionTtlSeconds,
        sms,
        events,
        openRegistration: options.openRegistration ?? Boolean(options.demo),
        defaultTenant: options.defaultTenant,
        platformTenant,
      }),
    );
    api.route('/', smsRoutes(db, sms, outbox));
    api.route('/', shellRoutes({ db, accessTokenTtlSeconds: options.accessTokenTtlSeconds }));
    api.route('/', userRoutes(db, events));
    api.route('/', roleRoutes(db, events));
    api.route('/', userImportRoutes(db, lifecycle));
    const exports = new ExportJobs({
      db,
      dir: options.exportDir ?? path.join(tmpdir(), 'scrm-exports'),
      secret: secrets.derive('exports') ?? randomBytes(32),
      lifecycle,
    });
    api.route('/', exports.routes());
    api.route('/', excelRoutes(db, exports));
    api.route('/', staffRoutes(db));
    api.route('/', operationLogRoutes(db, exports));
    api.route('/', onlineRoutes(db, events));
    api.route('/', tenantRoutes({ db, events, platformTenant }));
    api.route('/', menuRoutes({ db, events, platformTenant, calls }));
    api.route('/', metaRoutes(db, calls));
    api.route('/', collectionRoutes(db));
    api.route('/', recordRoutes(db, exports, { keptCountsMs: options.keptCountsMs }));
    api.route('/', statisticsRoutes(db));
    api.route('/', departRoutes(db));
    api.route('/', userCenterRoutes(db, events));
    api.route('/', pageInfoRoutes(db));
    api.route('/', campaignRoutes(db));
    // Uploads: Qiniu's tokens when configured, else the server's own storage; its files are served at /uploads/.
    const uploads = uploadRoutes({
      dir: options.uploadDir ?? path.join(tmpdir(), 'scrm-uploads'),
      qiniu: options.qiniu,
      secret: secrets.derive('uploads') ?? randomBytes(32),
    });
    api.route('/', uploads.api);
    app.route('/', uploads.files);
    api.route('/', logRoutes({ db, platformTenant }));
    // Crons and days are read in the platform tenant's zone (its timeZone parameter), looked up at most once a minute.
    let zone: { value: string; at: number } | null = null;
    const timeZone = async () => {
      if (zone && Date.now() - zone.at < 60_000) return zone.value;
      const [row] = await db.query<{ zone: string | null }>(
        `SELECT params::jsonb ->> 'timeZone' AS zone FROM system_setting WHERE tenant_id = $1 AND type = 'scrm_overall_params'`,
        [platformTenant],
      );
      zone = { value: row?.zone || 'Asia/Shanghai', at: Date.now() };
      return zone.value;
    };
    // The test-SMS job sends through a tenant's active platform, as verification codes do, and is logged like them.
    const smsTest = smsTestJob(async (tenantId, phone) => {
      const platform = await activePlatform(db, tenantId);
      if (!platform) return { ok: false, error: '该租户没有启用的短信平台' };
      const sent = await sendThrough(platform, secrets, { phone, purpose: 'verify_code', params: { code: '123456' } }, allowPrivateTargets);
      await recordSms(db, {
        tenantId,
        phone,
        template: 'test',
        platform: platform.name,
        success: sent.ok,
        error: sent.ok ? '' : sent.error,
      });
      return sent.ok ? { ok: true, platform: platform.name } : sent;
    });
    const jobs = { ...JOBS, sms_test: smsTest, ...(options.faults ? { test_record: TEST_JOB, test_wait: TEST_WAIT_JOB } : {}) };
    const scheduler = new Scheduler({
      db,
      jobs,
      tickMs: options.schedulerTickMs,
      timeZone,
      sweeps: [() => exports.sweep(), () => analyzeGrownTables(db)],
      onRun: (_job, outcome) => metrics.increment('scrm_scheduler_runs_total', 'Scheduled task runs, by outcome.', 'outcome', outcome),
    });
    metrics.gauge('scrm_session_streams_open', 'Session event streams this process holds open.', () => events.streams);
    const processing = (table: 'import_job' | 'export_job') => async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE status = 'processing'`))[0].n;
    metrics.gauge('scrm_import_jobs_running', 'Imports under way (every process).', processing('import_job'));
    metrics.gauge('scrm_export_jobs_running', 'Exports under way (every process).', processing('export_job'));
    if (options.scheduler) scheduler.start();
    lifecycle.onStop(() => scheduler.stop());
    api.route('/', taskRoutes({ db, scheduler, jobs, timeZone }));
    api.route('/', smsPlatformRoutes(db, secrets, allowPrivateTargets));
    api.route('/', apiKeyRoutes(db, calls));
    const dispatcher = new WebhookDispatcher({ db, secrets, allowPrivateTargets, retryBaseMs: options.webhookRetryBaseMs });
    if (options.scheduler) dispatcher.start();
    lifecycle.onStop(() => dispatcher.stop());
    api.route('/', webhookRoutes(db, secrets, dispatcher, allowPrivateTargets));
    calls.read(api.routes);
    // A database made by an earlier release gets this release's catalogue, then the interface rows and their relations.
    const upgrade = async () => {
      const done = await upgradeDatabase(db, calls, platformTenant);
      if (done) options.onReconciled?.(done);
    };
    upgrade().then(interfacesSynced, (err: unknown) => {
      log.error({ err }, 'catalogue or interfaces not written');
      interfacesSynced();
    });
    api.all('*', (c) => c.json({ result: 'error', errmsg: `接口不存在：${c.req.method} ${c.req.path}` }, 404));
    app.route('/manage', api);
  }

  app.route('/', operationsRoutes({ db: options.db, metrics, ready, lifecycle, metricsToken: options.metricsToken, demo: options.demo }));
  siblingRoutes(app, { design: options.designUrl, mall: options.mallUrl });

  if (options.staticDir) {
    const root = options.staticDir;
    // index.html names the current assets: always revalidated, so a deploy is seen at the next load.
    app.use('*', async (c, next) => {
      await next();
      if (c.res.headers.get('Content-Type')?.startsWith('text/html')) c.res.headers.set('Cache-Control', 'no-cache');
    });
    app.use('/assets/*', async (c, next) => {
      await next();
      // Vite names assets by content hash: they never change under the same name.
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      // the same URL answers brotli, gzip or plain bytes: a shared cache keys on the encoding asked for
      if (c.res.ok && !c.res.headers.has('Vary')) c.res.headers.set('Vary', 'Accept-Encoding');
    });
    // brotli or gzip copies made at build time (scripts/precompress.ts), chosen by Accept-Encoding
    app.use('/assets/*', serveStatic({ root, precompressed: true }));
    // A missing asset is a 404, never index.html (which a year-long cache would then keep under the asset's name).
    app.all('/assets/*', (c) => c.text('Not Found', 404));
    app.use('/*', serveStatic({ root, precompressed: true }));
    app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }));
  }
  return app;
}
