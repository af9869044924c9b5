/**
 * Shell texts in both languages. zh-cn is the product's language (SPEC); en mirrors it (messages-en.ts).
 *
 * zh-cn comes in two parts, so the login route carries only what it shows: the public screens' texts
 * here (login, register, find password, the boot and failure screens), and the signed-in shell's and pages' texts
 * in messages-zh.ts, a chunk loaded with the shell (app/load-signed-in.ts). tests/unit/src/i18n/messages.test.ts checks that
 * every text the public screens ask for is here.
 */
export const zhPublic = {
  appTitle: 'SCRM 管理后台',
  sloganDefault: '经营会员 实现增长',
  sloganBi: '洞察商业 实现增长',
  logout: '退出登录',
  login: '登录',
  loggingIn: '登录中…',
  account: '账号',
  password: '密码',
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  register: '注册账号',
  findPassword: '忘记密码',
  backToLogin: '返回登录',
  loading: '加载中...',
  loadFailed: '加载失败',
  loadFailedHint: '用户信息或菜单未能加载，请重试。',
  retry: '重试',
  phone: '手机号',
  newPassword: '新密码',
  passwordAgain: '确认新密码',
  passwordRule: '8-32 位，同时包含字母和数字',
  initialPasswordTitle: '修改初始密码',
  initialPasswordHint: '{name}，您的密码是管理员设置的，别人也知道。请先换成只有您知道的新密码，再进入系统。',
  initialPasswordOld: '初始密码',
  passwordChanged: '密码已修改',
  oldPassword: '原密码',
  confirmNewPassword: '确认新密码',
  operating: '正在操作中，请稍候...',
  save: '保存',
  passwordMismatch: '两次输入的密码不一致',
  passwordReset: '密码已重置，请使用新密码登录',
  resetPassword: '重置密码',
  registered: '注册成功，请登录',
  registerFieldsRequired: '请填写企业名称、账号和姓名',
  tenantName: '企业名称',
  realName: '姓名',
  accountRule: '4-32 位字母、数字或下划线，以字母开头',
  captcha: '图形验证码',
  captchaRefresh: '看不清？点击刷新',
  smsCode: '短信验证码',
  sendSms: '发送短信验证码',
  smsResendIn: '{count} 秒后重新发送',
  tenantOfPage: '企业：{name}',
  chooseTenant: '选择企业',
} as const;

type SignedInTexts = typeof import('./messages-zh.ts').zhSignedIn;
export type MessageKey = keyof typeof zhPublic | keyof SignedInTexts;

export type Language = 'zh-cn' | 'en';
export const DEFAULT_LANGUAGE: Language = 'zh-cn';
/**
 * The console's language: the one the user picked (stored), else the browser's first preference while they have
 * picked none (issue 45: an English browser got Chinese on its first visit), else the default, zh-cn. The API client
 * sends it with every call (src/api/client.ts), so the server refuses in it too.
 * @example readLanguage(null, ['en-US', 'zh-CN']) // 'en'
 */
export function readLanguage(stored: string | null, browser: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  if (stored === 'en' || stored === 'zh-cn') return stored;
  return browser[0]?.toLowerCase().startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

/**
 * The loaded dictionaries. zh-cn, the product's language, is always here with its public texts, and its signed-in
 * texts once the shell has loaded them (loadSignedInTexts); en is its own chunk (messages-en.ts), whole, loaded
 * before the console shows English (main.tsx at start, the language switch after).
 */
export const dictionaries: Partial<Record<Language, Partial<Record<MessageKey, string>>>> = { 'zh-cn': { ...zhPublic } };

/** The English of the console's own messages (client-messages.ts), loaded with the en texts. */
export const translators: { en?: (message: string) => string } = {};

/** Loads a language's texts (and, for en, the English of the console's own messages); resolves when ready. */
export async function loadDictionary(language: Language): Promise<void> {
  if (language !== 'en' || dictionaries.en) return;
  const [{ en }, { englishOf }] = await Promise.all([import('./messages-en.ts'), import('./client-messages.ts')]);
  dictionaries.en = en satisfies Record<MessageKey, string>;
  translators.en = englishOf;
}

/** Adds the signed-in shell's zh-cn texts (messages-zh.ts) to the dictionary; the shell's chunk waits for it. */
export async function loadSignedInTexts(): Promise<void> {
  const { zhSignedIn } = await import('./messages-zh.ts');
  Object.assign(dictionaries['zh-cn']!, zhSignedIn);
}
