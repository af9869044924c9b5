import { declaredValue, type Declarations } from '@/api/schema/resource.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import type { T } from '@/i18n/use-t.ts';
import type { Column } from '../table/data-table.tsx';
import type { FormApi } from './use-form.ts';
import { ControlField } from './field-control.tsx';

/** A declared field's name in the console's language (its label is a key of both catalogues). */
const labelOf = (t: T, label: string) => t(label as MessageKey);

/** A resource's declared fields as list columns: as wide as declared, waiting in 列设置 when declared so. */
export function declaredColumns<R extends object>(fields: Declarations, t: T): Column<R>[] {
  return Object.entries(fields).map(([name, f]) => ({
    key: name,
    title: labelOf(t, f.label),
    width: f.list.width,
    hiddenAtFirst: f.list.hiddenAtFirst,
    render: (row: R) => declaredValue(row, name) || '--',
  }));
}

/** A resource's declared fields as 详情 lists them: each name and its value. */
export const declaredDetails = (fields: Declarations, t: T, row: object): Array<[string, string]> =>
  Object.entries(fields).map(([name, f]) => [labelOf(t, f.label), declaredValue(row, name) || '--']);

/** A resource's declared fields in its form, each bound to the form (its rule, its message under it), in the kit's control for its kind. */
export function DeclaredFields<V extends Record<string, unknown>>({ fields, form, t }: { fields: Declarations; form: FormApi<V>; t: T }) {
  return (
    <>
      {Object.entries(fields).map(([name, f]) => (
        <ControlField
          key={name}
          form={form}
          name={name as keyof V & string}
          label={labelOf(t, f.label)}
          kind={f.multiline ? 'multiline' : 'text'}
        />
      ))}
    </>
  );
}
