import * as v from 'valibot';
import { TENANT_CODE_PATTERN } from '../../contract/platform.ts';
import { isTimeZone } from '../../contract/settings.ts';
import { ACCOUNT_PATTERN, PHONE_PATTERN } from '../../contract/users.ts';
import { settingKind } from '../session/session.ts';
import { body, given, idList, keyword, optionalInstant, page, wholeNumber } from '../kit.ts';
import { say } from '../messages.ts';
import { choiceField, declareFields, declaredRules, textField } from '../resource.ts';
import { adds } from '../../table/define.ts';

/**
 * A tenant's fields (租户管理), declared once: the tenants list's columns, the tenant form and the save's rules. A
 * new tenant also names its first admin's account (tenantAdd).
 */
export const TENANT_FIELDS = declareFields({
  name: textField({ label: 'tenantName', required: 'tenantName', max: [50, 'tenantNameMax'], list: { width: 170 } }),
  code: {
    kind: 'text',
    label: 'tenantCode',
    list: { width: 110 },
    rule: given(
      v.pipe(v.string(say('tenantCode')), v.trim(), v.nonEmpty(say('tenantCode')), v.regex(TENANT_CODE_PATTERN, say('tenantCodeRule'))),
    ),
  },
  contactName: textField({ label: 'contactName', max: [32, 'tenantContactMax'], list: { width: 150 } }),
  contactPhone: {
    kind: 'phone',
    label: 'contactPhone',
    rule: v.optional(
      v.pipe(
        v.string(say('tenantPhone')),
        v.trim(),
        v.check((s) => s === '' || PHONE_PATTERN.test(s), say('tenantPhone')),
      ),
      '',
    ),
  },
  status: choiceField({
    label: 'status',
    choices: [
      [1, 'enabled'],
      [0, 'disabled'],
    ],
    required: 'tenantStatus',
    list: { width: 80 },
  }),
  expiresAt: {
    kind: 'datetime',
    label: 'expiresAt',
    list: { width: 150 },
    rule: optionalInstant('tenantExpiry'),
    answer: v.nullable(v.string()),
  },
  userCount: { kind: 'number', label: 'userCountTitle', list: { width: 70 }, answer: v.number() },
});
const fields = declaredRules(TENANT_FIELDS);

/** /v1/tenant/save of a new tenant (no id): its first admin's account name too. */
export const tenantAdd = body({
  id: v.optional(v.union([v.null(), v.literal('')], say('tenantId'))),
  ...fields,
  adminUserName: given(
    v.pipe(v.string(say('tenantAdmin')), v.trim(), v.nonEmpty(say('tenantAdmin')), v.regex(ACCOUNT_PATTERN, say('accountRule'))),
  ),
});

/** /v1/tenant/save of a tenant that exists: its id (0 is the demo's platform tenant). */
export const tenantEdit = body({
  id: given(wholeNumber(0, 2 ** 31 - 1, say('tenantId'))),
  ...fields,
});

/** A tenant as a save gives it to the server: the declared fields, its id (none when new) and a new one's first admin. */
export type TenantInput = Omit<v.InferOutput<typeof tenantEdit>, 'id'> & { id?: number; adminUserName?: string };

/** Whether a save body is of a new tenant (its schema: tenantAdd, else tenantEdit). */
export const isNewTenant = adds;

/** /v1/tenant/save: a new tenant (no id) or an edit. */
export const tenantSave = v.lazy((input) => (isNewTenant(input) ? tenantAdd : tenantEdit));

/** /v1/tenant/list: a page of tenants, by a word and whether they are active. */
export const tenantList = body({
  ...page(),
  keyword: keyword(50),
  status: v.optional(
    v.nullable(
      v.union(
        [
          v.picklist([0, 1]),
          v.pipe(
            v.picklist(['0', '1', '']),
            v.transform((s) => (s === '' ? null : Number(s))),
          ),
        ],
        say('tenantStatus'),
      ),
    ),
    null,
  ),
});

/** A tenant named by id (0 is the demo's platform tenant). */
const tenantRef = () => given(wholeNumber(0, 2 ** 31 - 1, say('tenantId')));

/** /v1/tenantPagesRelation/selRelationList: a tenant's pages. */
export const tenantPagesQuery = body({ tenantId: tenantRef() });

/** /v1/tenantPagesRelation/addRelation: a tenant's pages and buttons, all at once. */
export const tenantPagesSave = body({ tenantId: tenantRef(), menuIds: idList({ message: 'menuIds', max: 5000 }) });

/** The tenant a parameters call is about: absent for one's own. */
const paramsTenantId = v.pipe(
  v.optional(v.nullable(v.union([v.literal(''), wholeNumber(0, 2 ** 31 - 1, say('tenantId'))], say('tenantId'))), null),
  v.transform((x) => (x === '' ? null : x)),
);

/** /v1/tenantOverallParams/query: a tenant's parameters. */
export const paramsQuery = body({ tenantId: paramsTenantId });

/** /v1/tenantOverallParams/update: one kind of parameters (its JSON checked by kind on the server). */
export const paramsUpdate = body({
  tenantId: paramsTenantId,
  type: settingKind(),
  params: v.optional(v.unknown()),
});

/**
 * scrm_overall_params: the keys the console reads have their types (the 常用 form checks them with this schema too);
 * any other key is kept as it is.
 */
export const overallParams = v.looseObject({
  enableWaterMark: v.optional(v.boolean(say('paramsFlag', { name: 'enableWaterMark' }))),
  isPrivacy: v.optional(v.boolean(say('paramsFlag', { name: 'isPrivacy' }))),
  timeZone: v.optional(v.pipe(v.unknown(), v.check(isTimeZone, say('paramsTimeZone')))),
  logRetentionDays: v.optional(
    v.pipe(
      v.number(say('paramsRetention')),
      v.integer(say('paramsRetention')),
      v.minValue(7, say('paramsRetention')),
      v.maxValue(3650, say('paramsRetention')),
    ),
  ),
});
