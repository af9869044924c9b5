import { describe, expect, it } from 'vitest';
import { indexKind, sortableBy } from '@/api/rules/record-rules.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';

// src/api/rules/record-rules.ts: which index a field has, and which lists may be sorted by it (the columns offer the
// sort, the server refuses it beyond: tests/api/records-list.test.ts).
describe('record rules: indexes and sorts', () => {
  const text = { type: 'text', searchable: false } as const;
  const searchableText = { type: 'text', searchable: true } as const;
  const number = { type: 'number', searchable: false } as const;
  const option = { type: 'enum', searchable: true } as const;
  const image = { type: 'image', searchable: false } as const;
  const CAP = LIST_LIMITS.exactCountUpTo;

  it('a searchable text has a trigram index; ordered types and other searchable fields a btree; the rest none', () => {
    expect([searchableText, { type: 'phone', searchable: true } as const].map(indexKind)).toEqual(['trigram', 'trigram']);
    expect([number, option, { type: 'datetime', searchable: false } as const].map(indexKind)).toEqual(['btree', 'btree', 'btree']);
    expect([text, image, { type: 'enum', searchable: false } as const].map(indexKind)).toEqual([null, null, null]);
  });

  it('a field with a btree sorts any list; another up to the exact count cap; an image never', () => {
    for (const counted of [{ count: 0 }, { count: CAP }, { count: 5_000_000, countEstimated: true }]) {
      expect(sortableBy(number, counted)).toBe(true);
      expect(sortableBy(option, counted)).toBe(true);
      expect(sortableBy(image, counted)).toBe(false);
    }
    expect(sortableBy(text, { count: CAP })).toBe(true);
    expect(sortableBy(searchableText, { count: 12 })).toBe(true);
    expect(sortableBy(text, { count: CAP + 1 })).toBe(false);
    // an estimate is never below the cap, and never sorted by a field without an index
    expect(sortableBy(searchableText, { count: CAP + 1, countEstimated: true })).toBe(false);
  });
});
