import type { ApiClient } from '@/api/client.ts';
import { fetchPinyin } from '@/api/calls/session/session-calls.ts';
import type { PinyinOf } from '@/menu/search-index.ts';

const HAN = /[\u3400-\u9fff]/;

/**
 * The palette's pinyin for a set of labels (the menu's and the shell's own texts). The server computes it
 * (/v1/menu/pinyin), so pinyin-pro's dictionary never ships to the browser; a backend without that call gets the
 * dictionary as a chunk of its own instead (src/menu/pinyin.ts), with the same results.
 */
export async function loadPinyin(api: ApiClient, labels: Iterable<string>): Promise<PinyinOf> {
  const wanted = [...new Set([...labels].filter((l) => HAN.test(l)))];
  try {
    const { full, initials } = await fetchPinyin(api, wanted);
    const known = new Map(wanted.map((l, i) => [l, { full: full[i] ?? [], initials: initials[i] ?? [] }]));
    // A label the server was not asked about (a text made at run time) is found by its characters only.
    const pinyinOf: PinyinOf = (label) => known.get(label) ?? { full: [], initials: [] };
    return pinyinOf;
  } catch {
    return (await import('@/menu/pinyin.ts')).pinyinOf;
  }
}
