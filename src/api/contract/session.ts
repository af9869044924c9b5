/**
 * Signing in and the session's shapes: keys, the login body, tokens, the password policy, login failures.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */

export interface DepartRef {
  id: number;
  departName: string;
}

export interface MallInfo {
  id: number;
  name: string;
}

export interface AesKey {
  keyId: string;
  /** base64 of a 32-byte AES-256 key */
  key: string;
}

export interface LoginBody {
  userName: string;
  /** base64 of IV (12 bytes) + AES-GCM ciphertext and tag */
  password: string;
  keyId: string;
  appName: 'SCRM';
}

export interface AccessTokenValues {
  values: string;
  /** epoch milliseconds */
  deadline: number;
}

/** /anon/vue/logout and /anon/passport/loginByUserToken answer in `data`. */
export interface LogoutAnswer {
  data: number | { result: number; values?: string; errmsg?: string };
}

/** Application name sent with every login. */
export const APP_NAME = 'SCRM';

/**
 * The password policy, one rule for the client's form and the server's check: 8 to 32 characters with letters
 * and digits. Returns the message for the user, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  return password.length < 8 || password.length > 32 || !/[A-Za-z]/.test(password) || !/\d/.test(password)
    ? '密码须为 8-32 位，且同时包含字母和数字'
    : null;
}

/** Why a sign-in failed, as the login log keeps it, and as the log page says it. */
export const LOGIN_FAILURES = {
  wrong_password: '密码错误',
  unknown_account: '账号不存在',
  account_disabled: '账号已停用',
  tenant_inactive: '企业已停用或已到期',
  locked: '尝试过多，已锁定',
  bad_key: '加密密钥无效或已使用',
  link_invalid: '登录链接无效或已使用',
} as const;
export type LoginFailure = keyof typeof LOGIN_FAILURES;
