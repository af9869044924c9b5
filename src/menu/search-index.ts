import type { MenuModel } from './menu-model.ts';

/** Something the palette or quick search can find: a page or an action. */
export interface SearchEntry {
  id: string;
  label: string;
  /** titles of the entries above, outermost first (shown beside the label, also searched) */
  trail: readonly string[];
}

/** Syllables of a label: full pinyin and initials, e.g. 用户管理 -> ['yong','hu','guan','li'], ['y','h','g','l']. */
export type PinyinOf = (label: string) => { full: string[]; initials: string[] };

/**
 * A precomputed lowercase index: every string a query is compared with is built once per menu, so a keystroke
 * is one pass of indexOf over flat arrays (no scoring, no allocation per entry).
 */
export interface SearchIndex<E extends SearchEntry> {
  entries: readonly E[];
  labels: string[];
  trails: string[];
  /** full pinyin without separators ('' when the label has no Chinese) */
  pinyin: string[];
  /** pinyin initials ('' when the label has no Chinese) */
  initials: string[];
  /** every entry's strings in one string, so that a keystroke skips non-matching entries with native indexOf */
  haystack: string;
  /** where each entry starts in haystack (one more at the end) */
  starts: Int32Array;
}

export interface SearchResult<E> {
  /** best first, at most `limit` */
  items: E[];
  /** every entry that matched */
  total: number;
  /** each item's rank, 0 best (the whole query is its label), so that two indexes' results can be merged */
  ranks: number[];
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const norm = (s: string) => s.toLowerCase();
const squash = (parts: string[]) => norm(parts.join('')).replace(/\s+/g, '');

/** Builds the index once per menu; pinyin is optional (the quick-search dialog matches labels only). */
export function buildSearchIndex<E extends SearchEntry>(entries: readonly E[], pinyinOf?: PinyinOf): SearchIndex<E> {
  const labels: string[] = [];
  const trails: string[] = [];
  const pinyin: string[] = [];
  const initials: string[] = [];
  for (const e of entries) {
    labels.push(norm(e.label));
    trails.push(norm(e.trail.join(' / ')));
    if (pinyinOf && HAN.test(e.label)) {
      const p = pinyinOf(e.label);
      pinyin.push(squash(p.full));
      initials.push(squash(p.initials));
    } else {
      pinyin.push('');
      initials.push('');
    }
  }
  // Fields are separated by \u0001 and entries by \u0002, which no query contains, so no match spans two fields.
  const starts = new Int32Array(entries.length + 1);
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < entries.length; i++) {
    starts[i] = at;
    const part = `${labels[i]}\u0001${pinyin[i]}\u0001${initials[i]}\u0001${trails[i]}\u0002`;
    parts.push(part);
    at += part.length;
  }
  starts[entries.length] = at;
  return { entries, labels, trails, pinyin, initials, haystack: parts.join(''), starts };
}

/** Marks the entries whose strings contain needle: native indexOf jumps over the entries that do not. */
function markContaining(index: { haystack: string; starts: Int32Array }, needle: string, marks: Uint8Array): void {
  const { haystack, starts } = index;
  const n = starts.length - 1;
  let i = 0;
  let from = 0;
  for (;;) {
    const pos = haystack.indexOf(needle, from);
    if (pos < 0) return;
    while (i < n && starts[i + 1] <= pos) i++;
    marks[i] = 1;
    from = starts[i + 1];
  }
}

// Ranks, best first: the label is the query, label prefix, label substring, pinyin or initials prefix, pinyin or
// initials substring, parent path.
const RANKS = 6;

function rankOf<E extends SearchEntry>(index: SearchIndex<E>, i: number, term: string, compact: string): number {
  const at = index.labels[i].indexOf(term);
  if (at === 0) return 1;
  if (at > 0) return 2;
  const py = index.pinyin[i];
  if (py !== '') {
    const ini = index.initials[i];
    const p = py.indexOf(compact);
    const n = ini.indexOf(compact);
    if (p === 0 || n === 0) return 3;
    if (p > 0 || n > 0) return 4;
  }
  if (index.trails[i].indexOf(term) >= 0) return 5;
  return -1;
}

/**
 * Finds entries for a query: case-insensitive substring on the label, full pinyin and initials for Chinese labels,
 * and the parent path; several words must all match. An empty query lists `preferred` ids first, then the rest.
 * @example searchIndex(index, 'yhgl').items[0].label // '用户管理'
 */
export function searchIndex<E extends SearchEntry>(
  index: SearchIndex<E>,
  query: string,
  limit = 50,
  preferred: readonly string[] = [],
): SearchResult<E> {
  const terms = norm(query).split(/\s+/).filter(Boolean);
  const n = index.entries.length;
  if (terms.length === 0) {
    const byId = new Map<string, E>();
    for (const id of preferred) byId.set(id, undefined as unknown as E);
    for (const e of index.entries) if (byId.has(e.id)) byId.set(e.id, e);
    const first = preferred.map((id) => byId.get(id)).filter((e): e is E => e !== undefined);
    const items = first.slice(0, limit);
    for (let i = 0; i < n && items.length < limit; i++) if (!byId.has(index.entries[i].id)) items.push(index.entries[i]);
    return { items, total: n, ranks: items.map(() => 0) };
  }
  const whole = terms.join(' ');
  const compacts = terms.map((t) => t.replace(/\s+/g, ''));
  // Candidates: entries whose strings contain the first term (or its compact form, for pinyin).
  const marks = new Uint8Array(n);
  markContaining(index, terms[0], marks);
  if (compacts[0] !== terms[0]) markContaining(index, compacts[0], marks);
  const buckets: E[][] = Array.from({ length: RANKS }, () => []);
  let total = 0;
  for (let i = marks.indexOf(1); i >= 0 && i < n; i = marks.indexOf(1, i + 1)) {
    const rank = rankOf(index, i, terms[0], compacts[0]);
    if (rank < 0) continue;
    let all = true;
    for (let t = 1; t < terms.length && all; t++) all = rankOf(index, i, terms[t], compacts[t]) >= 0;
    if (!all) continue;
    total++;
    const bucket = rank === 1 && index.labels[i] === whole ? 0 : rank;
    if (buckets[bucket].length < limit) buckets[bucket].push(index.entries[i]);
  }
  const items: E[] = [];
  const ranks: number[] = [];
  for (let r = 0; r < RANKS; r++) {
    for (const e of buckets[r]) {
      if (items.length === limit) return { items, total, ranks };
      items.push(e);
      ranks.push(r);
    }
  }
  return { items, total, ranks };
}

/** The pages of a menu that search may show: non-hidden leaves (buttons are never routes), with their trail. */
export function pageEntries(model: MenuModel): Array<SearchEntry & { path: string; name: string }> {
  return model.routes
    .filter((r) => !r.hidden)
    .map((r) => ({ id: `page:${r.path}`, label: r.title, trail: r.trail, path: r.path, name: r.name }));
}

/** Quick search: a case-insensitive substring match on the label only. */
export function labelMatches(label: string, query: string): boolean {
  return norm(label).includes(norm(query.trim()));
}
