import { Hono } from 'hono';
import type { AppEnv } from '../auth.ts';
import type { Db } from '../db.ts';
import { isUniqueViolation } from '../db-errors.ts';
import { ApiError, int, ok, readBody, refuse } from '../http.ts';
import { recordSms } from '../logs.ts';
import { maskSecret, type Secrets } from '../secrets.ts';
import { isPhone } from '../sms.ts';
import { targetProblem } from '../outbound.ts';
import { PLATFORM_COLUMNS, sendThrough, type SmsPlatformRow } from '../sms-platforms.ts';

/** Purposes a platform has templates for. */
export const SMS_PURPOSES = ['verify_code'] as const;

/**
 * SMS platforms (SPEC 7 smsPlatform; docs/api.md "SMS platforms"), a tenant's own: the providers, at most one active;
 * secrets sealed with the server's key and shown only masked; saving without a new secret keeps the old one; a test
 * SMS through a platform.
 */
export function smsPlatformRoutes(db: Db, secrets: Secrets, allowPrivateTargets: boolean) {
  const app = new Hono<AppEnv>();

  const shown = (p: SmsPlatformRow & { updatedAt?: string }) => {
    const { secret, ...rest } = p;
    return { ...rest, secret: maskSecret(secret ? secrets.decrypt(secret) : null), hasSecret: Boolean(secret) };
  };
  const platformOf = async (tenantId: number, id: number) => {
    const [row] = await db.query<SmsPlatformRow>(`SELECT ${PLATFORM_COLUMNS} FROM sms_platform WHERE id = $1 AND tenant_id = $2`, [
      id,
      tenantId,
    ]);
    if (!row) throw new ApiError('短信平台不存在');
    return row;
  };

  app.post('/v1/smsPlatform/list', async (c) => {
    await readBody(c);
    const rows = await db.query<SmsPlatformRow>(`SELECT ${PLATFORM_COLUMNS} FROM sms_platform WHERE tenant_id = $1 ORDER BY id`, [
      c.get('session').tenantId,
    ]);
    return c.json(ok(rows.map(shown)));
  });

  app.post('/v1/smsPlatform/detail', async (c) => {
    const body = await readBody(c);
    return c.json(ok(shown(await platformOf(c.get('session').tenantId, int(body, 'id', '短信平台', 0, 2 ** 31 - 1)))));
  });

  app.post('/v1/smsPlatform/save', async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const id = body.id === undefined || body.id === null || body.id === '' ? null : int(body, 'id', '短信平台', 0, 2 ** 31 - 1);
    const before = id === null ? null : await platformOf(s.tenantId, id);
    const text = (k: string, max: number) => (typeof body[k] === 'string' ? (body[k] as string).trim() : '').slice(0, max + 1);
    const name = text('name', 32);
    if (!name) throw refuse('name', '平台名称不能为空');
    if (name.length > 32) throw refuse('name', '平台名称不能超过 32 个字');
    if (body.type !== 'http') throw refuse('type', '请选择平台类型');
    const endpoint = text('endpoint', 300);
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      /* refused below */
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password)
      throw refuse('endpoint', '接口地址须为 http(s) 网址');
    const unsafe = await targetProblem(endpoint, allowPrivateTargets);
    if (unsafe) throw refuse('endpoint', unsafe);
    const accessKey = text('accessKey', 128);
    const signName = text('signName', 32);
    if (!signName) throw refuse('signName', '短信签名不能为空');
    const templates: Record<string, string> = {};
    const given = (body.templates ?? {}) as Record<string, unknown>;
    for (const purpose of SMS_PURPOSES) {
      const v = typeof given[purpose] === 'string' ? (given[purpose] as string).trim() : '';
      if (!v) throw refuse(`templates.${purpose}`, '请填写验证码短信的模板编号');
      if (v.length > 64) throw refuse(`templates.${purpose}`, '模板编号不能超过 64 个字符');
      templates[purpose] = v;
    }
    // A new secret replaces the old; none keeps it. Sealed with the server's key, never kept in the clear.
    const newSecret = typeof body.secret === 'string' && body.secret && !body.secret.startsWith('******') ? body.secret : null;
    if (newSecret !== null && newSecret.length > 256) throw refuse('secret', '密钥过长');
    if (newSecret !== null && !secrets.available) throw refuse('secret', '服务器未配置 SECRETS_KEY，不能保存密钥');
    if (!before && newSecret === null) throw refuse('secret', '密钥不能为空');
    const sealed = newSecret !== null ? secrets.encrypt(newSecret) : before!.secret;
    const active = body.active === true;
    try {
      // One active platform per tenant: activating this one turns the others off first; the partial unique index is
      // the arbiter when two are activated at once (the loser is told).
      if (active)
        await db.query('UPDATE sms_platform SET active = false WHERE tenant_id = $1 AND active AND ($2::int IS NULL OR id <> $2)', [
          s.tenantId,
          id,
        ]);
      const params = [s.tenantId, name, endpoint, accessKey, sealed, signName, JSON.stringify(templates), active];
      const [row] =
        id === null
          ? await db.query<{ id: number }>(
              `INSERT INTO sms_platform (tenant_id, type, name, endpoint, access_key, secret, sign_name, templates, active)
               VALUES ($1, 'http', $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING id`,
              params,
            )
          : await db.query<{ id: number }>(
              `UPDATE sms_platform SET name = $2, endpoint = $3, access_key = $4, secret = $5, sign_name = $6, templates = $7::jsonb,
                      active = $8, updated_at = now()
                WHERE id = $9 AND tenant_id = $1 RETURNING id`,
              [...params, id],
            );
      if (!row) throw new ApiError('短信平台不存在');
      return c.json(ok({ id: row.id }));
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse('name', '已有同名的短信平台，或另一个平台正被同时启用');
      throw err;
    }
  });

  app.post('/v1/smsPlatform/delete', async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const removed = await db.query('DELETE FROM sms_platform WHERE id = $1 AND tenant_id = $2 RETURNING id', [
      int(body, 'id', '短信平台', 0, 2 ** 31 - 1),
      s.tenantId,
    ]);
    if (!removed.length) throw new ApiError('短信平台不存在');
    return c.json(ok());
  });

  // Not in SPEC 7: a test SMS through one platform (active or not), logged like every SMS.
  app.post('/v1/smsPlatform/test', async (c) => {
    const body = await readBody(c);
    const s = c.get('session');
    const platform = await platformOf(s.tenantId, int(body, 'id', '短信平台', 0, 2 ** 31 - 1));
    if (!isPhone(body.phone)) throw refuse('phone', '请输入正确的手机号码');
    const sent = await sendThrough(
      platform,
      secrets,
      { phone: body.phone, purpose: 'verify_code', params: { code: '123456' } },
      allowPrivateTargets,
    );
    await recordSms(db, {
      tenantId: s.tenantId,
      phone: body.phone,
      template: 'test',
      platform: platform.name,
      success: sent.ok,
      error: sent.ok ? '' : sent.error,
    });
    if (!sent.ok) throw new ApiError(`测试短信发送失败：${sent.error}`);
    return c.json(ok());
  });

  return app;
}
