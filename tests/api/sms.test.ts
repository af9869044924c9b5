import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { fetchUserInfo, login } from '@/api/calls/session/session-calls.ts';
import { clientFor, newAccount, signedIn } from '../support/api.ts';
import { captcha as demoCaptcha, freshPhone, outbox as demoOutbox, verifiedCode as demoVerifiedCode } from '../support/demo.ts';

const baseUrl = inject('baseUrl');
const outbox = (q: string) => demoOutbox(baseUrl, q);
const captcha = () => demoCaptcha(baseUrl);
/** A code sent (with a fresh captcha) to a phone no one holds, and what the outbox got. */
async function codeSentTo(api: Awaited<ReturnType<typeof signedIn>>['api']) {
  const phone = freshPhone();
  const c = await captcha();
  await api.call('/v2/sms/sendSMS', { phone, imgVeryCode: c.text, uuid: c.uuid });
  return { phone, code: (await outbox(`phone=${phone}`)).smsCode };
}

describe('captcha and SMS', () => {
  it('sends a code only with the right, unspent captcha; the code lands in the demo outbox', async () => {
    const { api } = await signedIn(baseUrl, 'nophone');
    const phone = freshPhone();
    const c = await captcha();
    await expect(api.call('/v2/sms/sendSMS', { phone, imgVeryCode: 'XXXX', uuid: c.uuid })).rejects.toThrow('图形验证码错误或已失效');
    // The wrong attempt spent the captcha.
    await expect(api.call('/v2/sms/sendSMS', { phone, imgVeryCode: c.text, uuid: c.uuid })).rejects.toThrow('图形验证码错误或已失效');
    const c2 = await captcha();
    const sent = await api.call<{ values: string }>('/v2/sms/sendSMS', { phone, imgVeryCode: c2.text.toLowerCase(), uuid: c2.uuid });
    expect(sent.values).toBeTruthy();
    expect((await outbox(`phone=${phone}`)).smsCode).toMatch(/^\d{6}$/);
  });

  it('refuses a resend within 60 s and a malformed phone, with empty values', async () => {
    const { api } = await signedIn(baseUrl, 'nophone');
    const phone = freshPhone();
    const c = await captcha();
    await api.call('/v2/sms/sendSMS', { phone, imgVeryCode: c.text, uuid: c.uuid });
    const c2 = await captcha();
    const raw = await fetch(`${baseUrl}/manage/anon/sms/sendSMS`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, imgVeryCode: c2.text, uuid: c2.uuid }),
    });
    const answer = (await raw.json()) as { result: string; values: string; errmsg: string };
    expect(answer).toMatchObject({ result: 'error', values: '' });
    expect(answer.errmsg).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/);
    await expect(
      api.call('/v2/sms/sendSMS', { phone: '2770000', imgVeryCode: 'x', uuid: randomBytes(16).toString('hex') }),
    ).rejects.toThrow('请输入正确的手机号码');
  });
});

describe('bind phone', () => {
  it('binds a free phone to the caller (single-use code, attempts limited)', async () => {
    // admin2, not nophone: the e2e tests need nophone without a phone.
    const { api } = await signedIn(baseUrl, 'admin2');
    const { phone, code } = await codeSentTo(api);
    await expect(api.call('/v1/third/bindPhone', { phone, code: '000000' === code ? '111111' : '000000' })).rejects.toThrow('验证码错误');
    const bound = await api.call<{ values: string }>('/v1/third/bindPhone', { phone, code });
    expect(bound.values).toBe('');
    expect((await fetchUserInfo(api)).userInfo.phone).toBe(phone);
    await expect(api.call('/v1/third/bindPhone', { phone, code })).rejects.toThrow('验证码已失效，请重新获取');
  });

  it('gives up after five wrong codes', async () => {
    const { api } = await signedIn(baseUrl, 'admin2');
    const { phone, code } = await codeSentTo(api);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) await expect(api.call('/v1/third/bindPhone', { phone, code: wrong })).rejects.toThrow('验证码错误');
    await expect(api.call('/v1/third/bindPhone', { phone, code: wrong })).rejects.toThrow('验证码错误次数过多，请重新获取');
    await expect(api.call('/v1/third/bindPhone', { phone, code })).rejects.toThrow('验证码错误次数过多，请重新获取');
  });

  it('a phone of another account answers that account with a single-use ticket, never a password', async () => {
    const { api } = await signedIn(baseUrl, 'nophone');
    const phone = '13800000002'; // tenantadmin's phone in the demo (the e2e tests use staff's)
    const c = await captcha();
    await api.call('/v2/sms/sendSMS', { phone, imgVeryCode: c.text, uuid: c.uuid });
    const code = (await outbox(`phone=${phone}`)).smsCode;
    const answer = await api.call<{ values: string; userInfo: { userName: string; password: string } }>('/v1/third/bindPhone', {
      phone,
      code,
    });
    expect(answer.values).toBeTruthy();
    expect(answer.userInfo.userName).toBe('tenantadmin');
    expect(answer.userInfo.password).toMatch(/^ticket:/);
    const fresh = clientFor(baseUrl);
    expect(await login(fresh.api, { userName: 'tenantadmin', password: answer.userInfo.password })).toBeTruthy();
    await expect(login(fresh.api, { userName: 'tenantadmin', password: answer.userInfo.password })).rejects.toThrow('账号或密码错误');
  });
});

describe('register and reset password', () => {
  const verifiedCode = (phone: string) => demoVerifiedCode(baseUrl, phone);

  it('registers a tenant whose admin sees only shared menu entries; refuses a weak password, and a taken account only after the SMS code', async () => {
    const { api } = clientFor(baseUrl);
    const phone = freshPhone();
    const { registerTenant } = await import('@/api/calls/session/session-calls.ts');
    const userName = `api${Date.now().toString(36)}`;
    // Whether an account name is taken is said only to someone holding a verified phone (no enumeration).
    await expect(
      registerTenant(api, { tenantName: '测试', userName: 'admin', nickname: '甲', phone, code: '000000', password: 'Passw0rd2026' }),
    ).rejects.toThrow('验证码已失效，请重新获取');
    const taken = freshPhone();
    await expect(
      registerTenant(api, {
        tenantName: '测试',
        userName: 'admin',
        nickname: '甲',
        phone: taken,
        code: await verifiedCode(taken),
        password: 'Passw0rd2026',
      }),
    ).rejects.toThrow('该账号已被使用');
    await expect(
      registerTenant(api, { tenantName: '测试', userName, nickname: '甲', phone, code: '000000', password: 'weak' }),
    ).rejects.toThrow('密码须为 8-32 位，且同时包含字母和数字');
    const code = await verifiedCode(phone);
    const done = await registerTenant(api, { tenantName: '测试连锁', userName, nickname: '甲', phone, code, password: 'Passw0rd2026' });
    expect(done.tenantId).toBeGreaterThan(2);
    const fresh = clientFor(baseUrl);
    const token = await login(fresh.api, { userName, password: 'Passw0rd2026' });
    fresh.store.setItem('UserToken', token);
    const { userInfo } = await fetchUserInfo(fresh.api);
    expect(userInfo).toMatchObject({ tenantId: done.tenantId, userType: 0, phone });
    const users = await fresh.api.call<{ values: Array<{ userName: string }> }>('/v1/user/list', {});
    expect(users.values.map((u) => u.userName)).toEqual([userName]);
  });

  it('refuses a reset without the code sent to that phone (the full reset runs in tests/e2e/account-pages.test.ts)', async () => {
    const { api } = clientFor(baseUrl);
    const phone = freshPhone();
    const { registerTenant, resetPassword } = await import('@/api/calls/session/session-calls.ts');
    const userName = `rst${Date.now().toString(36)}`;
    await registerTenant(api, {
      tenantName: '重置测试',
      userName,
      nickname: '乙',
      phone,
      code: await verifiedCode(phone),
      password: 'Passw0rd2026',
    });
    await expect(resetPassword(api, { phone, code: '000001', password: 'Newpass2027' })).rejects.toThrow(/验证码/);
  });

  it('resolves the public pages’ tenant by the link’s code, else the default; unknown codes are refused', async () => {
    const { api } = clientFor(baseUrl);
    const info = (code?: string) =>
      api.call<{ values: { id: number; name: string; code: string } }>('/anon/tenant/info', code ? { code } : {});
    expect((await info('YUNFAN')).values).toEqual({ id: 2, name: '云帆零售', code: 'yunfan' });
    expect((await info()).values).toMatchObject({ id: 1, code: 'xinghe' });
    expect((await api.call<{ values: { code: string } }>('/anon/tenant/info', { id: 2 })).values.code).toBe('yunfan');
    await expect(info('nope')).rejects.toThrow('链接中的企业不存在或已停用');
  });

  it('a phone with accounts in two tenants resets the one it picks: the verified phone is told its tenants, the code kept for the pick', async () => {
    const { api } = clientFor(baseUrl);
    const { resetPassword } = await import('@/api/calls/session/session-calls.ts');
    const phone = freshPhone();
    const inOne = await newAccount(baseUrl, 'admin', 'two', phone, 'Passw0rd2026');
    const inTwo = await newAccount(baseUrl, 'admin2', 'two', phone, 'Passw0rd2026');
    const code = await verifiedCode(phone);
    // A wrong code learns nothing about the phone's tenants.
    const wrong = await resetPassword(api, { phone, code: code === '000000' ? '000001' : '000000', password: 'Newpass2027' }).catch(
      (e) => e,
    );
    expect(String(wrong)).toMatch(/验证码错误/);
    expect(wrong.tenants).toBeUndefined();
    const pick = await resetPassword(api, { phone, code, password: 'Newpass2027' }).catch((e) => e);
    expect(String(pick)).toContain('该手机号在多个企业下有账号，请选择企业');
    expect(pick.tenants).toEqual([
      { id: 1, name: '星河商业集团' },
      { id: 2, name: '云帆零售' },
    ]);
    await resetPassword(api, { phone, code, password: 'Newpass2027', renantId: 2 });
    await expect(login(clientFor(baseUrl).api, { userName: inTwo, password: 'Newpass2027' })).resolves.toBeTruthy();
    await expect(login(clientFor(baseUrl).api, { userName: inOne, password: 'Passw0rd2026' })).resolves.toBeTruthy();
    // The code was spent by the reset.
    await expect(resetPassword(api, { phone, code, password: 'Other2028x', renantId: 1 })).rejects.toThrow(/验证码/);
  });
});
