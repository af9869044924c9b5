import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { onDuplicate } from '../../infra/db/db-errors.ts';
import { say } from '@/api/schema/messages.ts';
import { ApiError, ok, refuse } from '../../infra/http/http.ts';
import { recordSms } from '../../services/logs.ts';
import { maskSecret, type Secrets } from '../../infra/secrets.ts';
import { targetProblem } from '../../infra/outbound.ts';
import { sendThrough, type SmsPlatformRow } from '../../services/sms-platforms.ts';
import { smsPlatformApi, type SmsPlatform } from '@/api/table/operations.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

/**
 * SMS platforms (smsPlatform; docs/api.md "SMS platforms"), a tenant's own: the providers, at most one active;
 * secrets sealed with the server's key and shown only masked; saving without a new secret keeps the old one; a test
 * SMS through a platform.
 */
export function smsPlatformRoutes(db: Db, secrets: Secrets, allowPrivateTargets: boolean) {
  const app = new Hono<AppEnv>();

  // the row as answered: its secret masked (SQL gives every column the answer has)
  const shown = (p: SmsPlatformRow): SmsPlatform => {
    const { secret, ...rest } = p;
    return { ...rest, secret: maskSecret(secret ? secrets.decrypt(secret) : null), hasSecret: Boolean(secret) } as unknown as SmsPlatform;
  };
  const platformOf = async (tenantId: number, id: number) => {
    const row = await q.platformById(db, tenantId, id);
    if (!row) throw new ApiError(say('smsPlatformId'));
    return row;
  };

  mount(app, smsPlatformApi.list, async (c) => {
    const rows = await q.platformsOf(db, c.get('session').tenantId);
    return ok(rows.map(shown));
  });

  mount(app, smsPlatformApi.detail, async (c) => {
    const { id } = c.var.body;
    return ok(shown(await platformOf(c.get('session').tenantId, id)));
  });

  mount(app, smsPlatformApi.save, async (c) => {
    const { id, name, endpoint, accessKey, signName, templates, secret, active } = c.var.body;
    const s = c.get('session');
    const before = id === null ? null : await platformOf(s.tenantId, id);
    const unsafe = await targetProblem(endpoint, allowPrivateTargets);
    if (unsafe) throw refuse('endpoint', unsafe);
    // A new secret replaces the old; none keeps it. Sealed with the server's key, never kept in the clear.
    const newSecret = secret && !secret.startsWith('******') ? secret : null;
    if (newSecret !== null && !secrets.available) throw refuse('secret', '服务器未配置 SECRETS_KEY，不能保存密钥');
    if (!before && newSecret === null) throw refuse('secret', say('smsPlatformSecret'));
    const sealed = newSecret !== null ? secrets.encrypt(newSecret) : before!.secret;
    // One active platform per tenant: activating this one turns the others off first; the partial unique index is
    // the arbiter when two are activated at once (the loser is told).
    if (active) await q.deactivateOthers(db, s.tenantId, id);
    const saved = await onDuplicate(
      q.savePlatform(db, s.tenantId, id, { name, endpoint, accessKey, sealedSecret: sealed, signName, templates, active }),
      refuse('name', '已有同名的短信平台，或另一个平台正被同时启用'),
    );
    if (saved === undefined) throw new ApiError(say('smsPlatformId'));
    return ok({ id: saved });
  });

  mount(app, smsPlatformApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    if (!(await q.deletePlatform(db, s.tenantId, id))) throw new ApiError(say('smsPlatformId'));
    return ok();
  });

  // Not in the spec: a test SMS through one platform (active or not), logged like every SMS.
  mount(app, smsPlatformApi.test, async (c) => {
    const { id, phone } = c.var.body;
    const s = c.get('session');
    const platform = await platformOf(s.tenantId, id);
    const sent = await sendThrough(platform, secrets, { phone, purpose: 'verify_code', params: { code: '123456' } }, allowPrivateTargets);
    await recordSms(db, {
      tenantId: s.tenantId,
      phone,
      template: 'test',
      platform: platform.name,
      success: sent.ok,
      error: sent.ok ? '' : sent.error,
    });
    if (!sent.ok) throw new ApiError(`测试短信发送失败：${sent.error}`);
    return ok();
  });

  return app;
}
