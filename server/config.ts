import path from 'node:path';

/** Settings from the environment; every one has a default that runs the demo on a fresh machine. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const databaseUrl = env.DATABASE_URL || undefined;
  const demo = env.SCRM_DEMO ? env.SCRM_DEMO !== '0' : !databaseUrl;
  return {
    port: Number(env.PORT ?? 8080),
    // A demo hands out SMS codes from its outbox: it listens on loopback unless HOST says otherwise.
    host: env.HOST || (demo ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl,
    /** DATABASE_POOLER=transaction: a pooler in transaction mode (PgBouncer) stands before PostgreSQL */
    pooler: env.DATABASE_POOLER === 'transaction' ? ('transaction' as const) : undefined,
    /** where LISTEN connects: PostgreSQL itself, or a pooler in session mode (needed with DATABASE_POOLER) */
    listenUrl: env.DATABASE_LISTEN_URL || undefined,
    /** the pooler setting as given, to refuse one the server does not know */
    poolerSetting: env.DATABASE_POOLER ?? '',
    demo,
    /** how many reverse proxies in front of us append to X-Forwarded-For (0: the socket's address is the client) */
    trustProxy: Math.max(0, Math.floor(Number(env.TRUST_PROXY ?? 0)) || 0),
    adminPassword: env.ADMIN_PASSWORD,
    staticDir: env.STATIC_DIR ?? 'dist',
    proxyUrl: env.MANAGE_API_URL || undefined,
    sessionTtlSeconds: Number(env.SESSION_TTL_SECONDS ?? 8 * 3600),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 30 * 60),
    faults: env.SCRM_TEST_FAULTS === '1',
    /** cheaper password hashes for a test run's demo servers (server/infra/crypto.ts); never outside a demo */
    lowPasswordCost: demo && env.SCRM_TEST_PASSWORD_COST === 'low',
    /** answers are checked against the call table (src/api/calls): development (NODE_ENV) and tests (SCRM_CHECK_ANSWERS=1) */
    checkAnswers: env.SCRM_CHECK_ANSWERS ? env.SCRM_CHECK_ANSWERS === '1' : env.NODE_ENV === 'development',
    openRegistration: env.SCRM_OPEN_REGISTRATION ? env.SCRM_OPEN_REGISTRATION === '1' : undefined,
    /** the tenant code public pages fall back to (register, find password); default: the first tenant */
    defaultTenant: env.DEFAULT_TENANT || undefined,
    /** the platform operator's tenant (tenant management, the shared menu): demo 0, production 1 */
    platformTenant: /^\d{1,9}$/.test(env.PLATFORM_TENANT ?? '') ? Number(env.PLATFORM_TENANT) : demo ? 0 : 1,
    /** how often each process's scheduler looks for due task runs */
    schedulerTickMs: env.SCHEDULER_TICK_MS ? Math.max(200, Number(env.SCHEDULER_TICK_MS) || 15_000) : 15_000,
    // A stop (SIGTERM, Ctrl+C) waits this long for running imports and scheduled runs before cutting them short.
    stopGraceSeconds: env.STOP_GRACE_SECONDS && /^\d+$/.test(env.STOP_GRACE_SECONDS) ? Math.min(600, Number(env.STOP_GRACE_SECONDS)) : 10,
    /** the key secrets are sealed with (SMS platforms); a demo derives one */
    secretsKey: env.SECRETS_KEY || undefined,
    /** configured gateways may be on this machine or a private network: a demo's default, else SCRM_ALLOW_PRIVATE_TARGETS=1 */
    allowPrivateTargets: env.SCRM_ALLOW_PRIVATE_TARGETS ? env.SCRM_ALLOW_PRIVATE_TARGETS === '1' : demo,
    webhookRetryBaseMs: env.WEBHOOK_RETRY_BASE_MS ? Math.max(100, Number(env.WEBHOOK_RETRY_BASE_MS) || 30_000) : 30_000,
    /** Qiniu credentials: upload tokens are Qiniu's; without them uploads go to DATA_DIR/uploads */
    qiniu:
      env.QINIU_ACCESS_KEY && env.QINIU_SECRET_KEY && env.QINIU_BUCKET && env.QINIU_DOMAIN
        ? {
            accessKey: env.QINIU_ACCESS_KEY,
            secretKey: env.QINIU_SECRET_KEY,
            bucket: env.QINIU_BUCKET,
            domain: env.QINIU_DOMAIN,
            region: ['z0', 'z1', 'z2', 'na0', 'as0'].includes(env.QINIU_REGION ?? '') ? env.QINIU_REGION! : 'z0',
          }
        : undefined,
    /** the poster designer and the mall the top bar links to (else /design/ and /mall/ say they are not deployed) */
    designUrl: env.DESIGN_URL || undefined,
    mallUrl: env.MALL_URL || undefined,
    smsResendSeconds: env.SMS_RESEND_SECONDS ? Number(env.SMS_RESEND_SECONDS) : undefined,
    /** /metrics asks for this bearer token; unset, /metrics is served in a demo only */
    metricsToken: env.METRICS_TOKEN || undefined,
    /** a JSON line per /manage request on stdout: REQUEST_LOG=json or off; production logs, a demo does not */
    requestLog: env.REQUEST_LOG ? env.REQUEST_LOG === 'json' : !demo,
    /** STOP_WITH_STDIN=1: stop (gracefully) when standard input closes, so the process ends with whatever started it */
    stopWithStdin: env.STOP_WITH_STDIN === '1',
  };
}
