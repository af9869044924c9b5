import { Hono, type MiddlewareHandler } from 'hono';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppEnv } from '../../access/auth.ts';
import { createSession } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { hashPassword, sha256, unknownAccountHash, verifyPassword } from '../../infra/crypto.ts';
import { decryptWithKey, newPassword } from '../../infra/passwords.ts';
import { ApiError, ok, str } from '../../infra/http/http.ts';
import { APP_NAME, type LoginFailure } from '@/api/contract/session.ts';
import { ACCOUNT_PATTERN, ACCOUNT_RULE_MESSAGE } from '@/api/contract/users.ts';
import { recordLogin } from '../../services/logs.ts';
import { emitEvent } from '../../services/webhooks.ts';
import { isPhone, type SmsService } from '../../services/sms.ts';
import { LoginThrottle, accountKey, addressKey, lockedMessage } from '../../access/throttle.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import type { SessionEvents } from '../../infra/session-events.ts';
import { defaultTenantPages } from '../../access/menu.ts';
import { passportApi } from '@/api/table/session.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

export interface PassportOptions {
  db: Db;
  sessionTtlSeconds: number;
  sms: SmsService;
  events: SessionEvents;
  /** self-service registration of a new tenant (demo: on; production: SCRM_OPEN_REGISTRATION=1) */
  openRegistration: boolean;
  /** the code of the tenant the public pages use when neither the link nor the browser names one (DEFAULT_TENANT) */
  defaultTenant?: string;
  /** the platform operator's tenant: never the public pages' fallback */
  platformTenant: number;
}

const WRONG_CREDENTIALS = '账号或密码错误';
export const TENANT_INACTIVE = '所属企业已停用或已到期，请联系平台管理员';
export const ACCOUNT_DISABLED = '账号已停用，请联系管理员';
const AES_KEY_TTL_SECONDS = 300;

/** The passport calls of DECISIONS.md: single-use AES keys, encrypted-password login, token links, logout. */
export function passportRoutes({ db, sessionTtlSeconds, sms, events, openRegistration, defaultTenant, platformTenant }: PassportOptions) {
  const app = new Hono<AppEnv>();
  const throttle = new LoginThrottle(db);

  mount(app, passportApi.aesKey, async () => {
    const keyId = randomUUID();
    const key = randomBytes(32).toString('base64');
    await q.storeAesKey(db, keyId, key, AES_KEY_TTL_SECONDS);
    return ok({ keyId, key });
  });

  // The tenant the public pages work in (DECISIONS.md, docs/api.md): by the link's code, else by id (the tenant this
  // browser last signed in to), else the deployment's default
  // (DEFAULT_TENANT, else the first tenant). Only an active tenant's public name and id: nothing else is told.
  mount(app, passportApi.tenantInfo, async (c) => {
    const body = c.var.body;
    const code = typeof body.code === 'string' ? body.code.trim().slice(0, 64) : '';
    // id: the tenant this browser last signed in to (the client keeps only its id)
    const id = body.id;
    const wanted = code || (id === null ? defaultTenant : null) || null;
    const tenant = await q.publicTenant(db, wanted, id, platformTenant);
    if (!tenant) throw new ApiError(code ? '链接中的企业不存在或已停用' : '尚无可用的企业');
    return ok(tenant);
  });

  // The spec leaves register and reset unshown; docs/api.md documents what the project serves.
  mount(app, passportApi.resetPassword, async (c) => {
    const body = c.var.body;
    if (!isPhone(body.phone) || typeof body.code !== 'string' || !body.code.trim()) throw new ApiError('请输入手机号或验证码');
    const password = await newPassword(db, body);
    const tenant = body.renantId;
    const accounts = await q.accountsOfPhone(db, body.phone);
    const tenants = [...new Map(accounts.map((a) => [a.tenant_id, { id: a.tenant_id, name: a.tenant_name }])).values()];
    const inTenant = accounts.filter((a) => a.tenant_id === tenant);
    // The accounts of the tenant asked for (the link's, the browser's last, the default), else of the phone's only
    // tenant. A phone with accounts in several tenants, none of them the one asked for, is told its tenants to pick
    // from once its code checks out; the code is then left live for the second step.
    const users = inTenant.length > 0 ? inTenant : tenants.length === 1 ? accounts : [];
    if (users.length === 0 && tenants.length > 1) {
      await sms.verify(body.phone, body.code, { spend: false });
      throw new ApiError('该手机号在多个企业下有账号，请选择企业', { values: { tenants } });
    }
    await sms.verify(body.phone, body.code);
    if (users.length === 0) throw new ApiError('该手机号未绑定任何账号');
    if (users.length > 1) throw new ApiError('该手机号绑定了多个账号，请联系管理员重置密码');
    await q.setPasswordHash(db, users[0].id, await hashPassword(password));
    // Every session of the account ends: whoever had the old password is out.
    await events.endUserSessions(users[0].id, '密码已重置');
    return ok();
  });

  // A closed registration says so before anything is read.
  const registrationOpen: MiddlewareHandler = async (_c, next) => {
    if (!openRegistration) throw new ApiError('暂未开放注册，请联系平台管理员开通');
    await next();
  };
  mount(
    app,
    passportApi.register,
    async (c) => {
      const body = c.var.body;
      const tenantName = str(body, 'tenantName', '企业名称', 50).trim();
      const userName = str(body, 'userName', '账号', 32).trim();
      if (!ACCOUNT_PATTERN.test(userName)) throw new ApiError(ACCOUNT_RULE_MESSAGE);
      const nickname = str(body, 'nickname', '姓名', 32).trim();
      if (!isPhone(body.phone) || typeof body.code !== 'string' || !body.code.trim()) throw new ApiError('请输入手机号或验证码');
      const password = await newPassword(db, body);
      // The SMS code first: only someone holding a verified phone learns whether an account name is taken.
      await sms.verify(body.phone, body.code);
      if (await q.accountNameTaken(db, userName)) throw new ApiError(ACCOUNT_TAKEN);
      const hash = await hashPassword(password);
      // One statement, so a failure leaves nothing half made: tenant (id from its sequence), department, admin role
      // with the pages a new tenant starts with (every shared page but the platform's), the account (userType 0) and its settings. A parallel registration of the same
      // account name loses on the unique index and is told so.
      const pages = await defaultTenantPages(db);
      const tenantId = await onDuplicate(
        q.registerTenant(db, { tenantName, userName, hash, nickname, phone: body.phone, pages }),
        ACCOUNT_TAKEN,
      );
      return ok({ tenantId, userName });
    },
    registrationOpen,
  );

  mount(app, passportApi.login, async (c) => {
    const body = c.var.body;
    const userName = str(body, 'userName', '账号', 64);
    const encrypted = str(body, 'password', '密码', 1024);
    const keyId = str(body, 'keyId', '密钥', 64);
    if (body.appName !== APP_NAME) throw new ApiError('应用名称不正确');
    const ip = c.get('ip');
    const userAgent = c.req.header('User-Agent') ?? '';
    // Every attempt is in the login log, with why it failed (the tenant's admins see their own tenant's).
    const attempt = async (who: { id: number; tenant_id: number } | undefined, reason: LoginFailure) => {
      await recordLogin(db, {
        tenantId: who?.tenant_id ?? null,
        userId: who?.id ?? null,
        account: userName,
        success: false,
        reason,
        ip,
        userAgent,
      });
      // The tenant's subscriptions hear of failed sign-ins of its accounts.
      if (who) await emitEvent(db, who.tenant_id, 'login.failed', { account: userName, reason, ip });
    };
    const known = () => q.accountNamed(db, userName);
    // Single use: the key is spent whether or not the password is right.
    const password = await decryptWithKey(db, keyId, encrypted).catch(async (err: unknown) => {
      await attempt(await known(), 'bad_key');
      throw err;
    });
    const locked = await throttle.lockedFor([accountKey(userName), addressKey(ip)]);
    if (locked > 0) {
      await attempt(await known(), 'locked');
      throw new ApiError(lockedMessage(locked), { values: { retryAfter: locked } });
    }
    const user = await q.signInAccount(db, userName);
    // The same work and the same answer whatever the account: the password is always verified against a hash
    // (a dummy one for an unknown account), and a bind-phone login ticket (DECISIONS.md) is looked up besides.
    const passwordOk = await verifyPassword(password ?? '', user?.password_hash ?? unknownAccountHash());
    const ticketOk = password !== null && password.startsWith('ticket:') && (await sms.redeemTicket(user?.id ?? 0, password));
    if (!user || !(passwordOk || ticketOk)) {
      await throttle.failed(userName, ip);
      await attempt(user, !user ? 'unknown_account' : password === null ? 'bad_key' : 'wrong_password');
      throw new ApiError(WRONG_CREDENTIALS);
    }
    // Told only to someone who knows the password, as the tenant's state is (issue 45: a disabled account was told
    // 账号或密码错误 and its user tried again and again). A wrong password to it answers as to any account.
    if (user.status !== 1) {
      await attempt(user, 'account_disabled');
      throw new ApiError(ACCOUNT_DISABLED);
    }
    // Told only to someone who knows the password: the organisation, not the account, is what stops them.
    if (!user.tenant_active) {
      await attempt(user, 'tenant_inactive');
      throw new ApiError(TENANT_INACTIVE);
    }
    // A correct password that lands after a parallel burst locked the account is refused too.
    const lockedNow = await throttle.lockedFor([accountKey(userName), addressKey(ip)]);
    if (lockedNow > 0) {
      await attempt(user, 'locked');
      throw new ApiError(lockedMessage(lockedNow), { values: { retryAfter: lockedNow } });
    }
    await throttle.succeeded(userName);
    const session = await createSession(db, user.id, user.tenant_id, sessionTtlSeconds, ip);
    await recordLogin(db, {
      tenantId: user.tenant_id,
      userId: user.id,
      account: userName,
      success: true,
      method: ticketOk ? 'ticket' : 'password',
      ip,
      userAgent,
      sessionId: session.id,
    });
    return ok(session.token);
  });

  mount(app, passportApi.loginByUserToken, async (c) => {
    const body = c.var.body;
    const linkToken = typeof body.userToken === 'string' ? body.userToken : '';
    // Single use (DECISIONS.md): one statement ends the link's session and hands over its owner and its end, so
    // the new session ends when the source would have and a link exchanged twice in parallel works once.
    const source = linkToken ? await q.spendLinkSession(db, sha256(linkToken)) : undefined;
    const userAgent = c.req.header('User-Agent') ?? '';
    if (!source) {
      await recordLogin(db, {
        tenantId: null,
        userId: null,
        account: '',
        success: false,
        reason: 'link_invalid',
        method: 'link',
        ip: c.get('ip'),
        userAgent,
      });
      return c.json({ data: { result: 401, errmsg: 'userToken失效' } });
    }
    await q.dropAccessTokens(db, sha256(linkToken));
    const session = await createSession(db, source.user_id, source.tenant_id, sessionTtlSeconds, c.get('ip'), source.expires_at);
    const owner = await q.accountName(db, source.user_id);
    await recordLogin(db, {
      tenantId: source.tenant_id,
      userId: source.user_id,
      account: owner ?? '',
      success: true,
      method: 'link',
      ip: c.get('ip'),
      userAgent,
      sessionId: session.id,
    });
    return c.json({ data: { result: 200, values: session.token } });
  });

  return app;
}

const ACCOUNT_TAKEN = '该账号已被使用';
