import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MENU_ENTRY_FIELDS, menuEntryProblems, menuEntrySave } from '@/api/schema/system/menu.ts';
import { RULE_MESSAGES } from '@/api/schema/messages.ts';
import { RULE_MESSAGES_EN } from '@/i18n/rule-messages-en.ts';
import { zhSignedIn } from '@/i18n/messages-zh.ts';
import { en } from '@/i18n/messages-en.ts';

const page = {
  parentId: null,
  name: '会员',
  nameEn: '',
  path: '/member',
  icon: '',
  uriType: 1 as const,
  needButtonPermission: false,
  component: 'base-info/member',
  code: '',
};
const button = { ...page, parentId: 3, name: '新增', path: '', component: '', uriType: 2 as const, code: 'member:add' };

describe('a menu entry’s rules (the editor’s and the save’s, src/api/schema/system/menu.ts)', () => {
  it('let a well-formed page and button through, trimmed', () => {
    expect(menuEntryProblems(page)).toEqual({});
    expect(menuEntryProblems(button)).toEqual({});
    expect(v.parse(menuEntrySave, { ...page, name: ' 会员 ', path: ' /member ' })).toMatchObject({ name: '会员', path: '/member' });
  });

  it('say every broken field at once, each under its own, a page’s by a page’s rules', () => {
    expect(menuEntryProblems({ ...page, name: '', nameEn: 'x'.repeat(65), path: 'member', component: 'Base/Member', icon: '[1]' })).toEqual(
      {
        name: RULE_MESSAGES.nameRequired,
        nameEn: RULE_MESSAGES.nameEnMax,
        path: RULE_MESSAGES.menuPathRule,
        component: RULE_MESSAGES.menuComponentRule,
        icon: RULE_MESSAGES.menuIcon,
      },
    );
    expect(menuEntryProblems({ ...page, name: '名'.repeat(33), path: '' })).toEqual({
      name: RULE_MESSAGES.nameMax32,
      path: RULE_MESSAGES.menuPath,
    });
    for (const path of ['//evil.example', '/a b', '/a?b', '/a#b', 'http://x/a', `/${'a'.repeat(128)}`])
      expect([path, menuEntryProblems({ ...page, path }).path]).toEqual([path, RULE_MESSAGES.menuPathRule]);
    expect(menuEntryProblems({ ...page, icon: 'not json' }).icon).toBe(RULE_MESSAGES.menuIcon);
    expect(menuEntryProblems({ ...page, icon: '{"icon":"Home","hidden":true}' })).toEqual({});
  });

  it('hold a button to its code and nothing of a page’s', () => {
    expect(menuEntryProblems({ ...button, code: '' })).toEqual({ code: RULE_MESSAGES.menuCode });
    expect(menuEntryProblems({ ...button, code: 'member' })).toEqual({ code: RULE_MESSAGES.menuCodeRule });
    expect(menuEntryProblems({ ...button, code: `a:${'b'.repeat(63)}` })).toEqual({ code: RULE_MESSAGES.menuCodeRule });
    // a button has no path or component to check, a page no code
    expect(menuEntryProblems({ ...button, path: 'x', component: 'X' })).toEqual({});
    expect(menuEntryProblems({ ...page, code: 'not a code' })).toEqual({});
  });

  it('are named in both languages', () => {
    for (const key of ['menuCode', 'menuCodeRule', 'menuPath', 'menuPathRule', 'menuComponentRule', 'menuIcon'] as const)
      expect([key, RULE_MESSAGES_EN[key]]).toEqual([key, expect.any(String)]);
    for (const f of Object.values(MENU_ENTRY_FIELDS))
      expect([f.label, f.label in zhSignedIn, f.label in en]).toEqual([f.label, true, true]);
  });
});
