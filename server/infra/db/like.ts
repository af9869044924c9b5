/**
 * A user's text as a LIKE / ILIKE pattern that matches it literally: `%`, `_` and `\` stand for themselves (the
 * default escape is `\`). `contains` is the pattern of any text holding it.
 */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const contains = (text: string): string => `%${likeEscape(text)}%`;
