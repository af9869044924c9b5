import { describe, expect, it } from 'vitest';
import { en, zhCN } from '../../src/i18n/messages.ts';
import { readLanguage } from '../../src/i18n/use-t.ts';

describe('shell texts', () => {
  it('has every text in both languages, with the same placeholders', () => {
    for (const key of Object.keys(zhCN) as Array<keyof typeof zhCN>) {
      expect(en[key], key).toBeTruthy();
      const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(vars(en[key]), key).toEqual(vars(zhCN[key]));
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

  it('defaults to zh-cn for anything stored but en and zh-cn', () => {
    expect([readLanguage(null), readLanguage('fr'), readLanguage('en'), readLanguage('zh-cn')]).toEqual(['zh-cn', 'zh-cn', 'en', 'zh-cn']);
  });
});
