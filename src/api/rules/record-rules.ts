import * as v from 'valibot';
import { EXPORT_LIMITS, type MetaFieldRow } from '../contract.ts';
import { recordValueSchema, type RecordValue } from '../schema/business/record-value.ts';

/**
 * The rules of a record's values, one for the browser's form and the server's every write. Apart from
 * contract.ts so that only the pages and the server that use them carry them (not the login route).
 */

/** Rows an import holds at most, and an export the browser writes (beyond, the export is a server job). */
export const RECORD_LIMITS = { maxImportRows: 2000, maxExportRows: EXPORT_LIMITS.browserMaxRows } as const;

export type { RecordValue };

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
