import * as v from 'valibot';
import { text } from './kit.ts';
import type { RuleKey } from './messages.ts';

/**
 * A text field of a resource, declared once (issue 44): the server's SQL, the answer and save schemas, the list's
 * column, the form, the detail, the import template, the import and the export all read it from here.
 */
export interface TextFieldDeclaration {
  /** its column in the resource's table (lower-case letters and underscores) */
  column: string;
  /** its name in the console: a key of both message catalogues (src/i18n/messages-zh.ts, messages-en.ts) */
  label: string;
  /** its heading in the import template and the exports: the sheet's own (Chinese) words, which an import reads back */
  sheet: string;
  /** its longest value, and the rule message that says so (src/api/schema/messages.ts, both languages) */
  max: readonly [number, RuleKey];
  /** in the list: its width, and whether it waits in the column chooser (列设置) until shown */
  list: { width: number; hiddenAtFirst?: boolean };
  /** several lines in the form */
  multiline?: boolean;
}

/** A resource's declared fields, by the name its calls give them. */
export type Declarations = Readonly<Record<string, TextFieldDeclaration>>;

/** Declares a resource's fields, checking each column name is safe to write into SQL. */
export function declareFields<F extends Declarations>(fields: F): F {
  for (const [name, f] of Object.entries(fields)) {
    if (!/^[a-z][a-z_]*$/.test(f.column)) throw new Error(`field ${name}: column "${f.column}" must be lower-case letters and underscores`);
    if (!/^[a-z][A-Za-z]*$/.test(name)) throw new Error(`field ${name}: the name must be camelCase letters`);
  }
  return fields;
}

type TextRule = ReturnType<typeof text>;

/** The rules a save (and the form) checks declared fields by: trimmed text up to its length, '' when absent. */
export const declaredRules = <F extends Declarations>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, text({ max: f.max })])) as {
    [K in keyof F]: TextRule;
  };

/** The declared fields as an answer holds them. */
export const declaredRow = <F extends Declarations>(fields: F) =>
  Object.fromEntries(Object.keys(fields).map((name) => [name, v.string()])) as { [K in keyof F]: v.StringSchema<undefined> };

/** The declared fields' values of a row, in declaration order (a sheet's cells, a form's initial values). */
export const declaredValues = <F extends Declarations>(fields: F, row: object = {}) => {
  const cells = declaredCells(fields, row);
  return Object.fromEntries(Object.keys(fields).map((name, i) => [name, cells[i]])) as { [K in keyof F]: string };
};

/** The declared fields by name, in declaration order. */
export const declaredEntries = (fields: Declarations): Array<[string, TextFieldDeclaration]> => Object.entries(fields);

/** A declared field's value in a row: its text, '' where the row has none (or not text). */
export const declaredValue = (row: object, name: string): string => {
  const value = (row as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/** The declared fields' values of a row as a sheet's cells, in declaration order ('' where the row has none). */
export const declaredCells = (fields: Declarations, row: object = {}): string[] =>
  Object.keys(fields).map((name) => declaredValue(row, name));
