import { describe, expect, it } from 'vitest';
import { chooseEncoding, contentTag } from '@server/infra/http/compress.ts';

describe('chooseEncoding (server/infra/http/compress.ts)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', undefined],
  ] as const)('%j answers in %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('contentTag', () => {
  it('is a quoted tag that follows the text and nothing else', () => {
    expect(contentTag('{"result":[]}')).toMatch(/^"[\w-]{27}"$/);
    expect(contentTag('{"result":[]}')).toBe(contentTag('{"result":[]}'));
    expect(contentTag('{"result":[]}')).not.toBe(contentTag('{"result":[1]}'));
  });
});
