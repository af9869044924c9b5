import { body, optionalRowId, rowId, text } from '../kit.ts';

/** /v1/depart/list: no parameters. */
export const departList = body({});

/** /v1/depart/save: a department added or renamed. */
export const departSave = body({
  id: optionalRowId('departId'),
  departName: text({ required: 'departName', max: [32, 'departNameMax'] }),
});

/** /v1/depart/del: one department. */
export const departId = body({ id: rowId('departId') });
