// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomHex } from '@/lib/random.ts';

afterEach(() => vi.restoreAllMocks());

describe('randomHex (SPEC 9: the captcha uuid)', () => {
  it('answers n lower-case hex characters, 32 by default, different each time', () => {
    expect(randomHex()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(7)).toMatch(/^[0-9a-f]{7}$/);
    expect(randomHex(0)).toBe('');
    expect(new Set(Array.from({ length: 50 }, () => randomHex())).size).toBe(50);
  });

  it('writes each byte as two digits, a small byte with its leading zero', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(((a: Uint8Array) => {
      a.set([0x01, 0xab, 0x00, 0xff].slice(0, a.length));
      return a;
    }) as never);
    expect(randomHex(8)).toBe('01ab00ff');
    expect(randomHex(3)).toBe('01a');
  });
});
