import * as v from 'valibot';
import { SETTINGS_KEYS } from '../../contract/settings.ts';
import { body, given, keptRowId, page } from '../kit.ts';
import { say } from '../messages.ts';

/** The calls that take nothing: user info, permissions, the menu tree, token, logout, privacy. */
export const noBody = body({});

/** A value the call's service checks itself (the SMS service: phone, captcha and its order of messages). */
const serviceChecked = v.optional(v.unknown());

/** /v2/sms/sendSMS: a code to a phone, behind the captcha. */
export const smsSend = body({ phone: serviceChecked, imgVeryCode: serviceChecked, uuid: serviceChecked });

/** /anon/sms/sendSMS: the same, for the tenant a public page works in (the spec's misspelled renantId). */
export const anonSmsSend = body({ ...smsSend.entries, renantId: keptRowId() });

/** /v1/third/bindPhone: one's own phone, with the code sent to it. */
export const bindPhone = body({
  phone: given(v.pipe(v.string(say('bindPhoneGiven')), v.regex(/^1\d{10}$/, say('bindPhoneGiven')))),
  code: given(v.pipe(v.string(say('bindPhoneGiven')), v.trim(), v.nonEmpty(say('bindPhoneGiven')))),
});

/** /v1/menu/pinyin: the palette's labels. */
export const pinyinLabels = body({
  labels: given(
    v.pipe(
      v.array(v.pipe(v.string(say('pinyinLabels')), v.maxLength(100, say('pinyinLabels'))), say('pinyinLabels')),
      v.maxLength(20_000, say('pinyinLabels')),
    ),
    [] as never,
  ),
});

/** One of a tenant's kinds of settings (the console reads them; the parameters page writes them). */
export const settingKind = () => given(v.picklist(SETTINGS_KEYS, say('settingType', { types: SETTINGS_KEYS.join('、') })), '' as never);

/** /v1/systemSetting/getByType: one of the settings the console reads. */
export const settingType = body({ type: settingKind() });

/** /v1/user/listOnlineUser: a page of the tenant's live sessions. */
export const onlineList = body({ ...page() });

/** /v1/user/forceLogout: one session, by its id (decimal, as text or number). */
export const sessionId = body({
  id: given(v.pipe(v.union([v.string(), v.number()], say('sessionId')), v.transform(String), v.regex(/^\d{1,18}$/, say('sessionId')))),
});

/*
 * The passport calls. Their keys are declared here (anything else is refused), while the handlers check the values
 * in an order that matters for safety: the SMS code before telling whether an account exists, the key before the
 * password it decrypts, one answer for every failed login.
 */

/** /anon/tenant/info: the tenant of a link's code, else of the browser's last sign-in. */
export const tenantInfo = body({ code: serviceChecked, id: keptRowId() });

/** /anon/passport/resetPassword: a new password (encrypted) for the account of a verified phone. */
export const passwordReset = body({
  phone: serviceChecked,
  code: serviceChecked,
  password: serviceChecked,
  keyId: serviceChecked,
  renantId: keptRowId(),
});

/** /anon/passport/register: a new tenant and its first admin, behind a verified phone. */
export const registration = body({
  tenantName: serviceChecked,
  userName: serviceChecked,
  nickname: serviceChecked,
  phone: serviceChecked,
  code: serviceChecked,
  password: serviceChecked,
  keyId: serviceChecked,
});

/** /anon/passport/login: account and password (encrypted under a single-use key), for the console's app. */
export const loginBody = body({ userName: serviceChecked, password: serviceChecked, keyId: serviceChecked, appName: serviceChecked });

/** /anon/passport/loginByUserToken: a link's userToken exchanged for a session of this browser. */
export const tokenLogin = body({ userToken: serviceChecked });
