import * as v from 'valibot';
import { COMPONENT_PATTERN, META_NAME_PATTERN } from '../contract.ts';
import { body, flag, given, keyword, optionalRowId, page, rowId, text } from './kit.ts';
import { say } from './messages.ts';

/** /v1/metaData/selMetaTableList: a page of the tenant's tables, found by a word of their name, label or remark. */
export const metaTableList = body({ ...page(20, 500), keyword: keyword(50) });

/**
 * /v1/metaData/saveMetaTable: a table of the data dictionary. Its component, when given, is the menu page that
 * renders it (group/name).
 */
export const metaTableSave = body({
  id: optionalRowId('metaTableId'),
  name: given(v.pipe(v.string(say('metaName')), v.trim(), v.nonEmpty(say('metaName')), v.regex(META_NAME_PATTERN, say('metaNameRule')))),
  label: text({ required: 'metaLabel', max: [32, 'nameMax32'] }),
  remark: text({ max: [200, 'remarkMax'] }),
  component: v.optional(
    v.pipe(
      v.string(say('metaComponent')),
      v.trim(),
      v.check((s) => s === '' || COMPONENT_PATTERN.test(s), say('metaComponent')),
    ),
    '',
  ),
});

/** /v1/metaData/delMetaTable: one table. */
export const metaTableId = body({ id: rowId('metaTableId') });

/** /v1/metaData/selMetaFieldList: one table's fields. */
export const metaFieldList = body({ tableId: rowId('metaTableId') });

/** /v1/metaData/delMetaField: one field; `confirm` when the user was told its data goes with it. */
export const metaFieldDelete = body({ id: rowId('metaFieldId'), confirm: flag(false) });
