import { PHONE_PATTERN } from '../api/contract.ts';

/** SPEC 5 shared checks: each answers true when the value passes. */

/** A phone number: 11 digits starting with 1. */
export const isPhone = (value: unknown): boolean => typeof value === 'string' && PHONE_PATTERN.test(value);

/** Required: not empty (a string of spaces is empty too). */
export const isFilled = (value: unknown): boolean =>
  !isEmpty(value) && (typeof value !== 'string' || value.trim() !== '') && (!Array.isArray(value) || value.length > 0);

/** Empty or undefined: undefined, null or ''. */
export const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

/** The whitespace check: true when the text has no space, tab or line break anywhere. */
export const hasNoWhitespace = (value: string): boolean => !/\s/.test(value);

/** The text check: true when no script, img or iframe tag is in the text (a hint for the user; React escapes anyway). */
export const hasNoUnsafeTags = (value: string): boolean => !/<\s*\/?\s*(script|img|iframe)\b/i.test(value);

/** Number format: a finite decimal number, optionally signed, with at most `decimals` fraction digits. */
export const isNumber = (value: string, decimals = Infinity): boolean => {
  const m = /^[+-]?\d+(?:\.(\d+))?$/.exec(value.trim());
  return Boolean(m) && (m![1]?.length ?? 0) <= decimals;
};

/** Duplicates under a key: the values of `key` that occur more than once, in first-seen order. */
export function duplicatesUnder<T>(items: readonly T[], key: keyof T): Array<T[keyof T]> {
  const seen = new Set<T[keyof T]>();
  const twice = new Set<T[keyof T]>();
  for (const item of items) {
    const v = item[key];
    if (seen.has(v)) twice.add(v);
    seen.add(v);
  }
  return [...twice];
}
