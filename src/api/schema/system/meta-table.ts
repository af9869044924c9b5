import * as v from 'valibot';
import {
  COMPONENT_PATTERN,
  META_FIELD_TYPES,
  META_NAME_PATTERN,
  defaultFits,
  metaTypeKey,
  type EnumOption,
  type MetaFieldType,
} from '../../contract/records.ts';
import { body, englishName, flag, given, keyword, optionalRowId, page, rowId } from '../kit.ts';
import { say } from '../messages.ts';
import { choiceField, declareFields, declaredRules, textField } from '../resource.ts';
import { isSystemPage } from '../../rules/system-pages.ts';

/** A table's or a field's 标识: lower-case letters, digits and underscores, a letter first. */
const metaName = given(
  v.pipe(v.string(say('metaName')), v.trim(), v.nonEmpty(say('metaName')), v.regex(META_NAME_PATTERN, say('metaNameRule'))),
);

/** /v1/metaData/selMetaTableList: a page of the tenant's tables, found by a word of their name, label or remark. */
export const metaTableList = body({ ...page(20, 500), keyword: keyword(50) });

/**
 * A data-dictionary table's fields (系统管理 › 数据字典), declared once: the tables list's columns, the table form and
 * the save's rules. Its component, when given, is the menu page that renders it (group/name); a system page's is
 * never a table's.
 */
export const META_TABLE_FIELDS = declareFields({
  name: {
    kind: 'text',
    label: 'metaName',
    list: { width: 140, mono: true },
    rule: metaName,
  },
  label: textField({ label: 'metaLabel', required: 'metaLabel', max: [32, 'nameMax32'], list: { width: 130 } }),
  /** its name in English ('' : the console shows the Chinese one) */
  labelEn: { kind: 'text', label: 'entryNameEn', rule: englishName(), detail: false },
  remark: textField({ label: 'remark', max: [200, 'remarkMax'], multiline: true, list: { width: 160 } }),
  component: {
    kind: 'text',
    label: 'metaComponent',
    list: { width: 170, mono: true },
    rule: v.optional(
      v.pipe(
        v.string(say('metaComponent')),
        v.trim(),
        v.check((s) => s === '' || COMPONENT_PATTERN.test(s), say('metaComponent')),
        v.check(
          (s) => !isSystemPage(s),
          (issue) => say('systemComponent', { name: String(issue.input) }),
        ),
      ),
      '',
    ),
  },
  fieldCount: { kind: 'number', label: 'fieldCount', list: { width: 70 }, answer: v.number() },
  recordCount: { kind: 'number', label: 'recordCount', list: { width: 70 }, answer: v.number() },
  updatedAt: { kind: 'datetime', label: 'updatedAt', list: { width: 150, minutes: true } },
});

/** /v1/metaData/saveMetaTable: a table of the data dictionary. */
export const metaTableSave = body({ id: optionalRowId('metaTableId'), ...declaredRules(META_TABLE_FIELDS) });

/** /v1/metaData/delMetaTable: one table. */
export const metaTableId = body({ id: rowId('metaTableId') });

/** /v1/metaData/selMetaFieldList: one table's fields. */
export const metaFieldList = body({ tableId: rowId('metaTableId') });

/** /v1/metaData/delMetaField: one field; `confirm` when the user was told its data goes with it. */
export const metaFieldDelete = body({ id: rowId('metaFieldId'), confirm: flag(false) });

const optionText = (max: number) =>
  v.pipe(
    v.string(say('metaOptionsBlank')),
    v.trim(),
    v.transform((s) => s.slice(0, max)),
  );

/** An enum field's choice: its stored value, its label, and the label in English (optional). */
const enumOption = v.object(
  {
    value: optionText(64),
    label: optionText(64),
    labelEn: v.optional(optionText(64)),
  },
  say('metaOptionsBlank'),
);

/**
 * A data-dictionary field's fields (数据字典 › 字段), declared once: the fields list's columns, the field form and
 * the save's rules. An enum's options, a reference's table and the default are the field form's own inputs.
 */
export const META_FIELD_FIELDS = declareFields({
  name: { kind: 'text', label: 'metaName', list: { width: 130, mono: true }, rule: metaName },
  label: textField({ label: 'metaLabel', required: 'metaLabel', max: [32, 'nameMax32'], list: { width: 120 } }),
  labelEn: { kind: 'text', label: 'entryNameEn', rule: englishName(), detail: false },
  type: choiceField({
    label: 'metaType',
    choices: META_FIELD_TYPES.map((type) => [type, metaTypeKey(type)] as const),
    required: 'metaFieldType',
    list: { width: 130 },
  }),
  required: { kind: 'flag', label: 'fieldRequired', rule: flag(), answer: v.boolean() },
  unique: { kind: 'flag', label: 'fieldUnique', rule: flag(), answer: v.boolean() },
  searchable: { kind: 'flag', label: 'fieldSearchable', rule: flag(), answer: v.boolean() },
  listColumn: { kind: 'flag', label: 'fieldListColumn', rule: flag(true), answer: v.boolean() },
});

/** A field's inputs, each by its own rule: the declared ones and the form's own. */
const fieldBody = body({
  id: optionalRowId('metaFieldId'),
  tableId: rowId('metaTableId'),
  ...declaredRules(META_FIELD_FIELDS),
  options: v.optional(v.pipe(v.array(enumOption, say('metaOptionsBlank')), v.maxLength(200, say('metaOptionsMax'))), []),
  refTableId: optionalRowId('metaRefTable'),
  defaultValue: v.pipe(
    v.optional(v.unknown()),
    v.transform((x) => (x === '' || x === undefined ? null : x)),
  ),
});

/** A field as a save gives it to the server (its id none when new). */
export type MetaFieldInput = Omit<v.InferOutput<typeof fieldBody>, 'id'> & { id?: number | null };

/**
 * The rules across a field's inputs (an enum's options, a reference's table, a default that fits the type), each
 * named under the input it is about; a rule runs only once the inputs it reads are well-formed.
 */
const fieldAcross = v.rawCheck<v.InferOutput<typeof fieldBody>>(({ dataset, addIssue }) => {
  const f = dataset.value as unknown as Record<string, unknown>;
  if (typeof f !== 'object' || f === null || !(META_FIELD_TYPES as readonly unknown[]).includes(f.type)) return;
  const type = f.type as MetaFieldType;
  const at = (key: string, message: string) =>
    addIssue({ message, path: [{ type: 'object', origin: 'value', input: f, key, value: f[key] }] });
  const options = Array.isArray(f.options) ? (f.options as EnumOption[]) : null;
  if (type === 'enum' && options) {
    if (!options.length) at('options', say('metaOptionsEmpty'));
    else if (options.some((o) => !String(o?.value ?? '').trim() || !String(o?.label ?? '').trim())) at('options', say('metaOptionsBlank'));
    else if (new Set(options.map((o) => o.value)).size !== options.length) at('options', say('metaOptionsDup'));
  }
  if (type === 'reference' && (f.refTableId === null || f.refTableId === undefined || f.refTableId === '')) {
    at('refTableId', say('metaRefRequired'));
  }
  const given = f.defaultValue !== null && f.defaultValue !== undefined && f.defaultValue !== '';
  if ((type === 'reference' || type === 'department') && given) at('defaultValue', say('metaRefDefault'));
  else if (options !== null && !defaultFits(type, f.defaultValue, options)) at('defaultValue', say('metaDefault'));
});

/**
 * /v1/metaData/saveMetaField, and the field form's rules: a field of a table, its type, an enum's options, a
 * reference's table and a default that fits the type.
 */
export const metaFieldSave = v.pipe(fieldBody, fieldAcross);
