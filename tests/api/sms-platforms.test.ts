import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callAs, signedIn } from '../support/api.ts';
import { serverWithDb, startOwnServer, type ServerWithDb } from '../support/db-access.ts';

// Issue 13, SMS platforms: configured per tenant, one active, the secret sealed and never answered, a test SMS, and
// the verification codes going out through the active platform (a receiver in the test checks the signature).
const databaseUrl = inject('databaseUrl');

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('SMS platforms', () => {
  let server: ServerWithDb;
  let receiver: Server;
  let receiverUrl = '';
  const received: Received[] = [];
  let answer = 200;
  beforeAll(async () => {
    server = await serverWithDb(databaseUrl);
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sms`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((r) => receiver?.close(r));
    await server?.stop();
  });

  it('a platform is saved with its secret sealed, shown masked, kept when not retyped, and sends signed test SMS', async () => {
    const admin = await signedIn(server.url, 'admin');
    const base = {
      type: 'http',
      name: '测试网关',
      endpoint: receiverUrl,
      accessKey: 'ak-1',
      signName: '星河',
      templates: { verify_code: 'SMS_001' },
    };
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/save', { ...base, endpoint: 'ftp://x' })).toMatchObject({
      field: 'endpoint',
    });
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/save', base)).toMatchObject({ field: 'secret' });
    // The body is checked by the schema the form uses: unknown keys named, missing ones with the field's message,
    // a value of another type too (no HTTP 500, nothing written).
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/save', { ...base, secret: 's', tenantId: 2 })).toEqual({
      result: 'error',
      field: 'tenantId',
      errmsg: '请求含有未知字段 tenantId，请删除后重试',
    });
    expect(
      await callAs(server.url, admin.token, '/v1/smsPlatform/save', { ...base, secret: 's', templates: { verify_code: 'A', x: 'B' } }),
    ).toMatchObject({ field: 'templates.x', errmsg: '请求含有未知字段 x，请删除后重试' });
    const { signName: _, ...noSign } = base;
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/save', { ...noSign, secret: 's' })).toMatchObject({
      field: 'signName',
      errmsg: '短信签名不能为空',
    });
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/save', { ...base, secret: 's', name: ['网关'] })).toMatchObject({
      field: 'name',
      errmsg: '平台名称不能为空',
    });
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/test', { id: 'abc', phone: '13911112222' })).toMatchObject({
      field: 'id',
      errmsg: '短信平台不存在',
    });
    expect((await callAs<unknown[]>(server.url, admin.token, '/v1/smsPlatform/list')).values).toEqual([]);
    const saved = await callAs<{ id: number }>(server.url, admin.token, '/v1/smsPlatform/save', {
      ...base,
      secret: 'top-secret-9876',
      active: true,
    });
    expect(saved.result).toBe('ok');
    const id = saved.values!.id;
    const [row] = await server.query<{ secret: string }>('SELECT secret FROM sms_platform WHERE id = $1', [id]);
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain('top-secret');
    const detail = await callAs<{ secret: string; hasSecret: boolean; active: boolean }>(
      server.url,
      admin.token,
      '/v1/smsPlatform/detail',
      {
        id,
      },
    );
    expect(detail.values).toMatchObject({ secret: '******9876', hasSecret: true, active: true });
    // a second platform of the same name is refused by the unique index, on the name
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/save', { ...base, secret: 'another-one' })).toMatchObject({
      result: 'error',
      field: 'name',
      errmsg: '已有同名的短信平台，或另一个平台正被同时启用',
    });
    expect(JSON.stringify(await callAs(server.url, admin.token, '/v1/smsPlatform/list'))).not.toContain('top-secret');
    // saving again without a new secret keeps it
    expect(
      (await callAs(server.url, admin.token, '/v1/smsPlatform/save', { ...base, id, secret: '******9876', active: true })).result,
    ).toBe('ok');

    expect((await callAs(server.url, admin.token, '/v1/smsPlatform/test', { id, phone: '13911112222' })).result).toBe('ok');
    const got = received.at(-1)!;
    const body = JSON.parse(got.body) as { phone: string; templateId: string; signName: string };
    expect(body).toMatchObject({ phone: '13911112222', templateId: 'SMS_001', signName: '星河' });
    const expected = createHmac('sha256', 'top-secret-9876').update(`${got.headers['x-timestamp']}.${got.body}`).digest('hex');
    expect(got.headers['x-signature']).toBe(expected);
    expect(got.headers['x-access-key']).toBe('ak-1');

    // A refusing gateway is said, and logged.
    answer = 503;
    expect(await callAs(server.url, admin.token, '/v1/smsPlatform/test', { id, phone: '13911112222' })).toMatchObject({
      errmsg: '测试短信发送失败：平台回应 HTTP 503',
    });
    answer = 200;
    const log = await callAs<Array<{ platform: string; success: boolean; error: string }>>(
      server.url,
      admin.token,
      '/v1/msg/getSmsRecoedList',
      {
        phone: '13911112222',
      },
    );
    expect(log.values!.slice(0, 2).map((r) => [r.platform, r.success, r.error])).toEqual([
      ['测试网关', false, '平台回应 HTTP 503'],
      ['测试网关', true, ''],
    ]);
    // Another tenant cannot see it.
    const admin2 = await signedIn(server.url, 'admin2');
    expect(await callAs(server.url, admin2.token, '/v1/smsPlatform/detail', { id })).toMatchObject({ errmsg: '短信平台不存在' });
  });

  it('one platform is active per tenant; the verification code goes out through it', async () => {
    const admin = await signedIn(server.url, 'admin');
    const base = {
      type: 'http',
      endpoint: receiverUrl,
      accessKey: 'ak-2',
      signName: '星河',
      templates: { verify_code: 'SMS_002' },
      secret: 'another-secret',
    };
    const second = await callAs<{ id: number }>(server.url, admin.token, '/v1/smsPlatform/save', {
      ...base,
      name: '第二网关',
      active: true,
    });
    const list = await callAs<Array<{ id: number; active: boolean }>>(server.url, admin.token, '/v1/smsPlatform/list');
    expect(list.values!.filter((p) => p.active).map((p) => p.id)).toEqual([second.values!.id]);

    const uuid = 'ab'.repeat(16);
    await fetch(`${server.url}/manage/v1/anon/user/create/verifyCode?uuid=${uuid}`);
    const captcha = (await (await fetch(`${server.url}/manage/anon/dev/outbox?uuid=${uuid}`)).json()) as { values: { captcha: string } };
    const before = received.length;
    const phone = '13922223333';
    expect((await callAs(server.url, admin.token, '/v2/sms/sendSMS', { phone, imgVeryCode: captcha.values.captcha, uuid })).result).toBe(
      'ok',
    );
    const sent = JSON.parse(received[before].body) as { phone: string; templateId: string; params: { code: string } };
    expect(sent).toMatchObject({ phone, templateId: 'SMS_002' });
    // the code sent is the code the outbox (demo) holds
    const outbox = (await (await fetch(`${server.url}/manage/anon/dev/outbox?phone=${phone}`)).json()) as { values: { smsCode: string } };
    expect(sent.params.code).toBe(outbox.values.smsCode);
    expect((await callAs(server.url, admin.token, '/v1/smsPlatform/delete', { id: second.values!.id })).result).toBe('ok');
  });

  it('the scheduled "test an SMS platform" job sends through a tenant’s active platform and logs the outcome', async () => {
    const admin = await signedIn(server.url, 'admin');
    const op = await signedIn(server.url, 'platform');
    const made = await callAs<{ id: number }>(server.url, admin.token, '/v1/smsPlatform/save', {
      type: 'http',
      name: '巡检网关',
      endpoint: receiverUrl,
      accessKey: 'ak',
      signName: '星河',
      templates: { verify_code: 'SMS_CHECK' },
      secret: 'check-secret',
      active: true,
    });
    const base = { name: '短信平台巡检', job: 'sms_test', cron: '0 9 * * *', enabled: false, timeoutSeconds: 30 };
    expect(await callAs(server.url, op.token, '/v1/sysTask/addSysTask', { ...base, params: { tenantId: 1, phone: '123' } })).toMatchObject({
      field: 'params.phone',
    });
    expect(
      await callAs(server.url, op.token, '/v1/sysTask/addSysTask', { ...base, params: { tenantId: 999, phone: '13955556666' } }),
    ).toMatchObject({
      field: 'params.tenantId',
      errmsg: '租户不存在',
    });
    const task = await callAs<{ id: number }>(server.url, op.token, '/v1/sysTask/addSysTask', {
      ...base,
      params: { tenantId: 1, phone: '13955556666' },
    });
    const before = received.length;
    await callAs(server.url, op.token, '/v1/sysTask/run', { id: task.values!.id });
    const end = Date.now() + 10_000;
    let runs: Array<{ outcome: string; message: string }> = [];
    while (Date.now() < end) {
      runs = (await callAs<typeof runs>(server.url, op.token, '/v1/sysTask/selSysTaskLogList', { taskId: task.values!.id })).values!;
      if (runs[0] && runs[0].outcome !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(runs[0]).toMatchObject({ outcome: 'success', message: expect.stringContaining('13955556666') });
    expect(JSON.parse(received[before].body)).toMatchObject({ phone: '13955556666', templateId: 'SMS_CHECK' });
    await callAs(server.url, admin.token, '/v1/smsPlatform/delete', { id: made.values!.id });
  });
});

describe('SMS platforms in production', () => {
  it('refuses a gateway on this machine or a private network, and seals a secret under the production key', async () => {
    const { login } = await import('@/api/calls/session/session-calls.ts');
    const { createApiClient } = await import('@/api/client.ts');
    const { memoryStore } = await import('@/api/storage.ts');
    const server = await startOwnServer({ SCRM_DEMO: '0', ADMIN_PASSWORD: 'Prod2026pass' });
    try {
      const token = await login(createApiClient({ store: memoryStore(), baseURL: `${server.url}/manage` }), {
        userName: 'admin',
        password: 'Prod2026pass',
      });
      const base = { type: 'http', name: '内网', accessKey: 'a', signName: '签名', templates: { verify_code: 'T' }, secret: 's3cret' };
      for (const endpoint of ['http://127.0.0.1:9/sms', 'http://169.254.169.254/latest', 'http://localhost/sms', 'http://10.0.0.8/sms']) {
        expect(await callAs(server.url, token, '/v1/smsPlatform/save', { ...base, endpoint }), endpoint).toMatchObject({
          field: 'endpoint',
          errmsg: '不能发往本机或内网地址',
        });
      }
      // Sealed under the key production has (SECRETS_KEY, or the data folder's own), and never answered.
      const saved = await callAs<{ id: number }>(server.url, token, '/v1/smsPlatform/save', {
        ...base,
        endpoint: 'http://203.0.113.10/sms',
      });
      expect(saved.result).toBe('ok');
      expect(await callAs(server.url, token, '/v1/smsPlatform/detail', { id: saved.values!.id })).toMatchObject({
        values: { secret: '******cret', hasSecret: true },
      });
    } finally {
      await server.stop();
    }
  });
});
