import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callAs, signedIn } from '../support/api.ts';
import { startOwnServer } from '../support/db-access.ts';
import type { RunningServer } from '../support/start-server.ts';

// Issue 13, message subscriptions: events delivered signed (HMAC-SHA256 with a timestamp), retried with backoff,
// logged per delivery, a test event, and no delivery to this machine or a private network in production.

interface Hit {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
interface Delivery {
  event: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
}

describe('webhooks', () => {
  let server: RunningServer;
  let receiver: Server;
  let url = '';
  const hits: Hit[] = [];
  let failuresLeft = 0;
  beforeAll(async () => {
    server = await startOwnServer({ WEBHOOK_RETRY_BASE_MS: '200' });
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hits.push({ headers: req.headers, body });
        if (failuresLeft > 0) {
          failuresLeft--;
          res.writeHead(500).end();
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((r) => receiver?.close(r));
    await server?.stop();
  });

  it('a test event arrives signed; a receiver failing twice gets the event on the third attempt, with backoff', async () => {
    const admin = await signedIn(server.url, 'admin');
    expect(
      await callAs(server.url, admin.token, '/v1/openApi/webhook/save', { name: 'x', url, events: [], secret: 'x'.repeat(20) }),
    ).toMatchObject({
      field: 'events',
    });
    // The schema the form uses: each field's own message; the secret of a new subscription; unknown keys named.
    const refusal = async (body: Record<string, unknown>) =>
      (await callAs(server.url, admin.token, '/v1/openApi/webhook/save', body)).errmsg;
    const hook = { name: 'x', url, events: ['user.created'], secret: 'x'.repeat(20) };
    expect(await refusal({ ...hook, events: ['user.deleted'] })).toBe('事件不存在');
    expect(await refusal({ ...hook, secret: '' })).toBe('签名密钥不能为空');
    expect(await refusal({ ...hook, secret: '******abcd' })).toBe('签名密钥不能为空');
    expect(await refusal({ ...hook, secret: 'short' })).toBe('签名密钥须为 16-128 个字符');
    expect(await refusal({ ...hook, url: 'ftp://example.com/' })).toBe('地址须为 http(s) 网址，且不含用户名密码');
    expect(await refusal({ ...hook, tenantId: 2 })).toBe('请求含有未知字段 tenantId，请删除后重试');
    const made = await callAs<{ id: number }>(server.url, admin.token, '/v1/openApi/webhook/save', {
      name: '合作方回调',
      url,
      events: ['user.created', 'user.disabled'],
      secret: 'whsec-0123456789abcdef',
    });
    const id = made.values!.id;
    const listed = await callAs<{ webhooks: Array<{ secret: string }> }>(server.url, admin.token, '/v1/openApi/webhook/list');
    expect(listed.values!.webhooks[0].secret).toBe('******cdef');

    const tested = await callAs<{ status: string; lastStatus: number }>(server.url, admin.token, '/v1/openApi/webhook/test', { id });
    expect(tested.values).toMatchObject({ status: 'delivered', lastStatus: 204 });
    const hit = hits.at(-1)!;
    expect(hit.headers['x-webhook-event']).toBe('webhook.test');
    const expected = createHmac('sha256', 'whsec-0123456789abcdef')
      .update(`${hit.headers['x-webhook-timestamp']}.${hit.body}`)
      .digest('hex');
    expect(hit.headers['x-webhook-signature']).toBe(expected);

    // A real event: a user created. The receiver refuses twice, then takes it.
    failuresLeft = 2;
    const before = hits.length;
    const { saveUser } = await import('@/api/calls/system/user-calls.ts');
    const { fetchUserInfo } = await import('@/api/calls/session/session-calls.ts');
    const info = (await fetchUserInfo(admin.api)).userInfo;
    await saveUser(
      admin.api,
      {
        userName: `wh${Date.now().toString(36)}`,
        nickname: '回调测试',
        phone: '',
        userType: 1,
        departIds: [info.allDepartList[0].id],
        roleIds: [],
      },
      'Passw0rd2026',
    );
    const end = Date.now() + 20_000;
    let deliveries: Delivery[] = [];
    while (Date.now() < end) {
      deliveries = (await callAs<Delivery[]>(server.url, admin.token, '/v1/openApi/webhook/deliveries', { id })).values!;
      if (deliveries[0]?.event === 'user.created' && deliveries[0].status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(deliveries[0]).toMatchObject({ event: 'user.created', status: 'delivered', attempts: 3, lastStatus: 204 });
    const attempts = hits.slice(before).filter((h) => h.headers['x-webhook-event'] === 'user.created');
    expect(attempts).toHaveLength(3);
    expect(JSON.parse(attempts[2].body)).toMatchObject({ event: 'user.created', data: { userType: 1 } });
    // another tenant sees none of it
    const admin2 = await signedIn(server.url, 'admin2');
    expect((await callAs<unknown[]>(server.url, admin2.token, '/v1/openApi/webhook/deliveries', { id })).values).toEqual([]);
  });

  it('refuses an endpoint on this machine or a private network in production', async () => {
    const prod = await startOwnServer({ SCRM_DEMO: '0', ADMIN_PASSWORD: 'Prod2026pass', SECRETS_KEY: 'ab'.repeat(32) });
    try {
      const { login } = await import('@/api/calls/session/session-calls.ts');
      const { createApiClient } = await import('@/api/client.ts');
      const { memoryStore } = await import('@/api/storage.ts');
      const token = await login(createApiClient({ store: memoryStore(), baseURL: `${prod.url}/manage` }), {
        userName: 'admin',
        password: 'Prod2026pass',
      });
      for (const target of [url, 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.10/hook']) {
        expect(
          await callAs(prod.url, token, '/v1/openApi/webhook/save', {
            name: 'x',
            url: target,
            events: ['user.created'],
            secret: 'y'.repeat(20),
          }),
          target,
        ).toMatchObject({ field: 'url', errmsg: '不能发往本机或内网地址' });
      }
    } finally {
      await prod.stop();
    }
  });
});
