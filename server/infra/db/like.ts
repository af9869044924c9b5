/**
 * A user's text as a LIKE / ILIKE pattern that matches it literally: `%`, `_` and `\` stand for themselves (the
 * default escape is `\`). `contains` is the pattern of any text holding it.
 */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contains = (text: string): string => `%${likeEscape(text)}%`;

/**
 * The characters of a text, lower case, as an array: what an index of characters holds (a text field's
 * meta_rec_s_<id> beside its trigrams, migration 039; the operation log's, migration 038), and what a fragment of one or two characters,
 * which has no trigram, asks of it (`@>`). Written once: an index answers only this very expression.
 */
export const charsOf = (text: string): string => `regexp_split_to_array(lower(${text}), '')`;

/**
 * No character of the text has a letter case (Chinese, digits, signs): no other character is folded to one of them,
 * so ILIKE and LIKE match it alike, and LIKE spares folding each row's text (a trigram index's candidates are all
 * matched again: 会员7 in a million members rechecks 111,111 rows, 146 -> 54 ms).
 */
export const caseless = (text: string): boolean => [...text].every((c) => c.toLowerCase() === c && c.toUpperCase() === c);

/**
 * The condition that `text` contains `fragment` literally, any letter case, as the indexes of a searchable text
 * answer it, its values pushed by `param`:
 * - `indexed` 'ilike': a trigram index on `text` itself (a records field), which answers ILIKE and LIKE alike (LIKE
 *   for a caseless fragment); 'lower': one on lower(`text`) (the operation log's), which a LIKE of the lower-cased
 *   pattern uses;
 * - a fragment of three characters or more is the trigram index's;
 * - one of one or two has no trigram: the index of characters (charsOf) finds the rows holding all of them, and the
 *   match itself is kept from the trigram index (`|| ''`), which would otherwise read every entry it holds for a
 *   pattern without trigrams (seconds on ten million log rows).
 */
export function containsText(text: string, fragment: string, param: (v: unknown) => string, indexed: 'ilike' | 'lower'): string {
  const short = [...fragment].length < 3;
  const subject = short ? `(${text} || '')` : text;
  const match =
    indexed === 'ilike'
      ? `${subject} ${caseless(fragment) ? 'LIKE' : 'ILIKE'} ${param(contains(fragment))}`
      : `lower(${subject}) LIKE lower(${param(contains(fragment))})`;
  return short ? `${charsOf(text)} @> ${charsOf(`${param(fragment)}::text`)} AND ${match}` : match;
}
