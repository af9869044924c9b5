import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp } from './app.ts';
import { openDb } from './db.ts';
import { DEMO_PASSWORD, isEmpty, seedDemo, seedProduction } from './seed.ts';

/** Settings from the environment; every one has a default that runs the demo on a fresh machine. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl,
    demo: env.SCRM_DEMO ? env.SCRM_DEMO !== '0' : !databaseUrl,
    adminPassword: env.ADMIN_PASSWORD,
    staticDir: env.STATIC_DIR ?? 'dist',
    proxyUrl: env.MANAGE_API_URL || undefined,
    sessionTtlSeconds: Number(env.SESSION_TTL_SECONDS ?? 8 * 3600),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 30 * 60),
    faults: env.SCRM_TEST_FAULTS === '1',
    openRegistration: env.SCRM_OPEN_REGISTRATION ? env.SCRM_OPEN_REGISTRATION === '1' : undefined,
    smsResendSeconds: env.SMS_RESEND_SECONDS ? Number(env.SMS_RESEND_SECONDS) : undefined,
  };
}

async function main() {
  const config = readConfig();
  if (!config.proxyUrl && !config.demo && !config.adminPassword && !config.databaseUrl && !existsSync(config.dataDir)) {
    throw new Error('生产模式首次启动需要 ADMIN_PASSWORD');
  }
  const db = config.proxyUrl ? undefined : await openDb(config);
  if (db && (await isEmpty(db))) {
    if (config.demo) {
      await seedDemo(db);
      console.log('已写入演示数据');
    } else {
      if (!config.adminPassword) throw new Error('生产模式首次启动需要 ADMIN_PASSWORD（首个管理员 admin 的密码）');
      await seedProduction(db, config.adminPassword);
    }
  }
  const staticDir = existsSync(path.join(config.staticDir, 'index.html')) ? config.staticDir : undefined;
  if (!staticDir) console.warn(`未找到已构建的前端（${config.staticDir}/index.html），只提供 /manage 接口`);
  const app = createApp({
    db: db!,
    sessionTtlSeconds: config.sessionTtlSeconds,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    staticDir,
    proxyUrl: config.proxyUrl,
    faults: config.faults,
    demo: config.demo,
    openRegistration: config.openRegistration,
    smsResendSeconds: config.smsResendSeconds,
  });
  if (config.faults) console.warn('测试故障开关已打开（SCRM_TEST_FAULTS=1），仅用于自动化测试');
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const url = `http://localhost:${info.port}`;
    // The test harness reads this line to learn the port when PORT=0.
    console.log(`SCRM 管理后台已启动：${url}`);
    if (config.proxyUrl) console.log(`/manage 转发到 ${config.proxyUrl}`);
    else console.log(`数据库：${config.databaseUrl ? 'PostgreSQL' : `PGlite（${config.dataDir}）`}`);
    if (config.demo && !config.proxyUrl) {
      console.log(`演示账号（密码均为 ${DEMO_PASSWORD}）：admin、tenantadmin、staff、nophone（租户 1），admin2（租户 2）`);
    }
  });
  const stop = async () => {
    server.close();
    await db?.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
