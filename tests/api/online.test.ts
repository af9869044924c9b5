import { describe, expect, inject, it } from 'vitest';
import { callAs, DEMO_PASSWORD, openEvents, signedIn } from '../support/api.ts';
import { fetchUserInfo } from '@/api/calls/session/session-calls.ts';
import { saveUser } from '@/api/calls/system/user-calls.ts';
import { ownServer } from '../support/db-access.ts';
import { PRESENCE_WINDOW_SECONDS } from '@server/access/presence.ts';

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');

interface OnlineRow {
  id: string;
  userAccount: string;
  logoutTime: string;
  loginSystemName: string;
  current: boolean;
  loginTime: string;
}
const listOnline = async (api: Awaited<ReturnType<typeof signedIn>>['api'], pageSize = 200) =>
  api.call<{ values: OnlineRow[]; count: number }>('/v1/user/listOnlineUser', { pageNum: 1, pageSize });

describe('online users and force logout', () => {
  it('lists the live sessions of the tenant (count with pageSize 1), the caller’s own marked', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    await signedIn(baseUrl, 'staff');
    const all = await listOnline(admin.api);
    expect(all.values.every((r) => r.logoutTime === '' && r.loginSystemName === 'SCRM')).toBe(true);
    expect(all.values.filter((r) => r.current)).toHaveLength(1);
    expect(all.values.some((r) => r.userAccount === 'staff')).toBe(true);
    expect(all.values.some((r) => r.userAccount === 'admin2')).toBe(false);
    // pageSize 1 counts the same sessions: other files sign in and out of this tenant meanwhile, so a pair of
    // answers is asked for again until no sign-in fell between them.
    await expect
      .poll(async () => {
        const [many, one] = await Promise.all([listOnline(admin.api), listOnline(admin.api, 1)]);
        return { rows: one.values.length, same: one.count === many.count };
      })
      .toEqual({ rows: 1, same: true });
  });

  it('an account that must still change its initial password sees no one online and forces no one out', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const { userInfo } = await fetchUserInfo(admin.api);
    const userName = `initial${Date.now().toString(36)}`;
    // userType 2 may list and force out, once its password is its own
    await saveUser(
      admin.api,
      { userName, nickname: '初始密码', phone: '', userType: 2, departIds: [userInfo.allDepartList[0].id], roleIds: [] },
      DEMO_PASSWORD,
      true,
    );
    const fresh = await signedIn(baseUrl, userName);
    const staff = await openEvents(baseUrl, (await signedIn(baseUrl, 'staff')).token);
    const gated = { result: 403, errmsg: '请先修改初始密码' };
    expect(await callAs(baseUrl, fresh.token, '/v1/user/listOnlineUser', { pageNum: 1, pageSize: 10 })).toEqual(gated);
    expect(await callAs(baseUrl, fresh.token, '/v1/user/forceLogout', { id: staff.id })).toEqual(gated);
    staff.close();
    // The session's own calls still answer (the change screen needs them).
    expect((await callAs(baseUrl, fresh.token, '/vue/userInfo')).result).toBe('ok');
  });

  it('refuses userType 1, another tenant’s session and the caller’s own', async () => {
    const staff = await signedIn(baseUrl, 'staff');
    await expect(listOnline(staff.api)).rejects.toMatchObject({ failure: { kind: 'forbidden' } });
    const admin = await signedIn(baseUrl, 'admin');
    const admin2 = await signedIn(baseUrl, 'admin2');
    const other = (await listOnline(admin2.api)).values.find((r) => r.current)!;
    await expect(admin.api.call('/v1/user/forceLogout', { id: other.id })).rejects.toThrow('该登录已失效或不存在');
    const own = (await listOnline(admin.api)).values.find((r) => r.current)!;
    await expect(admin.api.call('/v1/user/forceLogout', { id: own.id })).rejects.toThrow('不能强制退出当前登录');
    await expect(staff.api.call('/v1/user/forceLogout', { id: own.id })).rejects.toMatchObject({ failure: { kind: 'forbidden' } });
    await expect(admin.api.call('/v1/user/forceLogout', { id: "1'; --" })).rejects.toThrow('会话 id 不正确');
  });

  it('ends the session: its browser is told at once on the event stream, and its next call gets 401', async () => {
    const ta = await signedIn(baseUrl, 'tenantadmin');
    const staff = await signedIn(baseUrl, 'staff');
    const events = await openEvents(baseUrl, staff.token);
    expect((await listOnline(ta.api)).values.some((r) => r.id === events.id && r.userAccount === 'staff')).toBe(true);
    await ta.api.call('/v1/user/forceLogout', { id: events.id });
    // the event says why, and so does every later call of that session (a tab that was closed hears it there)
    expect((await events.until(/event: revoked\ndata: (\{.*\})/))?.[1]).toBe('{"reason":"forced"}');
    events.close();
    expect(await callAs(baseUrl, staff.token, '/vue/userInfo')).toEqual({ result: 401, errmsg: 'userToken失效', reason: 'forced' });
    await expect(staff.api.call('/vue/userInfo')).rejects.toMatchObject({ failure: { kind: 'expired', message: '您已被管理员强制下线' } });
  });

  it('a session ended otherwise (logout, a disabled account) answers SPEC’s 401 with no reason', async () => {
    const staff = await signedIn(baseUrl, 'staff');
    await staff.api.call('/anon/vue/logout');
    expect(await callAs(baseUrl, staff.token, '/vue/userInfo')).toEqual({ result: 401, errmsg: 'userToken失效' });
    await expect(staff.api.call('/vue/userInfo')).rejects.toMatchObject({ failure: { kind: 'expired', message: '登录失效，请重新登录' } });
  });
});

describe('presence: online means a live event stream or a recent call', () => {
  const server = ownServer(databaseUrl);
  const idle = (id: string) =>
    server.query(`UPDATE user_session SET last_seen_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      id,
      PRESENCE_WINDOW_SECONDS + 5,
    ]);

  it('a session whose tab closed drops out after the window; a call or an open stream brings it back', async () => {
    const admin = await signedIn(server.url, 'admin');
    const closed = await signedIn(server.url, 'staff');
    const streaming = await signedIn(server.url, 'tenantadmin');
    const closedId = (await openEvents(server.url, closed.token)).id;
    const stream = await openEvents(server.url, streaming.token);
    const ids = async () => (await listOnline(admin.api)).values.map((r) => r.id);
    expect(await ids()).toEqual(expect.arrayContaining([closedId, stream.id]));

    // Nothing heard from either for longer than the window: both are offline, though still valid sessions.
    await idle(closedId);
    await idle(stream.id);
    expect(await ids()).not.toContain(closedId);
    const { count } = await listOnline(admin.api, 1);
    expect(count).toBe((await ids()).length);
    // A call marks its session seen again.
    await closed.api.call('/vue/userInfo');
    expect(await ids()).toContain(closedId);
    // An open stream does too (each ping; here: opening it again, as a reload does).
    const again = await openEvents(server.url, streaming.token);
    expect(await ids()).toContain(stream.id);
    stream.close();
    again.close();
  });

  it('answers login times as instants (the client shows them in the tenant’s zone)', async () => {
    const admin = await signedIn(server.url, 'admin');
    const own = (await listOnline(admin.api)).values.find((r) => r.current)!;
    expect(own.loginTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(own.loginTime) - Date.now())).toBeLessThan(60_000);
  });

  it('a userToken link is single use and leaves one session, not two', async () => {
    const admin = await signedIn(server.url, 'admin');
    const source = await signedIn(server.url, 'staff');
    const sourceId = (await openEvents(server.url, source.token)).id;
    const { postJson } = await import('../support/demo.ts');
    const exchanged = await postJson(server.url, '/anon/passport/loginByUserToken', { userToken: source.token });
    expect(exchanged.json).toMatchObject({ data: { result: 200 } });
    const again = await postJson(server.url, '/anon/passport/loginByUserToken', { userToken: source.token });
    expect(again.json).toMatchObject({ data: { result: 401 } });
    expect((await listOnline(admin.api)).values.map((r) => r.id)).not.toContain(sourceId);
  });
});
