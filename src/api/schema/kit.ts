import * as v from 'valibot';
import { say, type RuleKey } from './messages.ts';
import { unreadText } from '../rules/unread.ts';

/**
 * The building blocks of the resource schemas (valibot). A schema is written once here in src/api and serves both
 * sides: the server validates a call's body with it (server/infra/http/validate.ts) and the form takes its field rules and
 * messages from it (`fieldProblems`). Every message is a rule of messages.ts, in the product's language.
 */

/**
 * A request body: an object whose keys are exactly `entries`; any other key is refused, named. The blocks below
 * check a missing key as an empty value, so that it gets the field's own message; `missingField` is for the rest.
 */
export const body = <E extends v.ObjectEntries>(entries: E) =>
  v.strictObject(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    if (key === undefined) return say('bodyNotObject');
    return say(issue.expected === 'never' ? 'unknownField' : 'missingField', { name: String(key) });
  });

/** `schema`, with a missing key checked as `placeholder` (an empty value), so that it gets the schema's message. */
export const given = <S extends v.GenericSchema>(schema: S, placeholder: v.InferInput<S> | '' = '') =>
  v.optional(schema, placeholder as never);

/** A nested object of a body: as `body`, its keys exactly `entries`. */
export const part = body;

/**
 * A text field, trimmed: `required` names the message for an empty one (else it may be empty, and absent is ''),
 * `max` its length with the message beyond it. Anything but a string is refused with the first message.
 */
export function text(opts: { required?: RuleKey; max: readonly [number, RuleKey]; typeMessage?: RuleKey }) {
  const typeMessage = say(opts.typeMessage ?? opts.required ?? opts.max[1]);
  const [max, tooLong] = opts.max;
  const trimmed = v.pipe(v.string(typeMessage), v.trim());
  return opts.required
    ? given(v.pipe(trimmed, v.nonEmpty(say(opts.required)), v.maxLength(max, say(tooLong))))
    : v.optional(v.pipe(trimmed, v.maxLength(max, say(tooLong))), '');
}

/**
 * A whole number from `min` to `max`, also as decimal text of at most `digits` digits (as the older clients send
 * it); anything else is refused with `message`.
 */
export const wholeNumber = (min: number, max: number, message: string, digits = 10) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${digits}}$`)), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

const idValue = (message: RuleKey) => wholeNumber(1, 2 ** 31 - 1, say(message));

/** A page of a list: pageNum from 1 (default 1) and pageSize of 1-`maxSize` (default `size`), as numbers or text. */
export const page = (size = 10, maxSize = 200) => ({
  pageNum: v.optional(count(100_000, 'pageNum'), 1),
  pageSize: v.optional(count(maxSize, 'pageSize'), size),
});

/**
 * A page of a long list, which may also name where the page before it ended: `after` is the cursor that list's
 * answer gave as `next` (opaque base64url text), so the next page is read from there rather than by skipping rows.
 */
export const pageAfter = (size = 10, maxSize = 200) => ({
  ...page(size, maxSize),
  after: v.optional(v.pipe(v.string(say('pageAfter')), v.maxLength(400, say('pageAfter')), v.regex(/^[\w-]+$/, say('pageAfter')))),
});

const count = (max: number, key: 'pageNum' | 'pageSize') => wholeNumber(1, max, say(key, { max }), 7);

/** A search box's word: optional, trimmed, and cut to `max` characters rather than refused. */
export const keyword = (max = 64) =>
  v.optional(
    v.pipe(
      v.string(say('wrongType', { name: 'keyword' })),
      v.trim(),
      v.transform((s) => s.slice(0, max)),
    ),
    '',
  );

/** A row id: a positive 32-bit integer, also as its decimal text (as the older clients send it). */
export const rowId = (message: RuleKey) => given(idValue(message));

/**
 * A list of row ids, duplicates dropped: at most `max`; `required` names the message for an empty (or missing) one,
 * `message` the one for anything else wrong.
 */
export const idList = (opts: { message: RuleKey; max: number; required?: RuleKey }) =>
  given(
    v.pipe(
      v.array(idValue(opts.message), say(opts.message)),
      v.maxLength(opts.max, say(opts.message)),
      v.minLength(opts.required ? 1 : 0, say(opts.required ?? opts.message)),
      v.transform((ids) => [...new Set(ids)]),
    ),
    [],
  );

/**
 * An ISO 8601 instant with its zone, as the console sends one. Date.parse alone reads far more (a bare day, a month
 * name, a field's unread text '?2026-12-01 10:00'), each a time the user did not type (issue 45).
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
export const isInstant = (x: string) => ISO_INSTANT.test(x) && !Number.isNaN(Date.parse(x));

/**
 * A date or time field's unread text (src/api/rules/unread.ts) refused with the text quoted, so the form says what
 * was typed rather than a format alone; the rules after it let such a value by, so it is said once.
 */
export const saysUnread = <T extends string | null>(message: (text: string) => string) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const text = dataset.typed ? unreadText(dataset.value) : null;
    if (text !== null) addIssue({ message: message(text.trim()) });
  });

/** An optional instant (ISO 8601 text): absent, null or '' mean none; `later` refuses one not after now. */
export const optionalInstant = (message: RuleKey, opts: { later?: boolean } = {}) =>
  v.pipe(
    v.optional(v.nullable(v.string(say(message))), null),
    v.transform((x) => (x ? x : null)),
    saysUnread<string | null>((text) => say('timeUnread', { text })),
    v.check((x) => x === null || unreadText(x) !== null || (isInstant(x) && (!opts.later || Date.parse(x) > Date.now())), say(message)),
  );

/**
 * A row id a page keeps and sends back without the user typing it (a public page's tenant): that id when it is one,
 * else none (null), as if the page named nothing. The server then serves what it serves when nothing is named.
 */
export const keptRowId = () => v.optional(v.fallback(v.nullable(idValue('wrongType')), null), null);

/** An optional row id: absent, null or '' mean none (a new row). */
export const optionalRowId = (message: RuleKey) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.literal(''), idValue(message)], say(message))), null),
    v.transform((x) => (x === '' || x === null ? null : x)),
  );

/** A mainland mobile number: 1 and ten more digits. */
export const phone = () => given(v.pipe(v.string(say('phoneFormat')), v.regex(/^1\d{10}$/, say('phoneFormat'))));

/** A yes/no switch; absent is `fallback`. */
export const flag = (fallback = false) => v.optional(v.boolean(say('wrongType', { name: 'boolean' })), fallback);

/** An http(s) URL without credentials in it. */
export const isHttpUrl = (s: string): boolean => {
  try {
    const url = new URL(s);
    return ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password;
  } catch {
    return false;
  }
};

/** A required http(s) address of at most `max` characters, trimmed; anything else is refused with `message`. */
export const httpUrl = (max: number, message: RuleKey) =>
  given(v.pipe(v.string(say(message)), v.trim(), v.maxLength(max, say(message)), v.check(isHttpUrl, say(message))));

/** Where an issue points: its path's keys joined by dots ('templates.verify_code'), '' for the body as a whole. */
export const issueField = (issue: { readonly path?: ReadonlyArray<unknown> }): string =>
  (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p)).join('.');

/**
 * The first problem of each field of `input` by `schema`, as a form shows them: field (dotted path) -> message.
 * `fields` renames a path to the form's field that edits it ('templates.verify_code' -> 'template').
 */
export function fieldProblems(
  schema: v.GenericSchema,
  input: unknown,
  fields: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const result = v.safeParse(schema, input, { abortEarly: false });
  const problems: Record<string, string> = {};
  if (result.success) return problems;
  for (const issue of result.issues) {
    const path = issueField(issue);
    const field = Object.hasOwn(fields, path) ? fields[path] : path;
    if (!Object.hasOwn(problems, field)) problems[field] = issue.message;
  }
  return problems;
}

/** A name's English side, as menu entries, data-dictionary tables and fields have one: optional, at most 64 characters ('' : the console shows the Chinese one). */
export const englishName = () => v.optional(v.pipe(v.string(say('nameEnMax')), v.trim(), v.maxLength(64, say('nameEnMax'))), '');
