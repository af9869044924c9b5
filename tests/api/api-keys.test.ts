import { describe, expect, inject, it } from 'vitest';
import { send, signedIn } from '../support/api.ts';
import { ownServer } from '../support/db-access.ts';

// Issue 13, the open platform's API keys: shown once, kept hashed, listed by prefix, scoped, acting as their maker in
// their tenant, rate-limited, logged, and revoked at once.
const databaseUrl = inject('databaseUrl');

describe('API keys', () => {
  const server = ownServer(databaseUrl);

  it('a key made with some interfaces calls exactly those, as its maker in its tenant; it is logged and revoked at once', async () => {
    const admin = await signedIn(server.url, 'admin');
    const me = { UserToken: admin.token };
    const scopes = (await send<Array<{ id: number; path: string }>>(server.url, me, '/v1/openApi/key/scopes')).json.values!;
    const userList = scopes.find((s) => s.path === '/v1/user/list')!;
    expect(scopes.some((s) => s.path === '/v1/tenant/list')).toBe(false); // the platform's, never
    expect(scopes.some((s) => s.path === '/vue/userInfo')).toBe(false); // the shell's, never
    expect(await send(server.url, me, '/v1/openApi/key/save', { name: '合作方', scopes: [] })).toMatchObject({ json: { field: 'scopes' } });
    // The schema the form uses: each field's own message, unknown keys named.
    const refusal = async (body: unknown) => (await send(server.url, me, '/v1/openApi/key/save', body)).json;
    expect(await refusal({ scopes: [userList.id] })).toMatchObject({ field: 'name', errmsg: '名称不能为空' });
    expect(await refusal({ name: '合作方', scopes: [userList.id], expiresAt: '2020-01-01T00:00:00Z' })).toMatchObject({
      field: 'expiresAt',
      errmsg: '到期时间须晚于现在',
    });
    expect(await refusal({ name: '合作方', scopes: ['x'] })).toMatchObject({ field: 'scopes.0', errmsg: '权限范围格式不正确' });
    expect(await refusal({ name: '合作方', scopes: [userList.id], tenantId: 2 })).toMatchObject({ field: 'tenantId' });
    expect(await refusal({ name: '合作方', scopes: [999999] })).toMatchObject({ field: 'scopes', errmsg: '只能选择自己可以调用的接口' });
    const made = await send<{ id: number; prefix: string; key: string }>(server.url, me, '/v1/openApi/key/save', {
      name: '合作方',
      scopes: [userList.id],
    });
    const { id, prefix, key } = made.json.values!;
    expect(key.startsWith(`sk_${prefix}_`)).toBe(true);
    const [row] = await server.query<{ key_hash: string }>('SELECT key_hash FROM api_key WHERE id = $1', [id]);
    expect(row.key_hash).not.toContain(key.slice(-10));
    const listed = await send<Array<{ prefix: string }>>(server.url, me, '/v1/openApi/key/list');
    expect(JSON.stringify(listed.json)).not.toContain(key);
    expect(listed.json.values!.map((k) => k.prefix)).toContain(prefix);

    const asKey = { 'X-Api-Key': key };
    const users = await send<Array<{ userName: string }>>(server.url, asKey, '/v1/user/list', { pageSize: 50 });
    expect(users.json.result).toBe('ok');
    expect(users.json.values!.map((u) => u.userName)).toContain('tenantadmin');
    expect(users.json.values!.map((u) => u.userName)).not.toContain('admin2');
    expect((await send(server.url, asKey, '/v1/role/tree')).json).toEqual({ result: 403, errmsg: '该 API 密钥无权调用此接口' });
    expect((await send(server.url, asKey, '/vue/userInfo')).json).toEqual({ result: 403, errmsg: 'API 密钥不能调用此接口' });
    expect((await send(server.url, asKey, '/v1/openApi/key/save', { name: 'x', scopes: [userList.id] })).json.result).toBe(403);
    // one character changed (never to itself: a key already ending in x made this a valid key, 1 run in 64)
    const tampered = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
    expect(tampered).not.toBe(key);
    expect((await send(server.url, { 'X-Api-Key': tampered }, '/v1/user/list')).json).toEqual({
      result: 401,
      errmsg: 'API 密钥无效',
    });

    // rate: the minute's 121st call is refused (HTTP 429)
    let limited = { status: 0 };
    for (let i = 0; i < 2 && limited.status !== 429; i++) {
      await server.query(`UPDATE api_key_rate SET calls = 120, window_start = date_trunc('minute', now()) WHERE key_id = $1`, [id]);
      limited = await send(server.url, asKey, '/v1/user/list');
    }
    expect(limited.status).toBe(429);

    const logs = await send<Array<{ path: string; outcome: string }>>(server.url, me, '/v1/openApi/key/logs', { id });
    expect(logs.json.values!.map((l) => `${l.path} ${l.outcome}`)).toEqual(
      expect.arrayContaining(['/v1/user/list ok', '/v1/role/tree forbidden', '/v1/user/list 429']),
    );
    // another tenant sees none of it
    const admin2 = await signedIn(server.url, 'admin2');
    expect((await send(server.url, { UserToken: admin2.token }, '/v1/openApi/key/logs', { id })).json.values).toEqual([]);

    expect((await send(server.url, me, '/v1/openApi/key/revoke', { id })).json.result).toBe('ok');
    expect((await send(server.url, asKey, '/v1/user/list')).json).toEqual({ result: 401, errmsg: 'API 密钥已吊销或已过期' });
  });
});
