import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  abbreviate,
  camelKeys,
  debounce,
  divide,
  formatDateParts,
  formatDuration,
  initialsOf,
  multiply,
  randomDigits,
  randomString,
  snakeKeys,
  stringifyObjectFields,
  toMillis,
  withThousands,
} from '../../src/lib/format.ts';
import { sha256File } from '../../src/lib/files.ts';
import { textLength } from '../../src/lib/xlsx.ts';

// SPEC 9's utilities (issue 15), each by its rule and by properties over many inputs.
describe('SPEC 9 utilities', () => {
  afterEach(() => vi.useRealTimers());

  it('timestamps shorter than 13 digits are seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis('1700000000123')).toBe(1_700_000_000_123);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999 }),
        (s) => toMillis(s) === s * 1000 && toMillis(s * 1000 + 1e12 >= 1e12 ? s * 1000 : s) >= 0,
      ),
    );
    fc.assert(fc.property(fc.integer({ min: 1e12, max: 9e12 }), (ms) => toMillis(ms) === ms));
  });

  it('abbreviates with K and M, one decimal at most', () => {
    expect([999, 1000, 1234, 15_500, 999_949, 999_950, 2_500_000, -1234].map(abbreviate)).toEqual([
      '999',
      '1K',
      '1.2K',
      '15.5K',
      '999.9K',
      '1M',
      '2.5M',
      '-1.2K',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (n) => {
        const s = abbreviate(n);
        const m = /^(\d+(?:\.\d)?)([KM]?)$/.exec(s);
        if (!m) return false;
        const back = Number(m[1]) * (m[2] === 'M' ? 1e6 : m[2] === 'K' ? 1e3 : 1);
        // within half of the last shown digit
        return Math.abs(back - n) <= (m[2] === 'M' ? 5e4 : m[2] === 'K' ? 50 : 0);
      }),
    );
  });

  it('durations in hours, minutes and seconds add back up', () => {
    expect(formatDuration(3725)).toBe('1小时2分5秒');
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(3600)).toBe('1小时');
    expect(formatDuration(61, { h: 'h', m: 'm', s: 's' })).toBe('1m1s');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (t) => {
        const m = /^(?:(\d+)小时)?(?:(\d+)分)?(?:(\d+)秒)?$/.exec(formatDuration(t));
        return Boolean(m) && Number(m![1] ?? 0) * 3600 + Number(m![2] ?? 0) * 60 + Number(m![3] ?? 0) === t;
      }),
    );
  });

  it('thousand separators keep the number', () => {
    expect(withThousands(1234567.891)).toBe('1,234,567.891');
    fc.assert(fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => Number(withThousands(n).replace(/,/g, '')) === n));
  });

  it('multiplies and divides decimals without binary rounding', () => {
    expect(multiply(0.1, 0.2)).toBe(0.02);
    expect(multiply(19.99, 3)).toBe(59.97);
    expect(divide(0.3, 0.1)).toBe(3);
    expect(divide(0.69, 10)).toBe(0.069);
    // cents times cents, as written with two decimals, multiply exactly
    const money = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => c / 100);
    fc.assert(fc.property(money, money, (a, b) => multiply(a, b) === (Math.round(a * 100) * Math.round(b * 100)) / 10_000));
    fc.assert(
      fc.property(
        money,
        fc.integer({ min: 1, max: 10_000 }).map((c) => c / 100),
        (a, b) => Math.abs(divide(multiply(a, b), b) - a) < 1e-9,
      ),
    );
  });

  it('formats dates with Chinese units or a chosen separator', () => {
    const d = new Date(2026, 10, 3, 9, 5, 7);
    expect(formatDateParts(d)).toBe('2026年11月03日');
    expect(formatDateParts(d, '/')).toBe('2026/11/03');
    expect(formatDateParts(d, '.', { time: true })).toBe('2026.11.03 09:05:07');
    expect(formatDateParts(d, undefined, { time: true })).toBe('2026年11月03日 09时05分07秒');
    expect(formatDateParts(Math.floor(d.getTime() / 1000), '-')).toBe('2026-11-03');
    expect(formatDateParts('not a date')).toBe('');
    fc.assert(
      fc.property(fc.date({ min: new Date(1971, 0, 1), max: new Date(2099, 0, 1), noInvalidDate: true }), (x) => {
        const [y, m, dd] = formatDateParts(x, '-').split('-').map(Number);
        return y === x.getFullYear() && m === x.getMonth() + 1 && dd === x.getDate();
      }),
    );
  });

  it('converts keys between snake_case and camelCase at any depth, and back', () => {
    expect(camelKeys({ user_name: 'a', depart_list: [{ depart_name: 'x' }], created_at: null })).toEqual({
      userName: 'a',
      departList: [{ departName: 'x' }],
      createdAt: null,
    });
    expect(snakeKeys({ userName: 'a', roleIDList: [1], nested: { tenantId: 2 } })).toEqual({
      user_name: 'a',
      role_id_list: [1],
      nested: { tenant_id: 2 },
    });
    // words of two or more letters (a one-letter word or a digit after _ has no single camelCase spelling back)
    const word = fc.stringMatching(/^[a-z]{2,6}$/);
    const snakeKey = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join('_'));
    fc.assert(fc.property(fc.dictionary(snakeKey, fc.integer()), (o) => JSON.stringify(snakeKeys(camelKeys(o))) === JSON.stringify(o)));
  });

  it('serialises object fields as JSON and leaves the rest', () => {
    expect(stringifyObjectFields({ a: 1, b: 'x', c: { d: [1] }, e: [1, 2], f: null })).toEqual({
      a: 1,
      b: 'x',
      c: '{"d":[1]}',
      e: '[1,2]',
      f: null,
    });
  });

  it('random strings: letters and digits (16) and digits (13), each character drawn evenly', () => {
    expect(randomString()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(randomDigits()).toMatch(/^\d{13}$/);
    expect(randomString(40)).toHaveLength(40);
    const counts = new Map<string, number>();
    for (const ch of randomDigits(20_000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(10);
    for (const n of counts.values()) expect(Math.abs(n - 2000)).toBeLessThan(250);
  });

  it('debounces: one run, 500 ms after the last call, with the last arguments', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn);
    d(1);
    vi.advanceTimersByTime(400);
    d(2);
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
    d(3);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('text length counts non-ASCII as 2', () => {
    expect(textLength('ab中文')).toBe(6);
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => textLength(a + b) === textLength(a) + textLength(b)));
  });

  it('SHA-256 of a file, small (Web Crypto) and big (streamed in slices), as Node computes it', async () => {
    const small = new Blob([new TextEncoder().encode('scrm')]);
    expect(await sha256File(small)).toBe(createHash('sha256').update('scrm').digest('hex'));
    const big = new Uint8Array(17 * 1024 * 1024).map((_, i) => (i * 31) & 0xff);
    const seen: number[] = [];
    expect(await sha256File(new Blob([big]), (f) => seen.push(f))).toBe(createHash('sha256').update(big).digest('hex'));
    // 4 MiB slices of 17 MiB: progress after each
    expect(seen).toEqual([4 / 17, 8 / 17, 12 / 17, 16 / 17, 1]);
    const once: number[] = [];
    await sha256File(small, (f) => once.push(f));
    expect(once).toEqual([1]);
  });

  it('uses Web Crypto below 16 MiB and slices from 16 MiB on (exactly 16 MiB: four slices)', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    try {
      const kib = new Uint8Array(1024).map((_, i) => i & 0xff);
      expect(await sha256File(new Blob([kib]))).toBe(createHash('sha256').update(kib).digest('hex'));
      expect(digest).toHaveBeenCalledTimes(1);
      const justUnder = new Uint8Array(16 * 1024 * 1024 - 1);
      const under: number[] = [];
      expect(await sha256File(new Blob([justUnder]), (f) => under.push(f))).toBe(createHash('sha256').update(justUnder).digest('hex'));
      expect([digest.mock.calls.length, under]).toEqual([2, [1]]);
      const exactly = new Uint8Array(16 * 1024 * 1024).map((_, i) => (i * 7) & 0xff);
      const seen: number[] = [];
      expect(await sha256File(new Blob([exactly]), (f) => seen.push(f))).toBe(createHash('sha256').update(exactly).digest('hex'));
      expect([digest.mock.calls.length, seen]).toEqual([2, [0.25, 0.5, 0.75, 1]]);
      // No progress callback: fine in both ways.
      expect(await sha256File(new Blob([exactly]))).toBe(createHash('sha256').update(exactly).digest('hex'));
    } finally {
      digest.mockRestore();
    }
  });

  it('hashes in slices where there is no crypto at all', async () => {
    vi.stubGlobal('crypto', undefined);
    try {
      expect(await sha256File(new Blob([new TextEncoder().encode('scrm')]))).toBe(createHash('sha256').update('scrm').digest('hex'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('hashes in slices where Web Crypto is missing (an insecure origin), with the same answer', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const seen: number[] = [];
      expect(await sha256File(new Blob([new TextEncoder().encode('scrm')]), (f) => seen.push(f))).toBe(
        createHash('sha256').update('scrm').digest('hex'),
      );
      expect(seen).toEqual([1]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('initials (the top bar avatar without a picture)', () => {
  it('is the first character of a Chinese name, else the first letters of the first two words', () => {
    expect(
      ['星河管理员', '小王（已改名）', 'ada lovelace byron', 'Ada', '  grace   hopper ', '', '  ', '𠀋字 乙', '王 小明'].map(initialsOf),
    ).toEqual(['星', '小', 'AL', 'A', 'GH', '', '', '𠀋', '王']);
  });
});
