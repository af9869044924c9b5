import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp } from './app.ts';
import { serveApp } from './infra/http/serve.ts';
import { openDb, type Db } from './infra/db/db.ts';
import { SessionEvents } from './infra/session-events.ts';
import { Lifecycle } from './infra/operations.ts';
import { KEY_FILE, resealLegacyDemoSecrets, Secrets } from './infra/secrets.ts';
import { readConfig } from './config.ts';
import { lowerPasswordCostForTests } from './infra/crypto.ts';
import { DEMO_PASSWORD, isEmpty, seedDemo, seedProduction } from './seed/seed.ts';
import { fillEnglishNames } from './seed/dictionary-names-en.ts';
import { log } from './infra/logger.ts';

async function main() {
  const config = readConfig();
  if (config.lowPasswordCost) lowerPasswordCostForTests();
  if (config.poolerSetting && !config.pooler) throw new Error(`DATABASE_POOLER 只能是 transaction（当前为 ${config.poolerSetting}）`);
  // Several processes may share a PostgreSQL database: a link or a secret made by one is read by another, so they
  // need one key, given to each.
  if (!config.secretsKey && !config.demo && config.databaseUrl && !config.proxyUrl) {
    throw new Error(
      '生产模式使用 PostgreSQL 时需要 SECRETS_KEY（32 字节，64 位十六进制或 base64；例如 SECRETS_KEY=$(openssl rand -hex 32)）：' +
        '各服务进程须用同一个密钥，才能互认导出链接、上传令牌和已加密保存的密钥',
    );
  }
  if (config.pooler && !config.listenUrl) {
    throw new Error(
      'DATABASE_POOLER=transaction 时还需要 DATABASE_LISTEN_URL：事务模式的连接池不支持 LISTEN，请指向 PostgreSQL 本身或会话模式的连接池',
    );
  }
  // A promise nobody waits for that fails (a background job meeting a database that went away) is logged; the
  // process keeps serving. Each known source handles its own failure; this is the net under them.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
  if (!config.proxyUrl && !config.demo && !config.adminPassword && !config.databaseUrl && !existsSync(config.dataDir)) {
    throw new Error('生产模式首次启动需要 ADMIN_PASSWORD');
  }
  const seed = async (db: Db) => {
    // Every start: shared entries and the standard dictionary gain the English names a later release added.
    if (!(await isEmpty(db))) return fillEnglishNames(db);
    if (config.demo) {
      await seedDemo(db);
      console.log('已写入演示数据');
    } else {
      if (!config.adminPassword) throw new Error('生产模式首次启动需要 ADMIN_PASSWORD（首个管理员 admin 的密码）');
      await seedProduction(db, config.adminPassword);
    }
  };
  const db = config.proxyUrl ? undefined : await openDb(config, seed);
  const events = db ? new SessionEvents(db) : undefined;
  await events?.start();
  // The key that seals stored secrets and signs export links and upload tokens: SECRETS_KEY, else this data folder's.
  const secrets = config.secretsKey
    ? Secrets.fromKey(config.secretsKey)
    : config.proxyUrl
      ? Secrets.none()
      : Secrets.ofDataDir(config.dataDir);
  if (secrets.made) {
    console.log(`已为数据目录生成密钥 ${path.join(config.dataDir, KEY_FILE)}（仅所有者可读；备份数据目录时请一并妥善保管）`);
    // A demo made by an earlier release sealed its secrets with a key derived from the source: sealed again now.
    if (db && config.demo) {
      const resealed = await resealLegacyDemoSecrets(db, secrets);
      if (resealed) console.log(`已用新密钥重新加密 ${resealed} 项已保存的密钥`);
    }
  }
  const staticDir = existsSync(path.join(config.staticDir, 'index.html')) ? config.staticDir : undefined;
  if (!staticDir) console.warn(`未找到已构建的前端（${config.staticDir}/index.html），只提供 /manage 接口`);
  const lifecycle = new Lifecycle();
  const app = createApp({
    db: db!,
    lifecycle,
    sessionTtlSeconds: config.sessionTtlSeconds,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    staticDir,
    proxyUrl: config.proxyUrl,
    faults: config.faults,
    checkAnswers: config.checkAnswers,
    demo: config.demo,
    openRegistration: config.openRegistration,
    defaultTenant: config.defaultTenant,
    smsResendSeconds: config.smsResendSeconds,
    trustProxy: config.trustProxy,
    platformTenant: config.platformTenant,
    scheduler: !config.proxyUrl,
    secrets,
    allowPrivateTargets: config.allowPrivateTargets,
    webhookRetryBaseMs: config.webhookRetryBaseMs,
    schedulerTickMs: config.schedulerTickMs,
    uploadDir: path.join(config.dataDir, 'uploads'),
    exportDir: path.join(config.dataDir, 'exports'),
    qiniu: config.qiniu,
    designUrl: config.designUrl,
    mallUrl: config.mallUrl,
    events,
    metricsToken: config.metricsToken,
    requestLog: config.requestLog,
    onReconciled: (done) => {
      const { added, updated, adopted, retired, tables, fields } = done;
      if (added.length + updated.length + retired.length + tables + fields === 0) return;
      console.log(
        `菜单目录已按本版本更新：新增 ${added.length} 项，更新 ${updated.length} 项，下线 ${retired.length} 项，沿用 ${adopted.length} 项；数据字典新增 ${tables} 张表、${fields} 个字段`,
      );
    },
  });
  if (config.faults) console.warn('测试故障开关已打开（SCRM_TEST_FAULTS=1），仅用于自动化测试');
  const server = serveApp(app.fetch, { port: config.port, hostname: config.host }, (info) => {
    const url = `http://localhost:${info.port}`;
    // The test harness reads this line to learn the port when PORT=0.
    console.log(`SCRM 管理后台已启动：${url}（监听 ${config.host}）`);
    if (config.proxyUrl) console.log(`/manage 转发到 ${config.proxyUrl}`);
    else console.log(`数据库：${config.databaseUrl ? 'PostgreSQL' : `PGlite（${config.dataDir}）`}`);
    if (config.demo && !config.proxyUrl) {
      console.log(
        `演示账号（密码均为 ${DEMO_PASSWORD}）：admin、tenantadmin、staff、nophone（租户 1），admin2（租户 2），platform（平台运营）`,
      );
      const loopback = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(config.host);
      console.log(
        loopback
          ? `这是演示模式：只监听本机（${config.host}），短信验证码可从开发发件箱读取；HOST 可改监听地址`
          : `注意：这是演示模式（短信验证码可从开发发件箱读取），却监听在 ${config.host}；请勿让它面向网络`,
      );
    }
  });
  server.on('error', async (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') {
      console.error(
        `端口 ${config.port} 已被占用（${config.host}）：请先关闭占用它的程序，或换一个端口，例如 PORT=${config.port + 1} npm start`,
      );
    } else if (err.code === 'EACCES') {
      console.error(`没有权限监听端口 ${config.port}：请换一个大于 1024 的端口，例如 PORT=8080 npm start`);
    } else {
      console.error(err.message);
    }
    await db?.close().catch(() => {});
    process.exit(1);
  });
  // A graceful stop: no new connections, readiness off, session streams told and ended, running imports and
  // scheduled runs given the grace to finish (then cut short, marked), the database closed last.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log(`正在停止：最多等待 ${config.stopGraceSeconds} 秒，让进行中的导入和任务完成`);
    server.close();
    const { unfinished } = await lifecycle.stop(config.stopGraceSeconds * 1000);
    if (unfinished > 0) console.warn(`仍有 ${unfinished} 项工作未结束，已中断`);
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    await db?.close();
    console.log('已停止');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (config.stopWithStdin) {
    process.stdin.on('end', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
