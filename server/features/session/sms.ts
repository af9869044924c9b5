import { Hono } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { ApiError, ok } from '../../infra/http/http.ts';
import { isLocalCaller } from '../../infra/http/client-address.ts';
import { captchaSvg, isCaptchaUuid, isPhone, type DevOutbox, type SmsService } from '../../services/sms.ts';
import { smsApi } from '@/api/table/session.ts';
import { mount } from '../../infra/http/mount.ts';
import * as q from './queries.ts';

/** Captcha, SMS (signed in and anonymous), bind phone, and the demo outbox. */
export function smsRoutes(db: Db, sms: SmsService, outbox: DevOutbox | null) {
  const app = new Hono<AppEnv>();

  mount(app, smsApi.captcha, async (c) => {
    const text = await sms.captcha(c.req.query('uuid') ?? '');
    c.header('Cache-Control', 'no-store');
    return c.body(captchaSvg(text), 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  const send = async (body: { phone?: unknown; imgVeryCode?: unknown; uuid?: unknown }, tenantId: number | null) => ({
    result: 'ok' as const,
    values: await sms.send(body.phone, body.imgVeryCode, body.uuid, tenantId),
  });
  mount(app, smsApi.send, async (c) => c.json(await send(c.var.body, c.get('session').tenantId)));
  // Anonymous: the tenant the public page works in (the spec's renantId), when it names one that exists.
  mount(app, smsApi.sendAnonymous, async (c) => {
    const body = c.var.body;
    const named = body.renantId;
    const known = named !== null && (await q.tenantExists(db, named));
    return c.json(await send(body, known ? named : null));
  });

  mount(app, smsApi.bindPhone, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    await sms.verify(body.phone, body.code);
    // The phone already belongs to another account of this tenant: the caller continues as that account, with a
    // single-use login ticket in the field SPEC calls password (never a stored password, DECISIONS.md).
    const owner = await q.otherAccountWithPhone(db, s.tenantId, body.phone, s.userId);
    if (owner) {
      return c.json({ result: 'ok', values: 'switch', userInfo: { userName: owner.user_name, password: await sms.ticket(owner.id) } });
    }
    await q.bindPhone(db, s.tenantId, s.userId, body.phone);
    return ok('');
  });

  // Demo mode only (DECISIONS.md), and only for callers on this machine: read the code "sent" to a phone, or the
  // text of a captcha. Anyone else gets the same 404 as in production.
  mount(app, smsApi.outbox, (c) => {
    if (!outbox || !isLocalCaller(c)) return c.json({ result: 'error', errmsg: `接口不存在：GET ${c.req.path}` }, 404);
    const phone = c.req.query('phone');
    const uuid = c.req.query('uuid');
    if (phone && isPhone(phone)) return ok({ smsCode: outbox.sms.get(phone) ?? '' });
    if (uuid && isCaptchaUuid(uuid)) return ok({ captcha: outbox.captchas.get(uuid.toLowerCase()) ?? '' });
    throw new ApiError('需要 phone（11 位手机号）或 uuid（32 位十六进制）');
  });

  return app;
}
