import { webLightTheme } from '@fluentui/react-components';

/** Fonts of the table's texts, as Fluent draws them in the theme's font. */
export const FONTS = {
  /** a small button (a row's actions): 12 px, regular */
  button: `400 12px ${webLightTheme.fontFamilyBase}`,
  /** a header cell's title: 14 px, semibold (the wider of its weights) */
  header: `600 14px ${webLightTheme.fontFamilyBase}`,
  /** a text input's value and placeholder: 14 px, regular */
  input: `400 14px ${webLightTheme.fontFamilyBase}`,
} as const;

const measured = new Map<string, number>();
let context: OffscreenCanvasRenderingContext2D | null | undefined;

/**
 * A text's width in px in one of the table's fonts: measured by the browser (an offscreen canvas), else estimated (a
 * CJK character as wide as the font is high, others 0.62 of it), rounded up. Columns worked out from their words
 * (an actions column, Column.fit) use it, so a width fits the console's language rather than a page's guess.
 */
export function textWidth(text: string, font: string): number {
  const key = `${font}|${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  if (context === undefined) context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  let width: number;
  if (context) {
    context.font = font;
    width = context.measureText(text).width;
  } else {
    const size = Number(/(\d+)px/.exec(font)?.[1] ?? 14);
    width = [...text].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.62), 0);
  }
  width = Math.ceil(width);
  measured.set(key, width);
  return width;
}
