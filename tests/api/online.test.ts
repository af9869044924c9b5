import { describe, expect, inject, it } from 'vitest';
import { openEvents, signedIn } from '../support/api.ts';

const baseUrl = inject('baseUrl');

interface OnlineRow {
  id: string;
  userAccount: string;
  logoutTime: string;
  loginSystemName: string;
  current: boolean;
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
    const one = await listOnline(admin.api, 1);
    expect(one.values).toHaveLength(1);
    expect(one.count).toBe(all.count);
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
    expect(await events.until(/event: revoked/)).not.toBeNull();
    events.close();
    await expect(staff.api.call('/vue/userInfo')).rejects.toMatchObject({ failure: { kind: 'expired' } });
  });
});
