import * as v from 'valibot';
import { body, idList, optionalRowId, page, rowId } from '../kit.ts';
import { say } from '../messages.ts';
import { declareFields, declaredRules, textField } from '../resource.ts';

/** A role's own fields (角色管理), declared once: the role row, the role form and the save's rules. */
export const ROLE_FIELDS = declareFields({
  name: textField({ label: 'roleTitle', required: 'roleName', max: [32, 'roleNameMax'] }),
  /** shown when the console is in English ('' shows the name); absent from a save, an edit keeps the one it had */
  nameEn: {
    kind: 'text',
    label: 'entryNameEn',
    rule: v.optional(v.pipe(v.string(say('nameEnMax')), v.trim(), v.maxLength(64, say('nameEnMax')))),
    answer: v.optional(v.string()),
  },
});

/** /v1/role/save: a role added (no id) or renamed and moved; its parent is another of the tenant's roles or none. */
export const roleSave = body({ id: optionalRowId('roleId'), ...declaredRules(ROLE_FIELDS), parentId: optionalRowId('roleParent') });

/** /v1/role/del: one role. */
export const roleId = body({ id: rowId('roleId') });

/** /v1/role/list, /v1/role/tree: the tenant's roles. */
export const roleListing = body({});

/** /v1/role/treeByTenantId: the roles of a tenant, which can only be the caller's own. */
export const roleTreeOfTenant = body({ tenantId: optionalRowId('tenantId') });

/** /v1/rolePerm/list, /v1/role/queryRolePemission: one role's permissions. */
export const rolePermQuery = body({ roleId: rowId('roleId') });

/** /v1/rolePerm/save: one role's pages and buttons, all at once. */
export const rolePermSave = body({ roleId: rowId('roleId'), menuIds: idList({ message: 'menuIds', max: 5000 }) });

/** /v1/permission/copyRolePermission: one role's permissions given to another. */
export const rolePermCopy = body({ fromRoleId: rowId('roleId'), toRoleId: rowId('roleId') });

/** /v1/userRole/list: a page of one role's users. */
export const roleUsers = body({ roleId: rowId('roleId'), ...page() });

/** Ids sent as a form's text (one, repeated, or comma-separated) or as JSON numbers. */
const formIds = (message: 'userRoleUid' | 'userRoleRids') =>
  v.pipe(
    v.optional(v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))], say(message)), []),
    v.transform((x) => (Array.isArray(x) ? x : [x]).flatMap((s) => String(s).split(',')).filter((s) => s.trim() !== '')),
    v.check((xs) => xs.every((s) => /^\d{1,10}$/.test(s.trim()) && Number(s) > 0 && Number(s) < 2 ** 31), say(message)),
    v.transform((xs) => [...new Set(xs.map(Number))]),
  );

/** /v1/userRole/save (a multipart form, as the spec has it): one user's roles, exactly these. */
export const userRoleSave = body({
  uid: v.pipe(
    formIds('userRoleUid'),
    v.check((ids) => ids.length === 1, say('userRoleUid')),
    v.transform(([id]) => id),
  ),
  rids: formIds('userRoleRids'),
});

/** /v1/renant/selectUserRoleList: the tenant's users with their roles, or one user's. */
export const userRolesQuery = body({ uid: optionalRowId('userId') });
