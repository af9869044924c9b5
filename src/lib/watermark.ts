/** watermark constants. */
export const WATERMARK = {
  rotate: -22,
  gapX: 100,
  gapY: 100,
  zIndex: 99999,
  color: 'rgba(0,0,0,.15)',
  /** the same strength on a dark background (dark theme) */
  darkColor: 'rgba(255,255,255,.15)',
  fontSize: 16,
} as const;

/** Rough width of a text at a font size: CJK and other wide characters count double (text length). */
export function textWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) units += ch.charCodeAt(0) > 0xff ? 2 : 1.1;
  return (units * fontSize) / 2;
}

/**
 * One tile of the watermark as an SVG data URL: the text rotated by -22 degrees, with the 100 x 100 gap around it;
 * the overlay repeats it. SVG, not canvas, so it needs no DOM measuring and works the same everywhere.
 */
export function watermarkTile(text: string, color: string = WATERMARK.color): { url: string; width: number; height: number } {
  const { rotate, gapX, gapY, fontSize } = WATERMARK;
  const w = textWidth(text, fontSize);
  const rad = (Math.abs(rotate) * Math.PI) / 180;
  const boxW = Math.ceil(w * Math.cos(rad) + fontSize * Math.sin(rad));
  const boxH = Math.ceil(w * Math.sin(rad) + fontSize * Math.cos(rad));
  const width = boxW + gapX;
  const height = boxH + gapY;
  const escaped = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${width / 2}" y="${height / 2}" fill="${color}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="middle" ` +
    `font-family="sans-serif" transform="rotate(${rotate} ${width / 2} ${height / 2})">${escaped}</text></svg>`;
  return { url: `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`, width, height };
}
