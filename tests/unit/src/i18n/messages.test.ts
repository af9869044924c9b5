import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zhPublic } from '@/i18n/messages.ts';
import { zhSignedIn } from '@/i18n/messages-zh.ts';
import { en } from '@/i18n/messages-en.ts';
import { readLanguage } from '@/i18n/messages.ts';
import { fill } from '@/i18n/use-t.ts';
import { reachedFiles } from '@tests/support/imports.ts';

const zhCN = { ...zhPublic, ...zhSignedIn };

/**
 * The source files the console runs before the signed-in shell's chunk: what main.tsx imports, followed through
 * static imports and the lazy imports of the public screens (not the shell's chunk, whose texts come with it).
 */
const publicFiles = () =>
  reachedFiles('src/app/main.tsx', { lazy: true, skip: /signed-in\.tsx$|messages-(zh|en)\.ts$|client-messages\.ts$/ });

describe('shell texts', () => {
  it('has every text the public screens show in the login route (messages.ts), each text in one part only', () => {
    const files = publicFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'src/shell/public/login-form.tsx',
        'src/shell/public/account-pages.tsx',
        'src/shell/layout/status-screens.tsx',
      ]),
    );
    const asked = new Map<string, string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      if (!/\buseT\(\)/.test(source)) continue;
      for (const m of source.matchAll(/\bt\(\s*'(\w+)'/g)) asked.set(m[1], file);
    }
    expect(asked.size).toBeGreaterThan(20);
    const missing = [...asked].filter(([key]) => !(key in zhPublic)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
    // The login form's slogan is a key by deployment.
    expect(['sloganDefault', 'sloganBi'].filter((k) => !(k in zhPublic))).toEqual([]);
    expect(Object.keys(zhPublic).filter((k) => k in zhSignedIn)).toEqual([]);
  });

  it('has every text in both languages, with the same placeholders', () => {
    for (const key of Object.keys(zhCN) as Array<keyof typeof zhCN>) {
      expect(en[key], key).toBeTruthy();
      const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(vars(en[key]), key).toEqual(vars(zhCN[key]));
    }
  });

  it('says a count’s word by English’s plural rule, each choice on a variable of its text', () => {
    expect(fill(en.userCount, { count: 1 })).toBe('1 user');
    expect(fill(en.userCount, { count: 0 })).toBe('0 users');
    expect(fill(en.campaignMissing, { count: 2 })).toBe('2 steps are not complete:');
    expect(fill(en.campaignMissing, { count: 1 })).toBe('1 step is not complete:');
    expect(fill('{n|a|b} {m}', {})).toBe('{n|a|b} {m}');
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      const named = [...en[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [, name] of en[key].matchAll(/\{(\w+)\|[^|{}]*\|[^|{}]*\}/g)) expect(named, key).toContain(name);
    }
  });

  it('keeps the SPEC texts exact in zh-cn', () => {
    expect([zhCN.quickSearch, zhCN.quickSearchHint, zhCN.quickSearchPlaceholder, zhCN.alreadyHere]).toEqual([
      '快捷搜索',
      '键入搜索菜单',
      '试试搜索：管理',
      '当前已在此页面',
    ]);
    expect([zhCN.onlineUsers, zhCN.confirmForceLogout, zhCN.prompt, zhCN.confirm, zhCN.cancel, zhCN.autoLogout, zhCN.sendSms]).toEqual([
      '当前登录用户',
      '确定强制退出该用户吗？',
      '提示',
      '确定',
      '取消',
      '后自动退出',
      '发送短信验证码',
    ]);
  });

  it('en has no Chinese but the switch back to Chinese, and no Chinese punctuation', () => {
    const cjk = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    const chinese = Object.entries(en).filter(([key, text]) => key !== 'switchLanguage' && cjk.test(text));
    expect(chinese).toEqual([]);
  });

  it('every message the console makes has its English (SPEC 8 catalogue, machines, field rules)', async () => {
    const { englishOf } = await import('@/i18n/client-messages.ts');
    const { MESSAGES } = await import('@/api/errors.ts');
    const { BIND_MESSAGES } = await import('@machines/bind-phone.machine.ts');
    const { SMS_FAILED, SMS_SENT } = await import('@machines/sms-button.machine.ts');
    const { LOGOUT_REFUSED } = await import('@machines/logout.machine.ts');
    const { DEFAULT_LOADING_TEXT } = await import('@machines/loading.machine.ts');
    const { SESSION_ENDED } = await import('@machines/session.machine.ts');
    const { ACCOUNT_RULE_MESSAGE } = await import('@/api/contract/users.ts');
    const { passwordProblem } = await import('@/api/contract/session.ts');
    const { fieldProblems } = await import('@/api/schema/kit.ts');
    const { userForm } = await import('@/api/schema/system/user.ts');
    const userFieldProblems = (input: Record<string, unknown>, isNew: boolean) => fieldProblems(userForm(isNew), input);
    const { PAGE_REVOKED } = await import('@/app/session-logic.ts');
    const made = [
      ...Object.values(MESSAGES).flatMap((m) => (typeof m === 'string' && m !== MESSAGES.departSuffix ? [m] : [])),
      MESSAGES.networkStatus(502),
      `华东大区${MESSAGES.departSuffix}`,
      ...Object.values(BIND_MESSAGES),
      SMS_FAILED,
      SMS_SENT,
      LOGOUT_REFUSED,
      DEFAULT_LOADING_TEXT,
      SESSION_ENDED,
      ACCOUNT_RULE_MESSAGE,
      PAGE_REVOKED,
      passwordProblem('short')!,
      ...Object.values(userFieldProblems({ userName: '', nickname: '', phone: '12', userType: 9, departIds: [], roleIds: [] }, true)),
      ...Object.values(userFieldProblems({ nickname: 'x'.repeat(40), phone: '', userType: 1, departIds: [1], roleIds: [] }, false)),
      ...Object.values(userFieldProblems({ nickname: '<script>', phone: '', userType: 1, departIds: [1], roleIds: [] }, false)),
    ];
    expect(made.length).toBeGreaterThan(25);
    const cjk = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    const untranslated = made.filter((m) => cjk.test(englishOf(m).replace('华东大区', '')));
    expect(untranslated).toEqual([]);
    // A server's message is shown as it came.
    expect(englishOf('该账号已被使用')).toBe('该账号已被使用');
  });

  it('a rule’s Chinese says one thing in English: the console and the server translate the words, not the rule', async () => {
    const { RULE_MESSAGES } = await import('@/api/schema/messages.ts');
    const { RULE_MESSAGES_EN } = await import('@/i18n/rule-messages-en.ts');
    const { englishOf } = await import('@/i18n/client-messages.ts');
    const english = new Map<string, Set<string>>();
    for (const [key, zh] of Object.entries(RULE_MESSAGES))
      english.set(zh, (english.get(zh) ?? new Set()).add(RULE_MESSAGES_EN[key as keyof typeof RULE_MESSAGES]));
    expect([...english].filter(([, ens]) => ens.size > 1).map(([zh, ens]) => [zh, [...ens]])).toEqual([]);
    // the console says a rule's message in the rule's own English (SPEC's phone message is also the bind dialog's)
    for (const key of ['nameRequired', 'metaLabel', 'staffPhone', 'userPhone'] as const)
      expect([key, englishOf(RULE_MESSAGES[key])]).toEqual([key, RULE_MESSAGES_EN[key]]);
  });

  it('defaults to zh-cn for anything stored but en and zh-cn', () => {
    expect([readLanguage(null, []), readLanguage('fr', []), readLanguage('en', []), readLanguage('zh-cn', [])]).toEqual([
      'zh-cn',
      'zh-cn',
      'en',
      'zh-cn',
    ]);
    // Until a language is picked, the browser's first preference: English or Chinese; any other, the default.
    expect(readLanguage(null, ['en-US', 'zh-CN'])).toBe('en');
    expect(readLanguage(null, ['zh-CN', 'en'])).toBe('zh-cn');
    expect(readLanguage(null, ['de-DE', 'en'])).toBe('zh-cn');
    expect(readLanguage('zh-cn', ['en-US'])).toBe('zh-cn');
  });
});
