/**
 * A user's text as a LIKE / ILIKE pattern that matches it literally: `%`, `_` and `\` stand for themselves (the
 * default escape is `\`). `contains` is the pattern of any text holding it.
 */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contains = (text: string): string => `%${likeEscape(text)}%`;

/**
 * The characters of a text, lower case, as an array: what an index of characters holds (a text field's
 * meta_rec_c_<id>, migration 039; the operation log's, migration 038), and what a fragment of one or two characters,
 * which has no trigram, asks of it (`@>`). Written once: an index answers only this very expression.
 */
export const charsOf = (text: string): string => `regexp_split_to_array(lower(${text}), '')`;

/** Whether a fragment is too short for trigrams (fewer than three characters), so it asks the index of characters. */
export const tooShortForTrigrams = (fragment: string): boolean => [...fragment].length < 3;
