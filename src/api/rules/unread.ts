/**
 * What a date or time field holds while its text names no day or time: the text itself, marked. It is no ISO
 * instant and no `yyyy-MM-dd`, so every rule that checks such a field refuses it (the form's, the wizard's, the
 * server's), and the field still shows what was typed. A field never falls back to its last good value or to 00:00
 * behind the user's back: no value the user did not type is saved (issue 45). The controls make it (src/kit/form),
 * the rules read it (src/api/schema/kit.ts `saysUnread`, campaign-rules.ts).
 * @example unread('25:99') // '?25:99'
 */
export const unread = (text: string) => `?${text}`;
/** The text an unread value holds, or null for any other value. @example unreadText('?25:99') // '25:99' */
export const unreadText = (value: unknown): string | null => (typeof value === 'string' && value.startsWith('?') ? value.slice(1) : null);
