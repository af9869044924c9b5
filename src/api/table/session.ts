import * as v from 'valibot';
import { answers, defineCall, id, query } from './define.ts';
import {
  anonSmsSend,
  bindPhone,
  loginBody,
  noBody,
  passwordReset,
  pinyinLabels,
  registration,
  settingType,
  smsSend,
  tenantInfo,
  tokenLogin,
} from '../schema/session/session.ts';
import { profile } from '../schema/session/profile.ts';
import { passwordChangeBody } from '../schema/session/password.ts';

const OK = v.literal('ok');

/** The user's roles as the console's language names them, comma-separated as SPEC's roleName is. */
export const roleNameIn = (info: { roleName: string; roleNameEn?: string }, language: 'zh-cn' | 'en'): string =>
  language === 'en' && info.roleNameEn ? info.roleNameEn : info.roleName;

/** A department as the user info lists it. */
const departRef = v.object({ id: id(), departName: v.string() });
const mallInfo = v.object({ id: id(), name: v.string() });

/** User info plus the session values the shell reads (/vue/userInfo). */
export const userInfo = v.object({
  id: id(),
  userName: v.string(),
  headimgurl: v.string(),
  nickname: v.string(),
  roleName: v.string(),
  /** the same roles' English names, a role without one by its name (ours: the console shows it in English) */
  roleNameEn: v.optional(v.string()),
  appidList: v.array(v.string()),
  phone: v.string(),
  type: v.number(),
  userType: v.picklist([0, 1, 2]),
  tenantId: id(),
  mallId: v.nullable(id()),
  defaultMallId: v.nullable(id()),
  storeId: v.nullable(id()),
  mallInfo: v.nullable(mallInfo),
  defaultMallInfo: v.nullable(mallInfo),
  campList: v.array(v.unknown()),
  departmentPermission: v.array(id()),
  allDepartList: v.array(departRef),
  /** the public id of this login (the online-user list marks it; force logout names it) */
  sessionId: v.optional(v.string()),
  /** the tenant's name and the store's, for people (ours; a backend without them shows the ids) */
  tenantName: v.optional(v.string()),
  storeName: v.optional(v.nullable(v.string())),
  /** the password was chosen or seen by someone else: it must be changed before anything else (ours) */
  mustChangePassword: v.optional(v.boolean()),
});

/** A menu node as /permission/treeMenu4VUE returns it. */
export interface MenuNode {
  id?: number | null;
  name?: string;
  /** the English name, shown when the console is in English (ours; absent: the name) */
  nameEn?: string;
  path?: string;
  /** A JSON string holding { icon, name, hidden }. */
  icon?: string;
  children?: MenuNode[];
  /** 2 means a button, not a page. */
  uriType?: number;
  needButtonPermission?: boolean;
  component?: string;
  /** The button code of a type-2 entry (e.g. 'user:add'). */
  code?: string;
}
export type UserInfo = v.InferOutput<typeof userInfo>;

const menuNode: v.GenericSchema<MenuNode> = v.object({
  id: v.optional(v.nullable(v.number())),
  name: v.optional(v.string()),
  nameEn: v.optional(v.string()),
  path: v.optional(v.string()),
  icon: v.optional(v.string()),
  children: v.optional(v.array(v.lazy(() => menuNode))),
  uriType: v.optional(v.number()),
  needButtonPermission: v.optional(v.boolean()),
  component: v.optional(v.string()),
  code: v.optional(v.string()),
});

/** The calls every signed-in session makes: the shell's own (SPEC 4's boot, the token, logout, settings). */
export const shellApi = {
  userInfo: defineCall({
    path: '/vue/userInfo',
    owner: 'session',
    input: noBody,
    // seconds left in tokenExpire
    answer: v.object({ result: OK, values: userInfo, tokenExpire: v.optional(v.number()) }),
  }),
  /** must answer ok before the menu is asked for */
  initUserPermission: defineCall({ path: '/v1/userRole/initUserPermission', owner: 'session', input: noBody, answer: answers.done() }),
  /** the menu tree in `result`, as SPEC has it */
  menuTree: defineCall({
    path: '/permission/treeMenu4VUE',
    owner: 'session',
    input: noBody,
    answer: v.object({ result: v.array(menuNode) }),
  }),
  /** a new access token in values and its deadline (epoch ms) */
  accessToken: defineCall({
    path: '/anon/vue/token',
    owner: 'session',
    input: noBody,
    answer: v.object({ result: OK, values: v.string(), deadline: v.number() }),
  }),
  /** answers `{ data: 200 }` on success */
  logout: defineCall({ path: '/anon/vue/logout', owner: 'session', input: noBody, answer: v.object({ data: v.number() }) }),
  /** pinyin and initials of labels (the palette's search), aligned with the labels */
  pinyin: defineCall({
    path: '/v1/menu/pinyin',
    owner: 'session',
    input: pinyinLabels,
    answer: answers.values(v.object({ full: v.array(v.array(v.string())), initials: v.array(v.array(v.string())) })),
  }),
  /** settings by type: params is a JSON string */
  settings: defineCall({
    path: '/v1/systemSetting/getByType',
    owner: 'session',
    input: settingType,
    answer: answers.values(v.object({ params: v.optional(v.string()) })),
  }),
  /** whether phones are shown masked to this tenant (the privacy switch) */
  privacy: defineCall({ path: '/v1/systemSetting/getIsPrivacy', owner: 'session', input: noBody, answer: answers.values(v.boolean()) }),
};

/** Captcha, SMS codes and binding a phone. */
export const smsApi = {
  /** an SVG image with 4 characters, single use, for 5 minutes */
  captcha: defineCall({
    method: 'GET',
    path: '/v1/anon/user/create/verifyCode',
    owner: 'anonymous',
    input: query({ uuid: v.optional(v.string()) }),
    answer: answers.notJson(),
  }),
  /** values 'sent', or '' with errmsg */
  send: defineCall({ path: '/v2/sms/sendSMS', owner: 'shell', input: smsSend, answer: answers.values(v.string()) }),
  /** the public pages' send; the client adds the tenant as renantId */
  sendAnonymous: defineCall({ path: '/anon/sms/sendSMS', owner: 'anonymous', input: anonSmsSend, answer: answers.values(v.string()) }),
  /** a free phone is bound (values ''); another account's phone answers 'switch' with a single-use login ticket */
  bindPhone: defineCall({
    path: '/v1/third/bindPhone',
    owner: 'shell',
    input: bindPhone,
    answer: v.object({
      result: OK,
      values: v.string(),
      userInfo: v.optional(v.object({ userName: v.string(), password: v.string() })),
    }),
  }),
  /** demo mode, callers on this machine only: the last SMS code of a phone or the text of a captcha */
  outbox: defineCall({
    method: 'GET',
    path: '/anon/dev/outbox',
    owner: 'anonymous',
    input: query({ phone: v.optional(v.string()), uuid: v.optional(v.string()) }),
    answer: answers.values(v.object({ smsCode: v.optional(v.string()), captcha: v.optional(v.string()) })),
  }),
};

/** 用户中心: the signed-in user's own account. */
export const userCenterApi = {
  /** one's own nickname and avatar (个人信息); refusals name the field */
  updateProfile: defineCall({ path: '/v1/user/updateInfo', owner: 'shell', input: profile, answer: answers.done() }),
  /**
   * one's own password (修改密码): both encrypted under one single-use key; refusals name oldPassword or password. Open to
   * a session that must change its initial password, whatever it holds.
   */
  updatePassword: defineCall({
    path: '/v1/user/updatePassword',
    owner: { pages: ['user-center/set-password'], initialPassword: true },
    input: passwordChangeBody,
    answer: answers.values(v.object({ endedSessions: v.number() })),
  }),
};

/** The public pages' calls: keys, login, register, find password, the tenant a link names. */
export const passportApi = {
  /** a single-use AES-256 key (base64) for one encrypted password, for 5 minutes */
  aesKey: defineCall({
    path: '/anon/passport/aesKey',
    owner: 'anonymous',
    input: noBody,
    answer: answers.values(v.object({ keyId: v.string(), key: v.string() })),
  }),
  /** the new user token */
  login: defineCall({ path: '/anon/passport/login', owner: 'anonymous', input: loginBody, answer: answers.values(v.string()) }),
  /** a link's userToken exchanged for a session of this browser; answers in `data`, refusals too */
  loginByUserToken: defineCall({
    path: '/anon/passport/loginByUserToken',
    owner: 'anonymous',
    input: tokenLogin,
    answer: v.object({ data: v.object({ result: v.number(), values: v.optional(v.string()), errmsg: v.optional(v.string()) }) }),
  }),
  /** the tenant the public pages work in: by a link's code, else the deployment's default */
  tenantInfo: defineCall({
    path: '/anon/tenant/info',
    owner: 'anonymous',
    input: tenantInfo,
    answer: answers.values(v.object({ id: id(), name: v.string(), code: v.string() })),
  }),
  /** a new password for the account of a verified phone; several tenants: refused with values.tenants to choose from */
  resetPassword: defineCall({ path: '/anon/passport/resetPassword', owner: 'anonymous', input: passwordReset, answer: answers.done() }),
  /** a new tenant with its first administrator (self-service, when the server allows it) */
  register: defineCall({
    path: '/anon/passport/register',
    owner: 'anonymous',
    input: registration,
    answer: answers.values(v.object({ tenantId: id(), userName: v.string() })),
  }),
};
