import { pinyin } from 'pinyin-pro';
import type { PinyinOf } from './search-index.ts';

/** Full pinyin and initials of a label (pinyin-pro; non-Chinese runs kept as they are). Loaded with the palette. */
export const pinyinOf: PinyinOf = (label) => ({
  full: pinyin(label, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }),
  initials: pinyin(label, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }),
});
