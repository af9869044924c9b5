import * as v from 'valibot';
import { PHONE_PATTERN } from '../../contract/users.ts';
import { body, keyword, optionalRowId, page, rowId } from '../kit.ts';
import { declareFields, declaredRow, declaredRules, textField } from '../resource.ts';
import { say } from '../messages.ts';
import { id } from '../../table/define.ts';

/** A phone as the list shows it while the privacy switch is on (138****0000): the stored number stays. */
export const isMaskedPhone = (s: string) => s.includes('*');

/**
 * The staff's fields, declared once (src/api/schema/resource.ts): the list, the form, the answer and the save
 * read them from here. 绑定账号 is shown, never written here (an account is bound from the users page).
 */
export const STAFF_FIELDS = declareFields({
  staffName: textField({ label: 'staffName', required: 'staffName', max: [32, 'staffNameMax'], list: { width: 130 } }),
  staffCode: textField({ label: 'staffCode', required: 'staffCode', max: [32, 'staffCodeMax'], list: { width: 110 } }),
  phone: {
    kind: 'phone',
    label: 'phone',
    list: { width: 120 },
    // a masked phone (privacy on) sent back unchanged keeps the stored one
    rule: v.optional(
      v.pipe(
        v.string(say('staffPhone')),
        v.trim(),
        v.check((s) => s === '' || isMaskedPhone(s) || PHONE_PATTERN.test(s), say('staffPhone')),
      ),
      '',
    ),
  },
  storeId: { kind: 'number', label: 'staffStore', list: { width: 90 }, rule: optionalRowId('staffStore'), answer: v.nullable(id()) },
  userName: { kind: 'text', label: 'staffAccount', list: { width: 130 }, answer: v.nullable(v.string()) },
});

/** A staff record as the staff calls answer it, with the account bound to it. */
export const staffRow = declaredRow(STAFF_FIELDS, { userId: v.nullable(id()) });
export type StaffRow = v.InferOutput<typeof staffRow>;

/** /v1/staff/save: a staff member; `userId` binds an account (the server checks the binding and its scope). */
export const staffSave = body({ id: optionalRowId('staffId'), ...declaredRules(STAFF_FIELDS), userId: optionalRowId('staffUser') });

/** /v1/staff/list: a page of the tenant's staff, found by a word of their name, code or phone. */
export const staffList = body({ ...page(), keyword: keyword(50) });

/** /v1/staff/del: one staff member. */
export const staffId = body({ id: rowId('staffId') });

/** /v1/staffInfo/selectStaffInfoByUserId: the staff member bound to an account. */
export const staffOfUser = body({ userId: rowId('staffUser') });

/** /v1/staffAccount/saveCheck: may this staff member (or a new one) be bound to this account? */
export const staffBindingCheck = body({ staffId: optionalRowId('staffId'), userId: rowId('staffUser') });
