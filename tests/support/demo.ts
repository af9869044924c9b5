import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { encryptPassword } from '@/api/calls/session/session-calls.ts';
import { APP_NAME } from '@/api/contract/session.ts';

/** The demo outbox (DECISIONS.md): `phone=P` gives { smsCode }, `uuid=U` gives { captcha }. */
export async function outbox(baseUrl: string, query: string): Promise<Record<string, string>> {
  const answer = (await (await fetch(`${baseUrl}/manage/anon/dev/outbox?${query}`)).json()) as { values: Record<string, string> };
  return answer.values;
}

/** Makes the server answer a session's next calls of `path` as told (the test-only fault switch, docs/api.md). */
export async function setFault(
  baseUrl: string,
  fault: { path: string; userToken: string | null; answer?: unknown; status?: number; times?: number },
) {
  const res = await fetch(`${baseUrl}/manage/anon/dev/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(await res.json()).toMatchObject({ result: 'ok' });
}

/**
 * In a form with the captcha and SMS fields (`scope`): types the captcha shown (read from the outbox by the uuid
 * in the image URL), sends the SMS code and waits for 验证码发送成功. Returns the captcha image URL that was used.
 */
export async function sendSmsCode(page: Page, scope: Locator | Page, baseUrl: string): Promise<string> {
  const src = (await scope.getByRole('img', { name: '看不清？点击刷新' }).getAttribute('src'))!;
  const uuid = new URL(src, baseUrl).searchParams.get('uuid')!;
  expect(uuid).toMatch(/^[0-9a-f]{32}$/);
  await expect.poll(async () => (await outbox(baseUrl, `uuid=${uuid}`)).captcha).toMatch(/^\w{4}$/);
  await scope.getByLabel('图形验证码').fill((await outbox(baseUrl, `uuid=${uuid}`)).captcha);
  await scope.getByRole('button', { name: '发送短信验证码' }).click();
  await page.locator('.fui-Toast').filter({ hasText: '验证码发送成功' }).waitFor();
  return src;
}

/** A phone number no other test uses (the 60 s resend rule is per phone). */
export const freshPhone = () => `177${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, '0')}`;

/** A captcha issued for a fresh uuid, and its text read from the demo outbox. */
export async function captcha(baseUrl: string) {
  const uuid = randomBytes(16).toString('hex');
  const res = await fetch(`${baseUrl}/manage/v1/anon/user/create/verifyCode?uuid=${uuid}`);
  expect(res.headers.get('content-type')).toContain('image/svg+xml');
  expect(await res.text()).toContain('<svg');
  return { uuid, text: (await outbox(baseUrl, `uuid=${uuid}`)).captcha };
}

/** POSTs JSON to /manage and returns the HTTP status and the parsed answer. */
export async function postJson(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/manage${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, headers: res.headers };
}

/** Sends an SMS code to a phone through the anonymous call and reads it from the demo outbox. */
export async function verifiedCode(baseUrl: string, phone: string): Promise<string> {
  const c = await captcha(baseUrl);
  const sent = await postJson(baseUrl, '/anon/sms/sendSMS', { phone, imgVeryCode: c.text, uuid: c.uuid });
  expect(sent.json).toMatchObject({ result: 'ok' });
  return (await outbox(baseUrl, `phone=${phone}`)).smsCode;
}

/** The body of a passport call carrying an encrypted password under a fresh single-use key. */
export async function withEncryptedPassword(baseUrl: string, password: string, headers: Record<string, string> = {}) {
  const key = (await postJson(baseUrl, '/anon/passport/aesKey', {}, headers)).json.values as { keyId: string; key: string };
  return { keyId: key.keyId, password: await encryptPassword(password, key) };
}

/** A login as a browser at `ip` (the test server trusts one proxy: X-Forwarded-For names the client). */
export async function loginFrom(baseUrl: string, ip: string, userName: string, password: string) {
  const headers = { 'X-Forwarded-For': ip };
  return postJson(
    baseUrl,
    '/anon/passport/login',
    { userName, appName: APP_NAME, ...(await withEncryptedPassword(baseUrl, password, headers)) },
    headers,
  );
}

/** Registers a new organisation (demo registration is open) and returns its admin's account and password. */
export async function registerAccount(baseUrl: string, prefix = 't') {
  const phone = freshPhone();
  const userName = `${prefix}${randomBytes(5).toString('hex')}`;
  const password = 'Passw0rd2026';
  const answer = await postJson(baseUrl, '/anon/passport/register', {
    tenantName: `测试企业${userName}`,
    userName,
    nickname: '测试',
    phone,
    code: await verifiedCode(baseUrl, phone),
    ...(await withEncryptedPassword(baseUrl, password)),
  });
  expect(answer.json).toMatchObject({ result: 'ok' });
  return { userName, password, phone, tenantId: (answer.json.values as { tenantId: number }).tenantId };
}

/** A fresh client address in the IPv6 documentation range (never routed), one per test so throttling never crosses tests. */
export const freshIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
