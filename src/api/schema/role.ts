import * as v from 'valibot';
import { body, optionalRowId, rowId, text } from './kit.ts';
import { say } from './messages.ts';

/** /v1/role/save: a role added (no id) or renamed and moved; its parent is another of the tenant's roles or none. */
export const roleSave = body({
  id: optionalRowId('roleId'),
  name: text({ required: 'roleName', max: [32, 'roleNameMax'] }),
  // absent: an edit keeps the English name it had (a client that does not know it)
  nameEn: v.optional(v.pipe(v.string(say('nameEnMax')), v.trim(), v.maxLength(64, say('nameEnMax')))),
  parentId: optionalRowId('roleParent'),
});

export type RoleSave = v.InferInput<typeof roleSave>;

/** /v1/role/del: one role. */
export const roleId = body({ id: rowId('roleId') });
