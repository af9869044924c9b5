import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { publisherType } from '@/lib/publisher-type.ts';
import { WATERMARK, watermarkTile } from '@/lib/watermark.ts';

describe('publisher type (SPEC 4)', () => {
  it('is 1 with a store, 2 with a mall other than the default and no store, else 0', () => {
    expect(publisherType({ storeId: 101, mallId: 5, defaultMallId: 6 })).toBe(1);
    expect(publisherType({ storeId: null, mallId: 5, defaultMallId: 6 })).toBe(2);
    expect(publisherType({ storeId: null, mallId: 5, defaultMallId: 5 })).toBe(0);
    expect(publisherType({ mallId: null, defaultMallId: 5 })).toBe(0);
    expect(publisherType({ storeId: '', mallId: '7', defaultMallId: null })).toBe(2);
    expect(publisherType(null)).toBe(0);
  });

  it('is always 0, 1 or 2, and 1 whenever there is a store (property)', () => {
    const id = fc.oneof(fc.constant(null), fc.constant(undefined), fc.constant(''), fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(id, id, id, (storeId, mallId, defaultMallId) => {
        const t = publisherType({ storeId, mallId, defaultMallId });
        return [0, 1, 2].includes(t) && (storeId === null || storeId === undefined || storeId === '' ? t !== 1 : t === 1);
      }),
    );
  });
});

describe('watermark tile (SPEC 9)', () => {
  it('draws the text rotated -22 degrees in rgba(0,0,0,.15) at 16px, with at least the 100 x 100 gap', () => {
    const tile = watermarkTile('星河管理员 2026-11-22');
    const svg = decodeURIComponent(tile.url);
    expect(svg).toContain('rotate(-22 ');
    expect(svg).toContain('fill="rgba(0,0,0,.15)"');
    expect(svg).toContain('font-size="16"');
    expect(svg).toContain('>星河管理员 2026-11-22</text>');
    expect(tile.width).toBeGreaterThan(100);
    expect(tile.height).toBeGreaterThan(100);
    expect(WATERMARK.zIndex).toBe(99999);
  });

  it('escapes what a nickname could smuggle into the SVG', () => {
    const svg = decodeURIComponent(watermarkTile('<script>"x"</script>').url);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
  });
});

describe('theme choice', () => {
  it('the stored choice wins; without one, the system preference decides; junk is ignored', async () => {
    const { readTheme } = await import('@/shell/theme.ts');
    expect([
      readTheme('dark', false),
      readTheme('light', true),
      readTheme(null, true),
      readTheme(null, false),
      readTheme('blue', true),
    ]).toEqual(['dark', 'light', 'dark', 'light', 'dark']);
  });
});
