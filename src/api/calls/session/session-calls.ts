import type { ApiClient } from '../../client.ts';
import type { Answer } from '../../contract/answers.ts';
import type { AesKey, LogoutAnswer } from '../../contract/session.ts';
import type { SettingsKey } from '../../contract/settings.ts';
import type { MenuNode, UserInfo } from '../../table/session.ts';
import { passportApi, shellApi, smsApi } from '../../table/session.ts';
import { APP_NAME } from '../../contract/session.ts';
import { ApiFailure, MESSAGES, classifyAnswer } from '../../errors.ts';

/**
 * The default AES key, for a passport service that issues none. It is public by nature (it ships in
 * the bundle), so it protects nothing beyond the transport; the reference server always issues a fresh key.
 */
export const DEFAULT_AES_KEY: AesKey = { keyId: 'default', key: 'U0NSTS1kZWZhdWx0LWxvZ2luLWtleS0yMDI2ISEhISE=' };

/** base64(IV[12] + AES-GCM ciphertext and tag) of the password, under the key the server issued. */
export async function encryptPassword(password: string, key: AesKey): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('浏览器不支持安全加密，请通过 HTTPS 或 localhost 访问');
  const raw = Uint8Array.from(atob(key.key), (ch) => ch.charCodeAt(0));
  const cryptoKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, cryptoKey, new TextEncoder().encode(password)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return btoa(String.fromCharCode(...out));
}

export interface Credentials {
  userName: string;
  password: string;
}

/** Logs in with an encrypted password; resolves to the new user token. */
export async function login(api: ApiClient, { userName, password }: Credentials): Promise<string> {
  // Quiet: the login form shows the refusal itself (one message per event, and no toast outlives the next login).
  const answer = await api.send(
    passportApi.login,
    { userName, ...(await encryptedWithKey(api, password)), appName: APP_NAME },
    { quiet: true },
  );
  if (typeof answer.values !== 'string' || !answer.values) throw new Error(MESSAGES.busy);
  return answer.values;
}

/** Exchanges a userToken from a link for a session of this browser. */
export async function loginByUserToken(api: ApiClient, userToken: string): Promise<string> {
  // raw: a refusal answers in `data` too, which the common rules would not read
  const answer = await api.raw<{ data?: { result?: number; values?: string; errmsg?: string } }>(
    passportApi.loginByUserToken.path,
    { userToken },
    { quiet: true },
  );
  if (answer.data?.result !== 200 || !answer.data.values) throw new Error(answer.data?.errmsg ?? 'login with userToken failed');
  return answer.data.values;
}

export interface UserInfoResult {
  userInfo: UserInfo;
  tokenExpire: number;
}

export async function fetchUserInfo(api: ApiClient): Promise<UserInfoResult> {
  const answer = await api.send(shellApi.userInfo, {}, { quiet: true });
  if (!answer.values) throw new Error('userInfo answered no values');
  return { userInfo: answer.values, tokenExpire: Number(answer.tokenExpire ?? 0) };
}

/** the result must be ok before the menu is asked for. */
export async function initUserPermission(api: ApiClient): Promise<void> {
  const answer = await api.send(shellApi.initUserPermission, {}, { quiet: true });
  if (answer.result !== 'ok') throw new Error('initUserPermission did not answer ok');
}

export async function fetchMenuTree(api: ApiClient): Promise<MenuNode[]> {
  // kept with its ETag: a reload asks with If-None-Match, and an unchanged tree comes back as a 304 with no bytes
  const answer = await api.send(shellApi.menuTree, {}, { quiet: true, revalidate: true });
  return Array.isArray(answer.result) ? answer.result : [];
}

/** Logout answers { data: 200 } on success; the caller decides what any other answer means. */
export async function requestLogout(api: ApiClient): Promise<LogoutAnswer> {
  return (await api.send(shellApi.logout, {})) as LogoutAnswer;
}

/** Settings by type: values.params is a JSON string; invalid JSON reads as {}. */
export async function fetchSettings(api: ApiClient, type: SettingsKey): Promise<Record<string, unknown>> {
  const answer = await api.send(shellApi.settings, { type }, { quiet: true });
  return parseParams(answer.values?.params);
}

export function parseParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(params);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export { ApiFailure };

/** /anon/vue/token: a new access token and its deadline (epoch ms). */
export async function fetchAccessToken(api: ApiClient): Promise<{ token: string; deadline: number }> {
  const answer: { values?: unknown; deadline?: unknown } = await api.send(shellApi.accessToken, {}, { quiet: true });
  const deadline = Number(answer.deadline);
  if (typeof answer.values !== 'string' || !answer.values || !Number.isFinite(deadline)) throw new Error(MESSAGES.busy);
  return { token: answer.values, deadline };
}

/** SMS send: the answer's values, empty meaning failure; anonymous pages use /anon/sms/sendSMS. */
export async function sendSms(
  api: ApiClient,
  req: { phone: string; imgVeryCode: string; uuid: string; renantId?: number },
  anonymous = false,
): Promise<string> {
  const answer: { values?: unknown } = anonymous
    ? await api.send(smsApi.sendAnonymous, req, { quiet: true })
    : await api.send(smsApi.send, req, { quiet: true });
  return typeof answer.values === 'string' ? answer.values : '';
}

/** /v1/third/bindPhone: values and userInfo {userName, password} when the phone has an account of its own. */
export async function bindPhone(api: ApiClient, body: { phone: string; code: string }) {
  return api.send(smsApi.bindPhone, body, { quiet: true });
}

/** The graphic captcha's image URL for a uuid (GET /v1/anon/user/create/verifyCode?uuid=). */
export const captchaUrl = (uuid: string, base = '/manage') => `${base}${smsApi.captcha.path}?uuid=${encodeURIComponent(uuid)}`;

/** A fresh single-use key from the passport service, or the default key of a service that issues none. */
export async function singleUseKey(api: ApiClient): Promise<AesKey> {
  const keyAnswer: { values?: AesKey } = await api.send(passportApi.aesKey, {});
  return keyAnswer.values?.key ? keyAnswer.values : DEFAULT_AES_KEY;
}

/** The password encrypted under a fresh single-use key (singleUseKey). */
export async function encryptedWithKey(api: ApiClient, password: string) {
  const key = await singleUseKey(api);
  return { password: await encryptPassword(password, key), keyId: key.keyId };
}

/** /anon/passport/resetPassword: a new password for the account of a verified phone (find password). */
export async function resetPassword(
  api: ApiClient,
  body: { phone: string; code: string; password: string; renantId?: number | null },
): Promise<void> {
  // raw: a refusal may carry the tenants to choose from
  const answer = await api.raw<Answer<{ tenants?: Array<{ id: number; name: string }> } | string>>(passportApi.resetPassword.path, {
    phone: body.phone,
    code: body.code,
    ...(body.renantId ? { renantId: body.renantId } : {}),
    ...(await encryptedWithKey(api, body.password)),
  });
  const failure = classifyAnswer(answer, {});
  if (!failure) return;
  const tenants = typeof answer.values === 'object' && answer.values ? answer.values.tenants : undefined;
  if (tenants?.length) throw new TenantChoiceNeeded(failure.message, tenants);
  throw new ApiFailure(failure);
}

/** The phone has accounts in several tenants: the user picks one (find password), the same code still valid. */
export class TenantChoiceNeeded extends Error {
  constructor(
    message: string,
    readonly tenants: Array<{ id: number; name: string }>,
  ) {
    super(message);
    this.name = 'TenantChoiceNeeded';
  }
}

/** Pinyin and initials of labels, computed by the server (the palette's search); aligned with `labels`. */
export async function fetchPinyin(api: ApiClient, labels: string[]) {
  return (await api.send(shellApi.pinyin, { labels }, { quiet: true })).values;
}

/** The tenant the public pages work in: by a link's code, else the deployment's default (docs/api.md). */
export async function publicTenantInfo(api: ApiClient, by: { code?: string; id?: number } = {}) {
  return (await api.send(passportApi.tenantInfo, by, { quiet: true })).values;
}

export interface PublicTenant {
  id: number;
  name: string;
  code: string;
}

/** /anon/passport/register: a new tenant with its first administrator (self-service, when the server allows it). */
export async function registerTenant(
  api: ApiClient,
  body: { tenantName: string; userName: string; nickname: string; phone: string; code: string; password: string },
): Promise<{ tenantId: number; userName: string }> {
  const { password, ...rest } = body;
  // Quiet: the page shows the refusal in its form.
  return (await api.send(passportApi.register, { ...rest, ...(await encryptedWithKey(api, password)) }, { quiet: true })).values;
}
