import * as v from 'valibot';
import { ACCOUNT_PATTERN, PHONE_PATTERN, TENANT_CODE_PATTERN } from '../contract.ts';
import { body, given, optionalInstant, text, wholeNumber } from './kit.ts';
import { say } from './messages.ts';

const fields = {
  name: text({ required: 'tenantName', max: [50, 'tenantNameMax'] }),
  code: given(
    v.pipe(v.string(say('tenantCode')), v.trim(), v.nonEmpty(say('tenantCode')), v.regex(TENANT_CODE_PATTERN, say('tenantCodeRule'))),
  ),
  contactName: text({ max: [32, 'tenantContactMax'] }),
  contactPhone: v.optional(
    v.pipe(
      v.string(say('tenantPhone')),
      v.trim(),
      v.check((s) => s === '' || PHONE_PATTERN.test(s), say('tenantPhone')),
    ),
    '',
  ),
  status: given(v.picklist([0, 1], say('tenantStatus'))),
  expiresAt: optionalInstant('tenantExpiry'),
};

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

/** Whether a save body is of a new tenant (its schema: tenantAdd, else tenantEdit). */
export const isNewTenant = (b: Record<string, unknown>) => b.id === undefined || b.id === null || b.id === '';
