// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { WATERMARK, textWidth, watermarkTile } from '@/lib/watermark.ts';

describe('watermark geometry (SPEC 9)', () => {
  it('counts a wide character as 2 units and any other as 1.1, half the font size each', () => {
    expect(textWidth('', 16)).toBe(0);
    expect(textWidth('ab', 16)).toBeCloseTo(17.6, 10);
    expect(textWidth('星河', 16)).toBe(32);
    expect(textWidth('ÿ', 10)).toBeCloseTo(5.5, 10); // 0xff is still narrow
    expect(textWidth('Ā', 10)).toBe(10); // 0x100 is wide
  });

  it('sizes the tile as the rotated text box plus the 100 x 100 gap, and centres the text in it', () => {
    const w = textWidth('星河管理员', 16); // 80
    const rad = (22 * Math.PI) / 180;
    const width = Math.ceil(w * Math.cos(rad) + 16 * Math.sin(rad)) + 100;
    const height = Math.ceil(w * Math.sin(rad) + 16 * Math.cos(rad)) + 100;
    const tile = watermarkTile('星河管理员');
    expect({ width: tile.width, height: tile.height }).toEqual({ width, height });
    expect(width).toBe(181);
    expect(height).toBe(145);
    const svg = decodeURIComponent(tile.url.slice('url("data:image/svg+xml;charset=utf-8,'.length, -2));
    expect(tile.url.startsWith('url("data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(svg).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" width="181" height="145">` +
        `<text x="90.5" y="72.5" fill="rgba(0,0,0,.15)" font-size="16" text-anchor="middle" dominant-baseline="middle" ` +
        `font-family="sans-serif" transform="rotate(-22 90.5 72.5)">星河管理员</text></svg>`,
    );
  });

  it('draws in the colour it is given (the dark theme) and escapes every markup character', () => {
    const svg = decodeURIComponent(watermarkTile(`a<b>&"'`, WATERMARK.darkColor).url);
    expect(svg).toContain('fill="rgba(255,255,255,.15)"');
    expect(svg).toContain('>a&#60;b&#62;&#38;&#34;&#39;</text>');
    expect(WATERMARK).toMatchObject({ rotate: -22, gapX: 100, gapY: 100, fontSize: 16, color: 'rgba(0,0,0,.15)' });
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
