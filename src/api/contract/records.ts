/**
 * The data dictionary and its records: field types, tables, fields, records, schemas, document collections.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */
import { localLabel } from './language.ts';
import { PHONE_PATTERN } from './users.ts';

/** The field types a meta table may have; the business pages render each as its own control. */
export const META_FIELD_TYPES = [
  'text',
  'number',
  'money',
  'date',
  'datetime',
  'boolean',
  'enum',
  'reference',
  'image',
  'phone',
  'department',
] as const;
export type MetaFieldType = (typeof META_FIELD_TYPES)[number];

/** A machine name of a table or field: 2-40 lower-case letters, digits or underscores, starting with a letter. */
export const META_NAME_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export const META_NAME_RULE = '标识须为 2-40 位小写字母、数字或下划线，以字母开头';

export interface EnumOption {
  value: string;
  label: string;
  /** shown when the console is in English; absent or '': the label */
  labelEn?: string;
}

/**
 * A table's schema in the console's language: the table's and each field's English label where it has one (the
 * records engine then says every name the English way: columns, filters, the form, titles, the palette).
 */
export const schemaInLanguage = (schema: RecordSchema, english: boolean): RecordSchema =>
  english
    ? {
        ...schema,
        table: { ...schema.table, label: localLabel(schema.table, true) },
        fields: schema.fields.map((f) => ({ ...f, label: localLabel(f, true) })),
      }
    : schema;

export interface MetaFieldRow {
  id: number;
  tableId: number;
  name: string;
  label: string;
  /** the label in English ('' : the Chinese one is shown) */
  labelEn: string;
  type: MetaFieldType;
  options: EnumOption[];
  refTableId: number | null;
  required: boolean;
  unique: boolean;
  searchable: boolean;
  listColumn: boolean;
  defaultValue: unknown;
  sort: number;
  /** records hold a value for it (its type can no longer change) */
  inUse?: boolean;
}

/** A field type's name in the console: a key of both catalogues. */
export const metaTypeKey = (type: MetaFieldType) => `metaType_${type}` as const;

/** A menu component name (`group/name`), as the view registry keys pages. */
export const COMPONENT_PATTERN = /^[a-z][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)+$/;

/** The component a table's page gets when the table names none: custom/<标识>. */
export const derivedComponent = (tableName: string): string => `custom/${tableName}`;

/** A day of the calendar as a date field holds it, YYYY-MM-DD: 2026-02-30 and 2026-13-01 are none. */
export const isDay = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s);

/** Whether a default value fits the field's type (empty means none). */
export function defaultFits(type: MetaFieldType, value: unknown, options: readonly EnumOption[]): boolean {
  if (value === null || value === undefined || value === '') return true;
  switch (type) {
    case 'text':
    case 'image':
      return typeof value === 'string' && value.length <= 500;
    case 'phone':
      return typeof value === 'string' && PHONE_PATTERN.test(value);
    case 'number':
    case 'money':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isDay(value);
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'enum':
      return typeof value === 'string' && options.some((o) => o.value === value);
    case 'reference':
    case 'department':
      return false;
  }
}

/** A record as the records calls answer it: values by field name; labels of reference and department values. */
export interface MetaRecord {
  id: number;
  /** optimistic concurrency: a save names the version it edited; a stale one is refused */
  version: number;
  createdAt: string;
  updatedAt: string;
  values: Record<string, unknown>;
  /** what a reference or department value shows (the referenced record's title, the department's name) */
  labels: Record<string, string>;
}

/** What the records page renders from: the table, its fields, and which of its buttons the caller holds. */
export interface RecordSchema {
  table: { id: number; name: string; label: string; labelEn: string; remark: string; component: string };
  fields: MetaFieldRow[];
  /** the button codes this table's page has (`<table>:add` …) */
  codes: { add: string; edit: string; del: string; import: string; export: string };
}

/** A collection's name: as a table's, or with hyphens and dots (MongoDB collection names). */
export const COLLECTION_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_.-]{1,63}$/;
export const COLLECTION_FILE_MAX_BYTES = 5 * 1024 * 1024;
