import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { fetchUserInfo } from '@/api/calls/session/session-calls.ts';
import { userApi } from '@/api/table/users.ts';
import { usersOf } from '../support/users.ts';
import { signedIn } from '../support/api.ts';

// Issue 10: staff records bound to accounts (SPEC 7 staffInfo, staff, staffAccount), on PGlite and PostgreSQL.
const baseUrl = inject('baseUrl');
const code = () => `E${randomBytes(3).toString('hex')}`;
type Answer<T = unknown> = { values: T };

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { failure?: { message: string; kind: string; field?: string } }) => e.failure,
  );

describe('staff records', () => {
  it('finds the staff member bound to an account; the online list shows their name and code', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const staffUser = (await admin.api.send(userApi.list, { pageNum: 1, pageSize: 10, keyword: '13800000003' })).values[0];
    const bound = await admin.api.call<Answer<{ staffName: string; staffCode: string; userName: string } | null>>(
      '/v1/staffInfo/selectStaffInfoByUserId',
      {
        userId: staffUser.id,
      },
    );
    expect(bound.values).toMatchObject({ staffName: '王小二', staffCode: 'S0101', userName: 'staff' });
    const self = await admin.api.call<Answer<null>>('/v1/staffInfo/selectStaffInfoByUserId', {
      userId: (await fetchUserInfo(admin.api)).userInfo.id,
    });
    expect(self.values).toBeNull();
    await signedIn(baseUrl, 'staff');
    const online = await admin.api.call<{ values: Array<{ userAccount: string; staffName: string; staffCode: string }> }>(
      '/v1/user/listOnlineUser',
      {
        pageSize: 200,
      },
    );
    expect(online.values.find((r) => r.userAccount === 'staff')).toMatchObject({ staffName: '王小二', staffCode: 'S0101' });
  });

  it('binds one staff member to one account: each side refuses a second binding with who holds it', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const users = usersOf(admin.api);
    const info = (await fetchUserInfo(admin.api)).userInfo;
    const { id: userId } = await users.save(
      {
        userName: `st${randomBytes(3).toString('hex')}`,
        nickname: '员工账号',
        phone: '',
        userType: 1,
        departIds: [info.allDepartList![0].id],
        roleIds: [],
      },
      'Passw0rd2026',
    );
    const staffUserId = (await users.list({ pageNum: 1, pageSize: 10, keyword: '13800000003' })).rows[0].id;
    const c1 = code();
    const made = await admin.api.call<Answer<{ id: number }>>('/v1/staff/save', { staffName: '新员工', staffCode: c1, userId });
    expect(await failureOf(admin.api.call('/v1/staffAccount/saveCheck', { userId: staffUserId }))).toMatchObject({
      message: '该账号已绑定员工 王小二',
      field: 'userId',
    });
    expect(await failureOf(admin.api.call('/v1/staffAccount/saveCheck', { staffId: made.values.id, userId: staffUserId }))).toMatchObject({
      message: '该账号已绑定员工 王小二',
    });
    // The new staff member holds the new account: another staff member cannot take it, and it cannot move to
    // another account without being unbound first.
    const other = await admin.api.call<Answer<{ id: number }>>('/v1/staff/save', { staffName: '另一员工', staffCode: code() });
    expect(await failureOf(admin.api.call('/v1/staffAccount/saveCheck', { staffId: other.values.id, userId }))).toMatchObject({
      message: '该账号已绑定员工 新员工',
    });
    const { id: freeUserId } = await users.save(
      {
        userName: `fr${randomBytes(3).toString('hex')}`,
        nickname: '空闲账号',
        phone: '',
        userType: 1,
        departIds: [info.allDepartList![0].id],
        roleIds: [],
      },
      'Passw0rd2026',
    );
    expect(await failureOf(admin.api.call('/v1/staffAccount/saveCheck', { staffId: made.values.id, userId: freeUserId }))).toMatchObject({
      message: expect.stringMatching(/^该员工已绑定账号 st/),
    });
    await expect(admin.api.call('/v1/staffAccount/saveCheck', { staffId: other.values.id, userId: freeUserId })).resolves.toMatchObject({
      values: { ok: true },
    });
    expect(await failureOf(admin.api.call('/v1/staff/save', { staffName: '重复', staffCode: c1 }))).toMatchObject({
      message: '员工编号已存在，或该账号已绑定其他员工',
    });
    expect(await failureOf(admin.api.call('/v1/staff/save', { staffName: '号码', staffCode: code(), phone: '123' }))).toMatchObject({
      field: 'phone',
    });
    // The schema the form uses: a missing name is refused under its field (it used to be a message without one).
    expect(await failureOf(admin.api.call('/v1/staff/save', { staffCode: code() }))).toMatchObject({
      field: 'staffName',
      message: '员工姓名不能为空',
    });
    expect(await failureOf(admin.api.call('/v1/staff/save', { staffName: '店员', staffCode: code(), storeId: 'A1' }))).toMatchObject({
      field: 'storeId',
      message: '门店编号须为数字',
    });
    expect(await failureOf(admin.api.call('/v1/staff/save', { staffName: '店员', staffCode: code(), tenantId: 2 }))).toMatchObject({
      field: 'tenantId',
    });
  });

  it('keeps tenants apart and needs the staff page or user:edit', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const staffUserId = (await admin.api.send(userApi.list, { pageNum: 1, pageSize: 10, keyword: '13800000003' })).values[0].id;
    const admin2 = await signedIn(baseUrl, 'admin2');
    expect((await admin2.api.call<Answer<null>>('/v1/staffInfo/selectStaffInfoByUserId', { userId: staffUserId })).values).toBeNull();
    expect(await failureOf(admin2.api.call('/v1/staff/save', { staffName: '越权', staffCode: code(), userId: staffUserId }))).toMatchObject(
      {
        message: '账号不存在',
      },
    );
    const staff = await signedIn(baseUrl, 'staff');
    expect(await failureOf(staff.api.call('/v1/staff/save', { staffName: '无权', staffCode: code() }))).toMatchObject({
      kind: 'forbidden',
    });
  });
});
