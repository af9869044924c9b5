import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, clientFor, newAccount, signedIn } from '../support/api.ts';
import { changePassword } from '@/api/calls/session/user-center-calls.ts';
import { userCenterApi } from '@/api/table/session.ts';
import { fetchUserInfo, initUserPermission, login } from '@/api/calls/session/session-calls.ts';
import { saveUser } from '@/api/calls/system/user-calls.ts';
import { rolesOf } from '../support/roles.ts';
import { ApiFailure } from '@/api/errors.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';

// 用户中心 › 设置密码 (issue 15): one's own password, checked, with the account's other sessions ended.
const baseUrl = inject('baseUrl');

async function sessionOf(userName: string, password: string) {
  const c = clientFor(baseUrl);
  c.store.setItem(STORAGE_KEYS.userToken, await login(c.api, { userName, password }));
  return c;
}
/** A 门店员工 of admin's first department, with the demo password, made by admin. */
async function newStaff(prefix: string, nickname: string) {
  const admin = await signedIn(baseUrl, 'admin');
  const { userInfo } = await fetchUserInfo(admin.api);
  const staffRole = (await rolesOf(admin.api).list()).find((r) => r.name === '门店员工')!;
  const userName = `${prefix}${Date.now().toString(36)}`;
  const departIds = [userInfo.allDepartList[0].id];
  await saveUser(admin.api, { userName, nickname, phone: '', userType: 1, departIds, roleIds: [staffRole.id] }, DEMO_PASSWORD);
  return { userName };
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) =>
      err instanceof ApiFailure ? { field: err.failure.field, message: err.failure.message, kind: err.failure.kind } : err,
  );

describe('set password', () => {
  it('checks the old password and the policy, then ends the other sessions and keeps this one', async () => {
    const { userName } = await newStaff('pw', '改密码');
    const here = await sessionOf(userName, DEMO_PASSWORD);
    const elsewhere = await sessionOf(userName, DEMO_PASSWORD);
    const api = here.api;

    expect(await refusal(changePassword(api, 'Wrong0000', 'Better2026x'))).toMatchObject({
      field: 'oldPassword',
      message: '原密码不正确',
    });
    expect(await refusal(changePassword(api, DEMO_PASSWORD, 'short1'))).toMatchObject({
      field: 'password',
      message: '密码须为 8-32 位，且同时包含字母和数字',
    });
    expect(await refusal(changePassword(api, DEMO_PASSWORD, DEMO_PASSWORD))).toMatchObject({ field: 'password' });
    expect(await changePassword(api, DEMO_PASSWORD, 'Better2026x')).toEqual({ endedSessions: 1 });

    // this session goes on; the other is over; the new password signs in, the old one does not
    expect((await fetchUserInfo(here.api)).userInfo.userName).toBe(userName);
    expect(await refusal(fetchUserInfo(elsewhere.api))).toMatchObject({ kind: 'expired' });
    expect(typeof (await login(clientFor(baseUrl).api, { userName, password: 'Better2026x' }))).toBe('string');
    expect(await refusal(login(clientFor(baseUrl).api, { userName, password: DEMO_PASSWORD }))).not.toBeNull();
  });

  it('an account made with 首次登录时须修改密码 may do nothing but the shell’s calls until it changes the password', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const { userInfo } = await fetchUserInfo(admin.api);
    const staffRole = (await rolesOf(admin.api).list()).find((r) => r.name === '门店员工')!;
    const userName = `mcp${Date.now().toString(36)}`;
    const input = {
      userName,
      nickname: '新同事',
      phone: '',
      userType: 1 as const,
      departIds: [userInfo.allDepartList[0].id],
      roleIds: [staffRole.id],
    };
    await saveUser(admin.api, input, DEMO_PASSWORD, true);
    const fresh = await sessionOf(userName, DEMO_PASSWORD);
    expect((await fetchUserInfo(fresh.api)).userInfo.mustChangePassword).toBe(true);
    expect(await fresh.api.raw('/v1/campaign/list', {})).toMatchObject({ result: 403, errmsg: '请先修改初始密码' });
    // The shell's own calls still answer: the menu the session will have, and the session's end.
    await initUserPermission(fresh.api);
    expect(await changePassword(fresh.api, DEMO_PASSWORD, 'Better2026x')).toEqual({ endedSessions: 0 });
    expect((await fetchUserInfo(fresh.api)).userInfo.mustChangePassword).toBe(false);
    // Without the ask (the call as SPEC has it), the account signs in as it is.
    const plain = `mcq${Date.now().toString(36)}`;
    await saveUser(admin.api, { ...input, userName: plain }, DEMO_PASSWORD);
    expect((await fetchUserInfo((await sessionOf(plain, DEMO_PASSWORD)).api)).userInfo.mustChangePassword).toBe(false);
  });

  it('wrong old passwords count against the account like failed logins; a user without the page is refused', async () => {
    const { userName } = await newStaff('pwl', '锁定');
    const { api } = await sessionOf(userName, DEMO_PASSWORD);
    for (let i = 0; i < 5; i++)
      expect(await refusal(changePassword(api, `Wrong000${i}`, 'Better2026x'))).toMatchObject({ field: 'oldPassword' });
    // the account is locked now: even the right old password waits
    expect(await refusal(changePassword(api, DEMO_PASSWORD, 'Better2026x'))).toMatchObject({
      message: expect.stringMatching(/^登录失败次数过多/),
    });

    const pageless = await sessionOf(await newAccount(baseUrl, 'admin', 'pwno'), DEMO_PASSWORD);
    expect(await refusal(changePassword(pageless.api, DEMO_PASSWORD, 'Better2026x'))).toMatchObject({ kind: 'forbidden' });
  });

  it('个人信息: names the organisation and the store in words; one edits one’s own nickname and avatar by the rules', async () => {
    const staff = await signedIn(baseUrl, 'staff');
    const { userInfo } = await fetchUserInfo(staff.api);
    expect(userInfo.tenantName).toBe('星河商业集团');
    expect(userInfo.storeName).toMatch(/\S/);
    const { api } = staff;
    expect(await refusal(api.send(userCenterApi.updateProfile, { nickname: '', headimgurl: '' }, { fieldErrors: true }))).toMatchObject({
      field: 'nickname',
      message: '昵称不能为空',
    });
    expect(
      await refusal(api.send(userCenterApi.updateProfile, { nickname: '<img src=x>', headimgurl: '' }, { fieldErrors: true })),
    ).toMatchObject({ field: 'nickname' });
    expect(
      await refusal(api.send(userCenterApi.updateProfile, { nickname: '小王', headimgurl: 'javascript:alert(1)' }, { fieldErrors: true })),
    ).toMatchObject({ field: 'headimgurl' });
    await api.send(
      userCenterApi.updateProfile,
      { nickname: '门店店员小王', headimgurl: '/uploads/scrm/1/2026-11-23/0123456789abcdef01234567.png' },
      { fieldErrors: true },
    );
    expect((await fetchUserInfo(staff.api)).userInfo).toMatchObject({
      nickname: '门店店员小王',
      headimgurl: '/uploads/scrm/1/2026-11-23/0123456789abcdef01234567.png',
    });
    await api.send(userCenterApi.updateProfile, { nickname: '门店店员小王', headimgurl: '' }, { fieldErrors: true });
  });
});
