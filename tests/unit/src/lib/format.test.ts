import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, initialsOf } from '@/lib/format.ts';
import { textLength } from '@/lib/xlsx.ts';

describe('text length (export column widths)', () => {
  it('counts non-ASCII as 2', () => {
    expect([textLength(''), textLength('abc'), textLength('用户'), textLength('a用b'), textLength('ab中文')]).toEqual([0, 3, 4, 4, 6]);
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => textLength(a + b) === textLength(a) + textLength(b)));
  });
});

describe('initials (the top bar avatar without a picture)', () => {
  it('is the first character of a Chinese name, else the first letters of the first two words', () => {
    expect(
      ['星河管理员', '小王（已改名）', 'ada lovelace byron', 'Ada', '  grace   hopper ', '', '  ', '𠀋字 乙', '王 小明'].map(initialsOf),
    ).toEqual(['星', '小', 'AL', 'A', 'GH', '', '', '𠀋', '王']);
  });
});

describe('formatBytes', () => {
  it('says a size in B, KB or MB with one decimal, switching at 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024.0 KB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(10.5 * 1024 * 1024)).toBe('10.5 MB');
  });
});
