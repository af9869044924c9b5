import * as v from 'valibot';
import { EXPORT_LIMITS, LIST_LIMITS } from '../contract/jobs.ts';
import { type MetaFieldRow } from '../contract/records.ts';
import { recordValueSchema, type RecordValue } from '../schema/business/record-value.ts';

/**
 * The rules of a record's values, one for the browser's form and the server's every write. Apart from
 * src/api/contract/ so that only the pages and the server that use them carry them (not the login route).
 */

/** Rows an import holds at most, and an export the browser writes (beyond, the export is a server job). */
export const RECORD_LIMITS = { maxImportRows: 2000, maxExportRows: EXPORT_LIMITS.browserMaxRows } as const;

export type { RecordValue };

/** Field types whose values lists sort by (amounts, days, times): each has a btree index, searchable or not. */
const ORDERED_TYPES: ReadonlySet<string> = new Set(['number', 'money', 'date', 'datetime']);

/**
 * The index a field's values have on the server: a searchable text field a trigram index (contains); any other
 * searchable field, and every number, money, date and time field (lists sort by them), a btree on its JSON value;
 * else none.
 */
export const indexKind = (field: Pick<MetaFieldRow, 'type' | 'searchable'>): 'trigram' | 'btree' | null =>
  field.searchable && (field.type === 'text' || field.type === 'phone')
    ? 'trigram'
    : field.searchable || ORDERED_TYPES.has(field.type)
      ? 'btree'
      : null;

/**
 * Whether a list of `counted` rows may be sorted by `field`: one with a btree always (its index gives the order); any
 * other but an image only up to LIST_LIMITS.exactCountUpTo rows, where sorting every match stays within a page's
 * budget. The columns offer the sort by it; the server refuses it past that (a million members by nickname).
 */
export const sortableBy = (field: Pick<MetaFieldRow, 'type' | 'searchable'>, counted: { count: number; countEstimated?: boolean }) =>
  field.type !== 'image' && (indexKind(field) === 'btree' || (!counted.countEstimated && counted.count <= LIST_LIMITS.exactCountUpTo));

/**
 * Checks and normalises one value a user gave for a field (the form, an import cell, an API call) with the field's
 * schema (recordValueSchema): the stored value, or the first problem in the product's language.
 */
export function recordValue(
  field: Pick<MetaFieldRow, 'label' | 'type' | 'required' | 'options'>,
  raw: unknown,
): { value: RecordValue } | { problem: string } {
  const r = v.safeParse(recordValueSchema(field), raw);
  return r.success ? { value: r.output } : { problem: r.issues[0].message };
}

/**
 * A record's own value (or label) of a field: a field may be named like Object.prototype's members (constructor,
 * toString), which a plain `values[name]` would read from the prototype.
 */
export const ownValue = <T>(of: Record<string, T>, name: string): T | undefined => (Object.hasOwn(of, name) ? of[name] : undefined);

/** Every field's problem for a form's values (empty when the record may be saved). */
export function recordProblems(fields: readonly MetaFieldRow[], values: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of fields) {
    const r = recordValue(f, ownValue(values, f.name));
    if ('problem' in r) problems[f.name] = r.problem;
  }
  return problems;
}
