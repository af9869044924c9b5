// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFS,
  arrangeColumns,
  clampWidth,
  defaultPrefs,
  moved,
  parsePrefs,
  prefsKey,
  readPrefs,
  settingsOrder,
  writePrefs,
} from '@/kit/table/table-prefs.ts';

const cols = ['userName', 'nickname', 'phone', 'status', 'actions'].map((key) => ({ key }));
const keys = (list: Array<{ key: string }>) => list.map((c) => c.key);

describe('a table’s columns as the user arranged them', () => {
  it('keeps the declared order by default, the actions column last', () => {
    expect(keys(arrangeColumns(cols, DEFAULT_PREFS))).toEqual(['userName', 'nickname', 'phone', 'status', 'actions']);
  });

  it('puts placed columns first, the rest after in their declared order; hides hidden ones but never the actions', () => {
    const prefs = { order: ['status', 'userName'], hidden: ['phone', 'actions'] };
    expect(keys(arrangeColumns(cols, prefs))).toEqual(['status', 'userName', 'nickname', 'actions']);
  });

  it('ignores keys a page no longer declares, and shows columns it added', () => {
    const prefs = { order: ['gone', 'phone'], hidden: ['gone'] };
    expect(keys(arrangeColumns([...cols.slice(0, 4), { key: 'email' }, cols[4]], prefs))).toEqual([
      'phone',
      'userName',
      'nickname',
      'status',
      'email',
      'actions',
    ]);
  });

  it('gives a column the width the user dragged it to, within limits; the declaration is left as it was', () => {
    const declared = [
      { key: 'a', width: 100 },
      { key: 'b', width: 100 },
      { key: 'c', width: 100 },
    ];
    const shown = arrangeColumns(declared, { order: [], hidden: [], widths: { a: 180, b: 5, c: 5000 } });
    expect(shown.map((c) => c.width)).toEqual([180, 60, 800]);
    expect(declared.map((c) => c.width)).toEqual([100, 100, 100]);
    expect(clampWidth(123.6)).toBe(124);
  });

  it('lists every movable column in the settings, hidden ones included', () => {
    expect(keys(settingsOrder(cols, { order: ['phone'] }))).toEqual(['phone', 'userName', 'nickname', 'status']);
  });

  it('moves a column one place, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });

  it('reads a stored choice back, and anything malformed as the defaults', () => {
    expect(parsePrefs(JSON.stringify({ order: ['a', 1], hidden: ['b'], widths: { a: 120, b: 'wide' }, density: 'medium' }))).toEqual({
      order: ['a'],
      hidden: ['b'],
      widths: { a: 120 },
      density: 'medium',
    });
    expect(parsePrefs(JSON.stringify({ density: 'huge' }))).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('{nope')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS);
  });

  it('keeps each user’s choice apart', () => {
    expect(prefsKey(1, '用户管理')).not.toBe(prefsKey(2, '用户管理'));
  });
});

describe('columns a page hides at first', () => {
  const columns = [{ key: 'account' }, { key: 'staffCode', hiddenAtFirst: true }, { key: 'actions' }];
  it('are hidden until a choice is stored, and again after 重置 (the defaults)', () => {
    const key = prefsKey(7, '当前登录用户');
    localStorage.removeItem(key);
    expect(readPrefs(key, columns).hidden).toEqual(['staffCode']);
    expect(arrangeColumns(columns, readPrefs(key, columns)).map((c) => c.key)).toEqual(['account', 'actions']);
    // shown by the user: the stored choice wins from then on
    writePrefs(key, { ...defaultPrefs(columns), hidden: [] });
    expect(readPrefs(key, columns).hidden).toEqual([]);
    expect(defaultPrefs(columns).hidden).toEqual(['staffCode']);
    localStorage.removeItem(key);
  });
});
