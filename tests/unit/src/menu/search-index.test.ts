import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { pinyinOf } from '@/menu/pinyin.ts';
import { buildSearchIndex, labelMatches, pageEntries, searchIndex, type SearchEntry } from '@/menu/search-index.ts';
import { MENU } from '@tests/support/menus.ts';
import { isButtonPermitted, isDangerCode, mayOpenJournal } from '@/menu/button-permission.ts';

const entry = (label: string, trail: string[] = []): SearchEntry => ({ id: label, label, trail });
const labelsOf = (r: { items: SearchEntry[] }) => r.items.map((e) => e.label);

describe('search index', () => {
  // built before each test, not while the file is collected: mutation testing activates a mutant per test
  const build = () => {
    const model = buildMenuModel(MENU);
    return { model, index: buildSearchIndex(pageEntries(model), pinyinOf) };
  };
  let built = null as unknown as ReturnType<typeof build>;
  beforeEach(() => void (built = build()));
  const find = (q: string) => labelsOf(searchIndex(built.index, q));

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

  it('puts the label that is the whole query first', () => {
    expect(find('用户管理')).toEqual(['用户管理']);
    expect(searchIndex(built.index, '用户管理').ranks).toEqual([0]);
    expect(searchIndex(built.index, '用户').ranks).toEqual([1]);
  });

  it('matches the parent path after the label, and every word of the query', () => {
    expect(find('系统管理')).toEqual(['用户管理', '角色管理', 'User Login Log']);
    expect(find('系统 yh')).toEqual(['用户管理']);
    expect(find('系统 nothing')).toEqual([]);
  });

  it('never shows hidden entries or buttons', () => {
    const all = labelsOf(searchIndex(built.index, '', 1000));
    expect(all).not.toContain('活动编辑');
    expect(all).not.toContain('新增');
    expect(find('活动编辑')).toEqual([]);
    expect(find('新增')).toEqual([]);
    expect(find('user:add')).toEqual([]);
  });

  it('lists preferred (recent) entries first for an empty query, ignoring ids that are gone', () => {
    const ids = pageEntries(built.model).map((e) => e.id);
    const r = searchIndex(built.index, '  ', 3, [ids[3], 'page:/gone', ids[1]]);
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

describe('pinyin of a label', () => {
  it('gives syllables without tones (ü as v) and initials, keeping a non-Chinese run whole', () => {
    expect(pinyinOf('绿色 Admin')).toEqual({ full: ['lv', 'se', ' Admin'], initials: ['l', 's', ' Admin'] });
    expect(pinyinOf('用户管理')).toEqual({ full: ['yong', 'hu', 'guan', 'li'], initials: ['y', 'h', 'g', 'l'] });
  });
});

describe('search index against the rules written plainly', () => {
  /** The ranking rule as one readable function: label prefix, label, pinyin/initials prefix, pinyin/initials, trail. */
  const rank = (e: SearchEntry, pinyin: { full: string; initials: string } | null, term: string): number => {
    const label = e.label.toLowerCase();
    if (label.startsWith(term)) return 0;
    if (label.includes(term)) return 1;
    if (pinyin && (pinyin.full.startsWith(term) || pinyin.initials.startsWith(term))) return 2;
    if (pinyin && (pinyin.full.includes(term) || pinyin.initials.includes(term))) return 3;
    if (e.trail.join(' / ').toLowerCase().includes(term)) return 4;
    return -1;
  };
  const syllables = ['yong', 'hu', 'guan', 'li', 'jiao', 'se'];
  const han = ['用', '户', '管', '理', '角', '色'];
  /** a fake pinyin: each of six characters its syllable, other characters themselves */
  const fakePinyin = (label: string) => {
    const chars = [...label];
    return {
      full: chars.map((c) => (han.includes(c) ? syllables[han.indexOf(c)] : c)),
      initials: chars.map((c) => (han.includes(c) ? syllables[han.indexOf(c)][0] : c)),
    };
  };
  const text = fc.array(fc.constantFrom(...han, 'a', 'B', 'g', 'l', ' ', '/', 'x'), { maxLength: 6 }).map((cs) => cs.join(''));

  it('answers exactly the matching entries, best rank first, in menu order within a rank, capped at the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ label: text, trail: fc.array(text, { maxLength: 2 }) }), { maxLength: 30 }),
        fc.array(fc.constantFrom('yong', 'yh', 'gl', 'a', 'b', 'G', '管', '理 角', 'x /', 'se', 'hu', 'l'), { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 8 }),
        (raw, words, limit) => {
          const entries = raw.map((r, i) => ({ id: `e${i}`, label: r.label, trail: r.trail }));
          const index = buildSearchIndex(entries, fakePinyin);
          const query = words.join(' ');
          const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
          const pinyinFor = (e: SearchEntry) => {
            if (!/[用户管理角色]/.test(e.label)) return null;
            const p = fakePinyin(e.label);
            const squash = (xs: string[]) => xs.join('').toLowerCase().replace(/\s+/g, '');
            return { full: squash(p.full), initials: squash(p.initials) };
          };
          // The label that is the whole query comes first of all (issue 45), then the ranks above, one lower each.
          const exact = (e: SearchEntry) => e.label.toLowerCase() === terms.join(' ');
          const matched = entries
            .map((e) => ({ e, r: rank(e, pinyinFor(e), terms[0]) }))
            .filter(({ e, r }) => r >= 0 && terms.slice(1).every((t) => rank(e, pinyinFor(e), t) >= 0))
            .map(({ e, r }) => ({ e, r: r === 0 && exact(e) ? 0 : r + 1 }));
          const best = [...matched].sort((a, b) => a.r - b.r);
          const got = searchIndex(index, query, limit);
          expect(got.total).toBe(matched.length);
          expect(got.items.map((e) => e.id)).toEqual(best.slice(0, limit).map(({ e }) => e.id));
          expect(got.ranks).toEqual(best.slice(0, limit).map(({ r }) => r));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lists every entry for an empty query: the preferred first in their order, then the menu order, up to the limit', () => {
    const entries = ['a', 'b', 'c', 'd'].map((id) => entry(id));
    const index = buildSearchIndex(entries);
    expect(searchIndex(index, '', 3, ['c', 'a']).items.map((e) => e.id)).toEqual(['c', 'a', 'b']);
    expect(searchIndex(index, '', 1, ['c', 'a']).items.map((e) => e.id)).toEqual(['c']);
    expect(searchIndex(index, '', 10).items.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(searchIndex(index, '', 10, ['d', 'd']).items.map((e) => e.id)).toEqual(['d', 'd', 'a', 'b', 'c']);
  });

  it('builds the flat strings it searches: lowercase label, pinyin only for Han labels, the trail joined by /', () => {
    const index = buildSearchIndex([entry('用户 Admin', ['系统', 'Sub']), entry('Plain')], fakePinyin);
    expect(index.labels).toEqual(['用户 admin', 'plain']);
    expect(index.pinyin).toEqual(['yonghuadmin', '']);
    expect(index.initials).toEqual(['yhadmin', '']);
    expect(index.trails).toEqual(['系统 / sub', '']);
    expect(index.haystack).toBe('用户 admin\u0001yonghuadmin\u0001yhadmin\u0001系统 / sub\u0002plain\u0001\u0001\u0001\u0002');
    expect([...index.starts]).toEqual([0, 38, 47]);
    expect(buildSearchIndex([entry('用户')]).pinyin).toEqual(['']);
  });

  it('lists the visible pages with their trail for search', () => {
    const model = buildMenuModel(MENU);
    expect(pageEntries(model).find((e) => e.label === '用户管理')).toEqual({
      id: 'page:/manage/users',
      label: '用户管理',
      trail: ['系统管理'],
      path: '/manage/users',
      name: 'users',
    });
    expect(labelMatches('User Log', '  log ')).toBe(true);
    expect(labelMatches('User Log', 'logs')).toBe(false);
  });
});

describe('button permission', () => {
  const route = (path: string) => buildMenuModel(MENU).routes.find((r) => r.path === path)!;

  it('allows a code only when the route lists it, if the route asks for button permission', () => {
    expect(isButtonPermitted(route('/manage/users'), 'user:add')).toBe(true);
    expect(isButtonPermitted(route('/manage/users'), 'user:import')).toBe(false);
    expect(isButtonPermitted(route('/manage/roles'), 'anything')).toBe(true);
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
