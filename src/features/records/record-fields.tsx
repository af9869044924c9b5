import { localLabel } from '@/api/contract/language.ts';
import { type MetaFieldRow, type MetaFieldType } from '@/api/contract/records.ts';
import { type DepartRef } from '@/api/contract/session.ts';
import type { ControlKind, ControlSpec } from '@/kit/form/field-control.tsx';

/** The kit's kind for each field type of the data dictionary: its control (a reference has the records' own picker) and its cell. */
const KIND: Record<MetaFieldType, ControlKind> = {
  reference: 'text',
  text: 'text',
  phone: 'phone',
  number: 'number',
  money: 'money',
  enum: 'choice',
  department: 'choice',
  boolean: 'flag',
  date: 'date',
  datetime: 'datetime',
  image: 'image',
};

/** The kit's kind of a record field's values (a reference's, a department's and an option's names are the server's or the field's). */
export const recordKind = (type: MetaFieldType): ControlKind => KIND[type];

/** How the kit's form renders a record field: its kind, and a choice's options (a department is chosen by its id). */
export function recordControl(field: MetaFieldRow, departs: readonly DepartRef[], english: boolean): ControlSpec | null {
  if (field.type === 'reference') return null;
  const kind = KIND[field.type];
  if (field.type === 'enum') return { kind, options: field.options.map((o) => ({ value: o.value, label: localLabel(o, english) })) };
  if (field.type === 'department')
    return { kind, options: departs.map((d) => ({ value: String(d.id), label: d.departName })), fromChoice: (v) => (v ? Number(v) : null) };
  return { kind, maxLength: field.type === 'text' ? 500 : undefined };
}
