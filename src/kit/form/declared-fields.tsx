import {
  choiceLabel,
  declaredValue,
  inForm,
  valueText,
  type Declarations,
  type FieldDeclaration,
  type FieldKind,
} from '@/api/schema/resource.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import { useT, type T } from '@/i18n/use-t.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import type { Column } from '../table/data-table.tsx';
import type { FilterField } from '../list/filter-bar.tsx';
import type { FormApi } from './use-form.ts';
import { ControlField } from './field-control.tsx';
import type { Choice } from './controls/choice-select.tsx';
import { Mono } from '../table/mono.tsx';

/** A declared name (a field's, a choice's) in the console's language: it is a key of both catalogues. */
const labelOf = (t: T, label: string) => t(label as MessageKey);

/** A value of a choice by its name, or as it is when it is none of the choices. */
const choiceText = (f: FieldDeclaration, value: unknown, t: T) => {
  const label = choiceLabel(f, value);
  return label ? labelOf(t, label) : String(value);
};

/** How the kit says a declared field's value in a cell or 详情; an instant in the tenant's zone. */
export interface CellText {
  t: T;
  formatInstant: (value: string, part?: 'minutes') => string;
}

/** The console's words and the tenant's zone, as a page's declared cells and 详情 say them. */
export const useCellText = (): CellText => ({ t: useT(), formatInstant: useFormatInstant() });

/**
 * A value of a kind as text, the one rule for a cell and 详情 (the declared fields and the data dictionary's records
 * alike): a flag as 是/否, money with two decimals, a time in the tenant's zone, '--' for none. A choice's value is
 * said as it is: its name is the caller's (its declaration's, or the option's a record field has).
 */
export function kindText(kind: FieldKind, value: unknown, { t, formatInstant }: CellText): string {
  if (kind === 'flag') return value === true ? t('yes') : value === false ? t('no') : '--';
  const text = valueText(value);
  if (!text) return '--';
  if (kind === 'money' && typeof value === 'number') return value.toFixed(2);
  if (kind === 'datetime') return formatInstant(text);
  return text;
}

/** A declared field's value as text: a choice by its name, else as its kind says (kindText). */
export function declaredText(f: FieldDeclaration, row: object, name: string, cell: CellText): string {
  const value = (row as Record<string, unknown>)[name];
  if (f.kind === 'several') return Array.isArray(value) && value.length ? value.map((one) => choiceText(f, one, cell.t)).join('、') : '--';
  if (f.kind === 'choice' && declaredValue(row, name)) return choiceText(f, value, cell.t);
  return kindText(f.kind, value, cell);
}

/**
 * A resource's declared list fields as columns: as wide as declared, sortable and waiting in 列设置 when declared so.
 * `own` replaces what a page says itself of a column (a cell that is a switch, a name for none); `after` puts a
 * page's own columns after the named field's (a template beside its signature).
 */
export function declaredColumns<R extends object>(
  fields: Declarations,
  cell: CellText,
  own: Readonly<Record<string, Partial<Column<R>>>> = {},
  after: Readonly<Record<string, readonly Column<R>[]>> = {},
): Column<R>[] {
  return Object.entries(fields).flatMap(([name, f]) => {
    if (!f.list) return [];
    const mono = f.list.mono || f.kind === 'url' || f.kind === 'secret';
    // a time the list shows to the minute; 详情 shows it whole
    const text = (row: R) =>
      f.kind === 'datetime' && f.list?.minutes && declaredValue(row, name)
        ? cell.formatInstant(declaredValue(row, name), 'minutes')
        : declaredText(f, row, name, cell);
    const column: Column<R> = {
      key: name,
      title: labelOf(cell.t, f.label),
      width: f.list.width,
      sortable: f.list.sortable,
      hiddenAtFirst: f.list.hiddenAtFirst,
      render: (row: R) => (mono ? <Mono>{text(row)}</Mono> : text(row)),
      ...(mono && f.kind !== 'secret' ? { ellipsis: (row: R) => declaredValue(row, name) } : {}),
      ...own[name],
    };
    return [column, ...(after[name] ?? [])];
  });
}

/** A resource's declared fields as 详情 lists them: each name and its value; `own` says a page's own value of a field. */
export const declaredDetails = <R extends object>(
  fields: Declarations,
  cell: CellText,
  row: R,
  own: Readonly<Record<string, (row: R) => string>> = {},
): Array<[string, string]> =>
  Object.entries(fields)
    .filter(([, f]) => f.detail !== false)
    .map(([name, f]) => [labelOf(cell.t, f.label), own[name] ? own[name](row) : declaredText(f, row, name, cell)]);

/** A resource's declared filters, in declaration order: a choice among its choices (全部 first), else the text typed. */
export const declaredFilters = (fields: Declarations, t: T): FilterField[] =>
  Object.entries(fields)
    .filter(([, f]) => f.filter)
    .map(([name, f]) =>
      f.kind === 'choice'
        ? {
            name,
            label: labelOf(t, f.label),
            kind: 'select',
            options: (f.choices ?? []).map((c) => ({ value: String(c.value), label: labelOf(t, c.label) })),
          }
        : { name, label: labelOf(t, f.label) },
    );

/**
 * A resource's declared form fields, each in the kit's control for its kind and bound to the form (its rule, its
 * required mark, its message under it). `hints` puts a page's words under a field; `only` or `omit` renders a part,
 * where a page puts a control of its own between declared fields (a new field then shows where `omit` is);
 * `disabled` shows a field that may not be changed here; `choices` gives a served field (`servedIdsField`) the rows
 * the page's call offers.
 */
export function DeclaredFields<V extends Record<string, unknown>>({
  fields,
  form,
  t,
  hints = {},
  only,
  omit = [],
  disabled = [],
  choices = {},
}: {
  fields: Declarations;
  form: FormApi<V>;
  t: T;
  hints?: Readonly<Record<string, string | undefined>>;
  only?: readonly string[];
  omit?: readonly string[];
  /** fields shown but not to be changed here (the platform tenant's status) */
  disabled?: readonly string[];
  /** a served field's choices, by field: the server's rows as the page's call offered them */
  choices?: Readonly<Record<string, readonly Choice[]>>;
}) {
  return (
    <>
      {Object.entries(fields)
        .filter(([name, f]) => inForm(f) && (only ? only.includes(name) : !omit.includes(name)))
        .map(([name, f]) => (
          <ControlField
            key={name}
            form={form}
            name={name as keyof V & string}
            label={labelOf(t, f.label)}
            hint={hints[name]}
            disabled={disabled.includes(name)}
            kind={f.kind}
            options={choices[name] ?? f.choices?.map((c) => ({ value: String(c.value), label: labelOf(t, c.label) }))}
          />
        ))}
    </>
  );
}
