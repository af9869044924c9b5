/**
 * Users: account and phone rules, user types, the users sheet's columns and import limits, phone masking.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */

/** a phone number is 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;

/** An account name: 4-32 letters, digits or underscores, starting with a letter (login, register, users). */
export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const ACCOUNT_RULE_MESSAGE = '账号须为 4-32 位字母、数字或下划线，以字母开头';

/** userType 0 (platform admin) outranks 2 (tenant admin), which outranks 1 (staff). */
export const USER_TYPE_RANK: Readonly<Record<number, number>> = { 0: 3, 2: 2, 1: 1 };

/** A user as the users page saves it (/v1/user/save); `id` absent: a new user, with an initial password. */

export type UserField = 'userName' | 'nickname' | 'phone' | 'userType' | 'departIds' | 'roleIds' | 'password';

/** The last column of an import's error file: each refused row's reasons (the sheet's columns ignore it). */
export const IMPORT_ERROR_COLUMN = '错误原因';
/** userType by its name in a sheet (the console's own words), or by its number. */
export const USER_TYPE_NAMES: Readonly<Record<string, 0 | 1 | 2>> = {
  平台管理员: 0,
  '门店/普通员工': 1,
  租户管理员: 2,
  '0': 0,
  '1': 1,
  '2': 2,
};
/** Limits of one users import. */
export const IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 100_000 } as const;

/** The button that shows whole phone numbers while the tenant's privacy switch is on. */
export const UNMASK_BUTTON = 'privacy:unmask';

/** 13800000001 -> 138****0001 (the privacy switch). */
export const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);
