import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildMenuModel } from '../../src/menu/menu-model.ts';
import { pinyinOf } from '../../src/menu/pinyin.ts';
import { buildSearchIndex, labelMatches, pageEntries, searchIndex, type SearchEntry } from '../../src/menu/search-index.ts';
import { isButtonPermitted, isDangerCode, mayOpenJournal } from '../../src/menu/button-permission.ts';

const entry = (label: string, trail: string[] = []): SearchEntry => ({ id: label, label, trail });
const labelsOf = (r: { items: SearchEntry[] }) => r.items.map((e) => e.label);

const menu = [
  {
    id: 1,
    name: '系统管理',
    path: '/manage',
    children: [
      {
        id: 2,
        name: '用户管理',
        path: 'users',
        needButtonPermission: true,
        children: [
          { id: 3, name: '新增', code: 'user:add', uriType: 2 },
          { id: 4, name: '删除', code: 'user:del', uriType: 2 },
        ],
      },
      { id: 5, name: '角色管理', path: 'roles' },
      { id: 6, name: 'User Login Log', path: 'login-log' },
      { id: 7, name: '活动编辑', path: 'edit', icon: JSON.stringify({ hidden: true }) },
    ],
  },
  { id: 8, name: '会员管理', path: '/member', children: [{ id: 9, name: '会员等级', path: 'level' }] },
];

describe('search index', () => {
  const model = buildMenuModel(menu);
  const index = buildSearchIndex(pageEntries(model), pinyinOf);
  const find = (q: string) => labelsOf(searchIndex(index, q));

  it('matches labels case-insensitively, prefix matches first', () => {
    expect(find('USER')).toEqual(['User Login Log']);
    expect(find('log')).toEqual(['User Login Log']);
    expect(find('管理')).toEqual(['用户管理', '角色管理', 'User Login Log', '会员等级']);
    expect(find('会员')).toEqual(['会员等级']);
  });

  it('matches Chinese labels by full pinyin and by initials', () => {
    expect(find('yonghu')).toEqual(['用户管理']);
    expect(find('yhgl')).toEqual(['用户管理']);
    expect(find('YHGL')).toEqual(['用户管理']);
    expect(find('guanli')).toEqual(['用户管理', '角色管理']);
    expect(find('hydj')).toEqual(['会员等级']);
  });

  it('matches the parent path after the label, and every word of the query', () => {
    expect(find('系统管理')).toEqual(['用户管理', '角色管理', 'User Login Log']);
    expect(find('系统 yh')).toEqual(['用户管理']);
    expect(find('系统 nothing')).toEqual([]);
  });

  it('never shows hidden entries or buttons', () => {
    const all = labelsOf(searchIndex(index, '', 1000));
    expect(all).not.toContain('活动编辑');
    expect(all).not.toContain('新增');
    expect(find('活动编辑')).toEqual([]);
    expect(find('新增')).toEqual([]);
    expect(find('user:add')).toEqual([]);
  });

  it('lists preferred (recent) entries first for an empty query, ignoring ids that are gone', () => {
    const ids = pageEntries(model).map((e) => e.id);
    const r = searchIndex(index, '  ', 3, [ids[3], 'page:/gone', ids[1]]);
    expect(r.items.map((e) => e.id)).toEqual([ids[3], ids[1], ids[0]]);
    expect(r.total).toBe(ids.length);
  });

  it('caps the items and still counts every match', () => {
    const many = buildSearchIndex(
      Array.from({ length: 500 }, (_, i) => entry(`会员 ${i}`)),
      pinyinOf,
    );
    const r = searchIndex(many, 'hui', 50);
    expect(r.items).toHaveLength(50);
    expect(r.total).toBe(500);
  });

  it('finds every entry whose label contains the query, whatever the labels (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 40 }), fc.string({ minLength: 1, maxLength: 3 }), (labels, q) => {
        const entries = labels.map((l, i) => ({ id: String(i), label: l, trail: [] }));
        const r = searchIndex(buildSearchIndex(entries), q, 1000);
        const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
        const expected = entries.filter((e) => terms.every((t) => e.label.toLowerCase().includes(t)));
        if (terms.length === 0) return r.total === entries.length;
        return r.total === expected.length && new Set(r.items.map((e) => e.id)).size === expected.length;
      }),
    );
  });

  it('quick search matches a label by case-insensitive substring', () => {
    expect(labelMatches('系统管理 / User Login Log', 'user')).toBe(true);
    expect(labelMatches('系统管理 / 用户管理', 'USER')).toBe(false);
    expect(labelMatches('系统管理 / 用户管理', ' 管理 ')).toBe(true);
  });
});

describe('button permission', () => {
  const model = buildMenuModel(menu);
  const users = model.routes.find((r) => r.path === '/manage/users')!;
  const roles = model.routes.find((r) => r.path === '/manage/roles')!;

  it('allows a code only when the route lists it, if the route asks for button permission', () => {
    expect(isButtonPermitted(users, 'user:add')).toBe(true);
    expect(isButtonPermitted(users, 'user:import')).toBe(false);
    expect(isButtonPermitted(roles, 'anything')).toBe(true);
    expect(isButtonPermitted(undefined, 'anything')).toBe(true);
  });

  it('styles del, dele and delete segments as danger', () => {
    for (const c of ['user:del', 'member:delete', 'x-dele', 'DEL']) expect(isDangerCode(c)).toBe(true);
    for (const c of ['user:delay', 'model', 'user:add', 'deleted']) expect(isDangerCode(c)).toBe(false);
    expect(isDangerCode('role_DELE')).toBe(true); // any character but a letter or digit separates segments
    expect(isDangerCode('user.del2')).toBe(false);
    expect(isDangerCode('Role:Delete')).toBe(true);
  });

  it('opens the event journal only with journal:view on the 个人信息 page', () => {
    const route = (component: string, buttons: string[]) => ({ component, buttons }) as never;
    expect(mayOpenJournal({ routes: [route('manage/users', []), route('user-center/user-info', ['journal:view'])] })).toBe(true);
    expect(mayOpenJournal({ routes: [route('user-center/user-info', ['user:add'])] })).toBe(false);
    expect(mayOpenJournal({ routes: [route('manage/users', ['journal:view'])] })).toBe(false);
    expect(mayOpenJournal({ routes: [] })).toBe(false);
  });
});
