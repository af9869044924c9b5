import * as v from 'valibot';
import { body, optionalRowId, rowId } from '../kit.ts';
import { declareFields, declaredRow, declaredRules, textField } from '../resource.ts';

/**
 * The departments' fields, declared once (src/api/schema/resource.ts): the name is written; how many accounts and
 * business records are in a department is shown (one that holds any cannot be deleted).
 */
export const DEPART_FIELDS = declareFields({
  departName: textField({ label: 'departName', required: 'departName', max: [32, 'departNameMax'], list: { width: 220 } }),
  users: { kind: 'number', label: 'departUsers', list: { width: 110 }, answer: v.number() },
  records: { kind: 'number', label: 'departRecords', list: { width: 110 }, answer: v.number() },
});

/** A department with what hangs on it. */
export const departRow = declaredRow(DEPART_FIELDS);

/** /v1/depart/list: no parameters. */
export const departList = body({});

/** /v1/depart/save: a department added or renamed. */
export const departSave = body({ id: optionalRowId('departId'), ...declaredRules(DEPART_FIELDS) });

/** /v1/depart/del: one department. */
export const departId = body({ id: rowId('departId') });
