import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  formatListQuery,
  lastPage,
  nextSort,
  parseListQuery,
  type ListState,
} from '@/kit/list/list-query.ts';

const state = fc.record({
  page: fc.integer({ min: 1, max: 100_000 }),
  size: fc.constantFrom(...PAGE_SIZES),
  sort: fc.option(fc.tuple(fc.stringMatching(/^[A-Za-z]\w{0,10}$/), fc.constantFrom('ascend' as const, 'descend' as const)), { nil: null }),
  keyword: fc.string({ maxLength: 20 }).filter((s) => s.trim() === s),
  status: fc.constantFrom('', '0', '1'),
});
type Generated = typeof state extends fc.Arbitrary<infer T> ? T : never;
const toState = (s: Generated): ListState => ({
  page: s.page,
  size: s.size,
  sortField: s.sort?.[0] ?? null,
  sortOrder: s.sort?.[1] ?? null,
  filters: { keyword: s.keyword, status: s.status },
});

describe('list state in the hash query', () => {
  it('reads back exactly what it wrote, for any state (a reload shows the same rows)', () => {
    fc.assert(
      fc.property(state, (s) => {
        const written = toState(s);
        expect(parseListQuery(formatListQuery(written), ['keyword', 'status'])).toEqual(written);
      }),
    );
  });

  it('leaves defaults out of the address and keeps unrelated parameters', () => {
    expect(formatListQuery({ page: 1, size: DEFAULT_PAGE_SIZE, sortField: null, sortOrder: null, filters: { keyword: '' } })).toBe('');
    expect(formatListQuery({ page: 2, size: 50, sortField: 'userName', sortOrder: 'descend', filters: { keyword: '李' } }, 'tab=1')).toBe(
      'tab=1&page=2&size=50&sort=userName.descend&keyword=%E6%9D%8E',
    );
  });

  it('falls back to defaults for anything malformed in a hand-edited link', () => {
    expect(parseListQuery('page=-3&size=7&sort=x;drop.ascend&status=1', ['status'])).toEqual({
      page: 1,
      size: 10,
      sortField: null,
      sortOrder: null,
      filters: { status: '1' },
    });
    expect(parseListQuery('page=2.5&sort=name.sideways', [])).toMatchObject({ page: 1, sortField: null });
  });

  it('refuses a filter named as the address’s own keys, which it would read as the page, size or sort', () => {
    for (const name of ['page', 'size', 'sort']) {
      expect(() => parseListQuery(`${name}=2`, ['keyword', name])).toThrow(`a list's filter cannot be named "${name}"`);
      const written: ListState = { page: 1, size: DEFAULT_PAGE_SIZE, sortField: null, sortOrder: null, filters: { [name]: '用户' } };
      expect(() => formatListQuery(written)).toThrow(`a list's filter cannot be named "${name}"`);
    }
  });

  it('cycles a column’s sort ascending, descending, none; another column starts ascending', () => {
    let s = nextSort({ sortField: null, sortOrder: null }, 'userName');
    expect(s).toEqual({ sortField: 'userName', sortOrder: 'ascend' });
    s = nextSort(s, 'userName');
    expect(s).toEqual({ sortField: 'userName', sortOrder: 'descend' });
    expect(nextSort(s, 'userName')).toEqual({ sortField: null, sortOrder: null });
    expect(nextSort(s, 'nickname')).toEqual({ sortField: 'nickname', sortOrder: 'ascend' });
  });

  it('knows the last page', () => {
    expect([lastPage(0, 10), lastPage(10, 10), lastPage(11, 10), lastPage(201, 200)]).toEqual([1, 1, 2, 2]);
  });
});
