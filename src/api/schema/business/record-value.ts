import * as v from 'valibot';
import { isDay, type MetaFieldRow } from '../../contract/records.ts';
import { PHONE_PATTERN } from '../../contract/users.ts';
import { isHttpUrl, saysUnread } from '../kit.ts';
import { say } from '../messages.ts';

/*
 * The schema of one value of a data-dictionary field, by the field's type: what a records page's form, an import's
 * cell and the server's every write check. Built from the same blocks and messages (by key, with English) as the
 * system pages' schemas, so a phone in 会员列表 and a phone in 用户管理 are the same rule.
 */

/** An enum field's options as its refusal lists them (valueOption): 普卡、银卡、金卡. */
export const optionsListed = (options: ReadonlyArray<{ label: string }>): string => options.map((o) => o.label).join('、');

export type RecordValue = string | number | boolean | null;
type Field = Pick<MetaFieldRow, 'label' | 'type' | 'required' | 'options'>;

/** A text value's length at most, as the users form's longest free text. */
export const VALUE_TEXT_MAX = 500;
/** An image is an http(s) address or one of this server's own paths (uploads). */
const isImage = (s: string) =>
  s.startsWith('/') ? /^\/[^\s<>"']{1,490}$/.test(s) : s.length <= 500 && isHttpUrl(s) && !/[\s<>"']/.test(s);
const YES = new Set<unknown>(['true', '是', '1', 1]);
const NO = new Set<unknown>(['false', '否', '0', 0]);

function typed(field: Field): v.GenericSchema<unknown, RecordValue> {
  const label = field.label;
  switch (field.type) {
    case 'text':
      return v.pipe(
        v.union([v.string(), v.pipe(v.number(), v.transform(String))], say('valueText', { label })),
        v.maxLength(VALUE_TEXT_MAX, say('valueTextMax', { label, max: VALUE_TEXT_MAX })),
      );
    case 'phone':
      return v.pipe(v.string(say('valuePhone', { label })), v.regex(PHONE_PATTERN, say('valuePhone', { label })));
    case 'image':
      return v.pipe(v.string(say('valueImage', { label })), v.check(isImage, say('valueImage', { label })));
    case 'number':
    case 'money': {
      const number = v.pipe(
        v.union(
          [v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, say('valueNumber', { label })), v.transform(Number))],
          say('valueNumber', { label }),
        ),
        v.check((n) => Number.isFinite(n) && Math.abs(n) <= 1e12, say('valueNumber', { label })),
      );
      if (field.type === 'number') return number;
      return v.pipe(
        number,
        v.check((n) => Math.abs(Math.round(n * 100) - n * 100) <= 1e-6, say('valueMoney', { label })),
        v.transform((n) => Math.round(n * 100) / 100),
      );
    }
    case 'boolean':
      return v.pipe(
        v.unknown(),
        v.check((x) => typeof x === 'boolean' || YES.has(x) || NO.has(x), say('valueBoolean', { label })),
        v.transform((x) => (typeof x === 'boolean' ? x : YES.has(x))),
      );
    case 'date':
      return v.pipe(
        v.string(say('valueDate', { label })),
        saysUnread<string>((text) => say('valueDayUnread', { label, text })),
        v.check(isDay, say('valueDate', { label })),
      );
    case 'datetime':
      return v.pipe(
        v.string(say('valueDatetime', { label })),
        saysUnread<string>((text) => say('valueTimeUnread', { label, text })),
        v.check((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), say('valueDatetime', { label })),
        v.transform((s) => new Date(s).toISOString()),
      );
    case 'enum': {
      const message = say('valueOption', { label, options: optionsListed(field.options) });
      const find = (x: unknown) => field.options.find((o) => o.value === String(x) || o.label === String(x));
      return v.pipe(
        v.union([v.string(), v.number()], message),
        v.check((x) => find(x) !== undefined, message),
        v.transform((x) => find(x)!.value),
      );
    }
    case 'reference':
    case 'department': {
      const message = say('valuePick', { label });
      return v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, message), v.transform(Number))], message),
        v.integer(message),
        v.minValue(1, message),
        v.maxValue(2 ** 53 - 1, message),
      );
    }
  }
}

const cache = new WeakMap<Field, v.GenericSchema<unknown, RecordValue>>();

/** Text trimmed; blank text, null and absent are no value. */
const given = v.transform((x: unknown) => (typeof x === 'string' ? x.trim() || undefined : (x ?? undefined)));

/**
 * The schema of a field's value: no value is null or, when the field is required, refused; the rest goes by type.
 * Reference and department ids are checked for existence by the server.
 */
export function recordValueSchema(field: Field): v.GenericSchema<unknown, RecordValue> {
  let schema = cache.get(field);
  if (!schema) {
    const value = typed(field);
    schema = v.pipe(
      v.unknown(),
      given,
      field.required ? v.nonNullish(value, say('valueRequired', { label: field.label })) : v.nullish(value, null),
    ) as v.GenericSchema<unknown, RecordValue>;
    cache.set(field, schema);
  }
  return schema;
}
