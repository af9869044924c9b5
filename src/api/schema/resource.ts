import * as v from 'valibot';
import { given, idList, text } from './kit.ts';
import { say, type RuleKey } from './messages.ts';
import { id } from '../table/define.ts';

/**
 * A resource's fields, each declared once (issue 44): its name in the console, its rule, the kind of value it
 * holds, and where it appears (a list column, the form, 详情, the sheets). The answer and save schemas, the kit's
 * list, form and detail, and for a stored field the server's SQL, the import template, the import and the export
 * all read it from here. A page overrides only what is its own (a cell that is a switch, a form field with a hint).
 */

/**
 * The kinds of value a declared field holds: the kit has one control (src/kit/form/field-control.tsx) and one cell for
 * each. `several`: some of fixed choices (a list of values); `url`: a web address; `secret`: typed hidden, shown only
 * as the server masks it.
 */
export type FieldKind =
  'text' | 'multiline' | 'phone' | 'number' | 'money' | 'choice' | 'several' | 'flag' | 'date' | 'datetime' | 'image' | 'url' | 'secret';

export interface FieldDeclaration {
  kind: FieldKind;
  /** its name in the console: a key of both message catalogues (src/i18n/messages-zh.ts, messages-en.ts) */
  label: string;
  /** the rule a save and the form check it by (its messages are rules of messages.ts, both languages); none: shown, never written */
  rule?: v.GenericSchema;
  /** how an answer holds it; text by default */
  answer?: v.GenericSchema;
  /** a choice's values, each with its name (a key of both catalogues) */
  choices?: ReadonlyArray<{ value: string | number; label: string }>;
  /**
   * several of the server's rows, by id: the choices are what the page's call offers (an API key's interfaces), given
   * to the form by `DeclaredFields`' `choices`, and a save sends the ids chosen as numbers
   */
  served?: true;
  /**
   * a list column: its width, whether it waits in the column chooser (列设置) until shown, whether it sorts the list,
   * whether its value is machine text (a name, a path: the monospace face, cut with the whole of it on hover; an
   * address always is), whether a time is shown to the minute
   */
  list?: { width: number; hiddenAtFirst?: boolean; sortable?: boolean; mono?: boolean; minutes?: boolean };
  /** a filter of the list: a choice by its choices, other kinds by the text typed */
  filter?: boolean;
  /** in the form: by default when it has a rule */
  form?: boolean;
  /** in 详情: by default yes */
  detail?: boolean;
  /** a stored field's column in the resource's table (lower-case letters and underscores): the server's SQL reads it */
  column?: string;
  /**
   * its heading in the import template and the exports: the sheet's own (Chinese) words, which an import reads back;
   * a field with a heading and no column is one of the sheet's own columns, its cells written by the server's own code
   */
  sheet?: string;
}

/** A resource's declared fields, by the name its calls give them, in the order they are shown. */
export type Declarations = Readonly<Record<string, FieldDeclaration>>;

/** A field the server stores from its declaration: its column, its sheet heading and its rule (users' 备注). */
export type StoredField = FieldDeclaration & { column: string; sheet: string; rule: v.GenericSchema };

/** Declares a resource's fields, checking each name is safe in a call and each column safe to write into SQL. */
export function declareFields<F extends Declarations>(fields: F): F {
  for (const [name, f] of Object.entries(fields)) {
    if (f.column !== undefined && !/^[a-z][a-z_]*$/.test(f.column))
      throw new Error(`field ${name}: column "${f.column}" must be lower-case letters and underscores`);
    if (!/^[a-z][A-Za-z]*$/.test(name)) throw new Error(`field ${name}: the name must be camelCase letters`);
    if ((f.kind === 'choice' || f.kind === 'several') && !f.choices?.length && !f.served)
      throw new Error(`field ${name}: a choice names its choices`);
  }
  return fields;
}

type TextRule = ReturnType<typeof text>;

/**
 * A text field: trimmed, up to `max` characters with its message, required when `required` names the message
 * for an empty one (else '' when absent). Several lines in the form when `multiline`.
 */
export const textField = <const O extends Omit<FieldDeclaration, 'kind' | 'rule'>>(
  opts: O & { max: readonly [number, RuleKey]; required?: RuleKey; multiline?: boolean },
) => {
  const { max, required, multiline, ...rest } = opts;
  return { ...rest, kind: multiline ? 'multiline' : 'text', rule: text({ max, required }) } as Omit<O, 'max' | 'required' | 'multiline'> & {
    kind: 'text' | 'multiline';
    rule: TextRule;
  };
};

/** The stored fields' names of a declaration, each with a `T`. */
type Stored<F extends Declarations, T> = { [K in keyof F as F[K] extends { column: string; sheet: string } ? K : never]: T };
/**
 * A choice among fixed values, each `[value, label key]` in the order offered: an answer holds one of the values;
 * `required` names the message for a save without one (then the form requires it), else it is shown, not written.
 */
export const choiceField = <
  const V extends string | number,
  const O extends Omit<FieldDeclaration, 'kind' | 'choices' | 'answer' | 'rule'>,
>(
  opts: O & { choices: ReadonlyArray<readonly [V, string]>; required?: RuleKey },
) => {
  const { choices, required, ...rest } = opts;
  const values = choices.map(([value]) => value) as [V, ...V[]];
  return {
    ...rest,
    kind: 'choice' as const,
    choices: choices.map(([value, label]) => ({ value, label })),
    answer: v.picklist(values),
    ...(required ? { rule: given(v.picklist(values, say(required)), '' as never) } : {}),
  } as Omit<O, 'choices' | 'required'> & {
    kind: 'choice';
    choices: Array<{ value: V; label: string }>;
    answer: v.PicklistSchema<[V, ...V[]], undefined>;
  } & (O extends { required: RuleKey } ? { rule: v.GenericSchema<V | '', V> } : unknown);
};

/**
 * Some of fixed choices, each `[value, label key]` in the order offered (a webhook's events): a save sends the values
 * chosen, each once; `required` names the message for none chosen, `each` the one for a value that is not a choice.
 */
export const severalField = <const V extends string, const O extends Omit<FieldDeclaration, 'kind' | 'choices' | 'answer' | 'rule'>>(
  opts: O & { choices: ReadonlyArray<readonly [V, string]>; required: RuleKey; each: RuleKey },
) => {
  const { choices, required, each, ...rest } = opts;
  const values = choices.map(([value]) => value) as [V, ...V[]];
  return {
    ...rest,
    kind: 'several' as const,
    choices: choices.map(([value, label]) => ({ value, label })),
    answer: v.array(v.string()),
    rule: given(
      v.pipe(
        v.array(v.picklist(values, say(each)), say(required)),
        v.minLength(1, say(required)),
        v.transform((chosen) => [...new Set(chosen)]),
      ),
      [],
    ),
  };
};

/**
 * Some of the server's rows, by id (an API key's interfaces): the page offers them from its call (`DeclaredFields`'
 * `choices`); a save sends the ids chosen, each once, at most `max` of them; `required` names the message for none
 * chosen, `message` the one for a value that is not an id.
 */
export const servedIdsField = <const O extends Omit<FieldDeclaration, 'kind' | 'choices' | 'answer' | 'rule' | 'served'>>(
  opts: O & { required: RuleKey; message: RuleKey; max: number },
) => {
  const { required, message, max, ...rest } = opts;
  return {
    ...rest,
    kind: 'several' as const,
    served: true as const,
    answer: v.array(v.number()),
    rule: idList({ message, max, required }),
  };
};

type Ruled<F extends Declarations> = {
  [K in keyof F as F[K] extends { rule: v.GenericSchema } ? K : never]: F[K]['rule'] & v.GenericSchema;
};
type Answered<F extends Declarations> = {
  [K in keyof F]: F[K] extends { answer: infer A extends v.GenericSchema } ? A : v.StringSchema<undefined>;
};

/** The rules a save (and the form) checks the declared fields by: each field's own, for those written. */
export const declaredRules = <F extends Declarations>(fields: F) =>
  Object.fromEntries(Object.entries(fields).flatMap(([name, f]) => (f.rule ? [[name, f.rule]] : []))) as Ruled<F>;

/**
 * A declared resource's row as its calls answer it: its id, its declared fields as an answer holds them, and what
 * it answers besides (`extra`: counts, times, a parent).
 */
export const declaredRow = <F extends Declarations, const E extends v.ObjectEntries = Record<never, never>>(fields: F, extra?: E) =>
  v.object({
    id: id(),
    ...(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.answer ?? v.string()])) as Answered<F>),
    ...((extra ?? {}) as E),
  });

/** The stored fields of a declaration (a column and a sheet heading each), by name, in declaration order: the server's SQL and sheets. */
export const storedEntries = (fields: Declarations): Array<[string, StoredField]> =>
  Object.entries(fields).filter((e): e is [string, StoredField] => e[1].column !== undefined && e[1].sheet !== undefined && !!e[1].rule);

/** A value as text: '' for none. */
export const valueText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

/** A declared field's value in a row as text: '' where the row has none. */
export const declaredValue = (row: object, name: string): string => valueText((row as Record<string, unknown>)[name]);

/** The stored fields' values of a row as text, by name (a form's initial values, a save's input). */
export const declaredValues = <F extends Declarations>(fields: F, row: object = {}) =>
  Object.fromEntries(storedEntries(fields).map(([name]) => [name, declaredValue(row, name)])) as Stored<F, string>;

/** The stored fields' values of a row as a sheet's cells (or SQL's parameters), in declaration order ('' where the row has none). */
export const declaredCells = (fields: Declarations, row: object = {}): string[] =>
  storedEntries(fields).map(([name]) => declaredValue(row, name));

/** The choice a value (or its text, as a form holds it) is, if it is one. */
const choiceOf = (f: FieldDeclaration, value: unknown) => f.choices?.find((c) => String(c.value) === String(value));

/** The name of a choice's value (a key of both catalogues), or null for a value that is not one of them. */
export const choiceLabel = (f: FieldDeclaration, value: unknown): string | null => choiceOf(f, value)?.label ?? null;

/**
 * The declared fields' values of a row as the form holds them (text for text, numbers and choices; true or false
 * for a flag, a new row's as its rule's default; the values chosen of several; a secret never), for the fields the
 * form shows.
 */
export const formValues = (fields: Declarations, row: object | null): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => inForm(f))
      .map(([name, f]) => {
        const value = row ? (row as Record<string, unknown>)[name] : undefined;
        // a new row's flag starts as its rule's default (a new subscription is enabled)
        if (f.kind === 'flag') return [name, row ? value === true : f.rule !== undefined && v.getDefault(f.rule as never) === true];
        if (f.kind === 'several') return [name, Array.isArray(value) ? value.map(String) : []];
        // a secret is never given back: the form starts empty, and an empty one keeps the stored secret
        return [name, f.kind === 'secret' ? '' : declaredValue(row ?? {}, name)];
      }),
  );

/**
 * The form's values as a save sends them: a number typed as digits is sent as a number and an empty one as none;
 * a choice as its declared value. Anything else is sent as typed, so that the rule refuses it with its own message.
 */
export const formBody = (fields: Declarations, values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => inForm(f))
      .map(([name, f]) => {
        const value = values[name];
        // the server's rows chosen, by id: the form holds each as its checkbox's text
        if (f.served && Array.isArray(value))
          return [name, value.map((one) => (typeof one === 'string' && /^\d+$/.test(one) ? Number(one) : one))];
        if (typeof value !== 'string') return [name, value];
        const typed = value.trim();
        if (f.kind === 'number' || f.kind === 'money') return [name, typed === '' ? null : /^\d+$/.test(typed) ? Number(typed) : value];
        if (f.kind === 'choice') return [name, choiceOf(f, value)?.value ?? (value === '' ? null : value)];
        return [name, value];
      }),
  );

/** A save's body from the form's values (formBody), with the id of the row it edits (none: it adds one). */
export const saveBody = (fields: Declarations, row: { id: number } | null, values: Record<string, unknown>): Record<string, unknown> => ({
  ...(row ? { id: row.id } : {}),
  ...formBody(fields, values),
});

/** Whether the form shows a field: as declared, else when it has a rule. */
export const inForm = (f: FieldDeclaration) => f.form ?? f.rule !== undefined;
