import { BIND_MESSAGES } from '@machines/bind-phone.machine.ts';
import { SMS_FAILED, SMS_SENT } from '@machines/sms-button.machine.ts';
import { LOGOUT_REFUSED } from '@machines/logout.machine.ts';
import { DEFAULT_LOADING_TEXT } from '@machines/loading.machine.ts';
import { ACCOUNT_RULE_MESSAGE } from '@/api/contract/users.ts';
import { MESSAGES } from '@/api/errors.ts';
import { RULES_EXACT, RULES_PATTERNS } from './rule-messages-en.ts';
import { CAMPAIGN_PATTERNS_EN, CAMPAIGN_WORDS_EN } from './campaign-words-en.ts';

/**
 * The messages the console itself makes (the spec's catalogue, the machines' SPEC texts, the shared field rules) are
 * Chinese constants, as SPEC writes them; this is their English, used when the user chose English. Messages the
 * server sends are shown as they came.
 */
const EXACT: Readonly<Record<string, string>> = {
  [MESSAGES.expired]: 'Your session has ended. Please log in again.',
  [MESSAGES.forced]: 'An administrator signed you out.',
  [MESSAGES.forbidden]: 'You do not have permission for this operation.',
  [MESSAGES.unknown]: 'Unknown error. Please try again.',
  [MESSAGES.busy]: 'The network is busy. Refresh and try again!',
  [MESSAGES.networkNoStatus]: 'Network error. Check your connection and try again.',
  [BIND_MESSAGES.phoneRequired]: 'The phone number is required',
  [BIND_MESSAGES.phoneFormat]: 'Enter a valid phone number',
  [BIND_MESSAGES.bindNeeds]: 'Enter the phone number and the code',
  [BIND_MESSAGES.smsNeedsPhone]: 'Enter a valid phone number first',
  [BIND_MESSAGES.bound]: 'Phone bound',
  [SMS_SENT]: 'Code sent',
  [SMS_FAILED]: 'The SMS could not be sent',
  [LOGOUT_REFUSED]: 'Logout failed. Please try again.',
  [DEFAULT_LOADING_TEXT]: 'Loading...',
  [ACCOUNT_RULE_MESSAGE]: 'The account is 4-32 letters, digits or underscores, starting with a letter',
  账号不能为空: 'The account is required',
  昵称不能为空: 'The nickname is required',
  '昵称不能超过 32 个字': 'The nickname is at most 32 characters',
  '昵称不能包含 script、img 或 iframe 标签': 'The nickname may not contain script, img or iframe tags',
  请选择用户类型: 'Choose a user type',
  请至少选择一个部门: 'Choose at least one department',
  '您的权限已变更，当前页面已不可用，已返回首页':
    'Your permissions changed and this page is no longer yours; you are back on the home page',
  '已切换账户，请刷新页面': 'Another account signed in. Please reload the page.',
  '表格组件加载失败，请重新加载页面': 'The spreadsheet component failed to load. Reload the page.',
  '表格组件加载失败，请检查网络后重试': 'The spreadsheet component failed to load. Check your connection and try again.',
  // the login log's failure reasons (LOGIN_FAILURES)
  密码错误: 'Wrong password',
  账号不存在: 'No such account',
  账号已停用: 'Account disabled',
  企业已停用或已到期: 'Organisation disabled or expired',
  '尝试过多，已锁定': 'Locked after too many tries',
  加密密钥无效或已使用: 'Encryption key invalid or spent',
  登录链接无效或已使用: 'Sign-in link invalid or spent',
  // the tasks page's rules (the test SMS job's tenant, checked on the server)
  租户不存在: 'No such tenant',
  // the platform pages' shared field rules (src/api/contract/platform.ts)
  请选择字段类型: 'Choose a type',
  枚举至少要有一个选项: 'Give at least one option',
  每个选项都要有值和名称: 'Every option needs a value and a label',
  选项的值不能重复: 'Option values must differ',
  请选择引用的表: 'Choose the referenced table',
  引用字段不能有默认值: 'A reference has no default',
  默认值与字段类型不符: 'The default does not fit the type',
  '浏览器不支持安全加密，请通过 HTTPS 或 localhost 访问': 'This browser cannot encrypt here: open the console over HTTPS or localhost',
  // the event journal's import
  '不是 JSON 文件': 'Not a JSON file',
  不是事件日志文件: 'Not an event journal file',
  事件日志的条目格式不正确: 'The journal’s entries are not in the expected format',
  ...CAMPAIGN_WORDS_EN,
};

const PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^状态码 (\d+) 网络异常$/, (m) => `Network error (status ${m[1]})`],
  [new RegExp(`^(.+)${MESSAGES.departSuffix}$`), (m) => `No data access to ${m[1]}. Log out and log in again.`],
  ...CAMPAIGN_PATTERNS_EN,
];

/** The English of a message the console made, or the message itself (a server's, or one already English). */
export function englishOf(message: string): string {
  const exact = EXACT[message] ?? RULES_EXACT.get(message);
  if (exact) return exact;
  for (const [re, to] of [...PATTERNS, ...RULES_PATTERNS]) {
    const m = re.exec(message);
    if (m) return to(m);
  }
  return message;
}
