import * as v from 'valibot';
import { PHONE_PATTERN } from '../../contract/users.ts';
import { body, keyword, optionalRowId, page, rowId, text } from '../kit.ts';
import { say } from '../messages.ts';
import { id } from '../../table/define.ts';

/** A staff record as the staff calls answer it, with the account bound to it. */
export const staffRow = v.object({
  id: id(),
  staffName: v.string(),
  staffCode: v.string(),
  phone: v.string(),
  storeId: v.nullable(id()),
  userId: v.nullable(id()),
  userName: v.nullable(v.string()),
});
export type StaffRow = v.InferOutput<typeof staffRow>;

/** A phone as the list shows it while the privacy switch is on (138****0000): the stored number stays. */
export const isMaskedPhone = (s: string) => s.includes('*');

/** /v1/staff/save: a staff member; `userId` binds an account (the server checks the binding and its scope). */
export const staffSave = body({
  id: optionalRowId('staffId'),
  staffName: text({ required: 'staffName', max: [32, 'staffNameMax'] }),
  staffCode: text({ required: 'staffCode', max: [32, 'staffCodeMax'] }),
  phone: v.optional(
    v.pipe(
      v.string(say('staffPhone')),
      v.trim(),
      v.check((s) => s === '' || isMaskedPhone(s) || PHONE_PATTERN.test(s), say('staffPhone')),
    ),
    '',
  ),
  storeId: optionalRowId('staffStore'),
  userId: optionalRowId('staffUser'),
});

/** /v1/staff/list: a page of the tenant's staff, found by a word of their name, code or phone. */
export const staffList = body({ ...page(), keyword: keyword(50) });

/** /v1/staff/del: one staff member. */
export const staffId = body({ id: rowId('staffId') });

/** /v1/staffInfo/selectStaffInfoByUserId: the staff member bound to an account. */
export const staffOfUser = body({ userId: rowId('staffUser') });

/** /v1/staffAccount/saveCheck: may this staff member (or a new one) be bound to this account? */
export const staffBindingCheck = body({ staffId: optionalRowId('staffId'), userId: rowId('staffUser') });
