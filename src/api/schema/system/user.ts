import * as v from 'valibot';
import { passwordProblem } from '../../contract/session.ts';
import { ACCOUNT_PATTERN, IMPORT_LIMITS, PHONE_PATTERN } from '../../contract/users.ts';
import { body, flag, given, idList, keyword, optionalRowId, page, rowId, wholeNumber } from '../kit.ts';
import { adds, id, instant } from '../../table/define.ts';
import { say } from '../messages.ts';
import { nickname } from '../session/profile.ts';
import { choiceField, declareFields, declaredRow, declaredRules, storedEntries, textField, type Declarations } from '../resource.ts';

/** A user's phone: optional; when given, a mainland mobile number. */
const userPhone = () =>
  v.optional(
    v.pipe(
      v.string(say('userPhone')),
      v.trim(),
      v.check((s) => !s || PHONE_PATTERN.test(s), say('userPhone')),
    ),
    '',
  );

/**
 * The users' declared fields (src/api/schema/resource.ts), in the order the list and 详情 show them: the list's
 * columns, its status and type filters, 详情 and the answer take them from here; the stored ones (a column and a
 * sheet heading: 备注) also the form, the import template, the import, the export and the server's SQL. The account's
 * own fields are written by the users form (its rules: `userEntries`), the departments and roles named by the page. A new text field of
 * users is a migration adding its column, an entry here (`textField`), its name in both catalogues and its rule message.
 */
export const USER_FIELDS = declareFields({
  userName: { kind: 'text', label: 'account', sheet: '账号', list: { width: 130, sortable: true } },
  nickname: { kind: 'text', label: 'nickname', sheet: '昵称', rule: nickname(), list: { width: 130, sortable: true } },
  // 状态 (the way to disable a user) comes early: at 1024 and 1440 px it is in view, never under the pinned 操作
  status: choiceField({
    label: 'status',
    choices: [
      [1, 'enabled'],
      [0, 'disabled'],
    ],
    list: { width: 80, sortable: true },
    filter: true,
  }),
  phone: { kind: 'phone', label: 'phone', sheet: '手机号', rule: userPhone(), list: { width: 120 } },
  userType: choiceField({
    label: 'userType',
    sheet: '用户类型',
    choices: [
      [0, 'userType0'],
      [2, 'userType2'],
      [1, 'userType1'],
    ],
    required: 'userType',
    list: { width: 120, sortable: true },
    filter: true,
  }),
  departIds: { kind: 'text', label: 'departments', sheet: '部门', answer: v.array(id()), list: { width: 140 } },
  roleIds: { kind: 'text', label: 'roles', sheet: '角色', answer: v.array(id()), list: { width: 140 } },
  remark: textField({
    column: 'remark',
    label: 'userRemark',
    sheet: '备注',
    max: [200, 'userRemarkMax'],
    list: { width: 160, hiddenAtFirst: true },
    multiline: true,
  }),
  createdAt: { kind: 'datetime', label: 'createdAt', answer: instant(), list: { width: 160, sortable: true } },
});

/**
 * The users sheet's own columns, in order (账号 … 角色: each a declared field's heading, its cells written and read
 * by the server's own code); an import's file must begin with them.
 */
export const USER_SHEET_COLUMNS: readonly string[] = Object.values(USER_FIELDS as Declarations).flatMap((f) =>
  f.sheet !== undefined && f.column === undefined ? [f.sheet] : [],
);

type UserFields = typeof USER_FIELDS;
/** The fields whose heading is one of the sheet's own columns (a heading, no column). */
type OwnColumn = {
  [K in keyof UserFields]: UserFields[K] extends { column: string } ? never : UserFields[K] extends { sheet: string } ? K : never;
}[keyof UserFields];

/** A users sheet column's heading by its field's name (an import's report names the column). */
export const userHeading = (name: OwnColumn): string => USER_FIELDS[name].sheet;

/** The users sheet's columns: the template's own, then each stored declared field's heading. */
export const USER_SHEET: readonly string[] = [...USER_SHEET_COLUMNS, ...storedEntries(USER_FIELDS).map(([, f]) => f.sheet)];

/** The columns the users list may be sorted by (the server maps each to its SQL column). */
export const USER_SORT_FIELDS = ['id', 'userName', 'nickname', 'userType', 'status', 'createdAt'] as const;

/** A user as /v1/user/list and /vue/user/detail answer it (the phone masked unless the caller may see it). */
export const userRow = declaredRow(USER_FIELDS, {
  storeId: v.nullable(id()),
  /** the roles' names, joined by 、 */
  roleNames: v.string(),
});
export type UserRow = v.InferOutput<typeof userRow>;

/** The users list's filters and sort: the list and its export (/v1/common/excel/getExcelUrl) take the same. */
export const userFilters = {
  keyword: keyword(50),
  status: v.optional(v.nullable(v.picklist([0, 1], say('userStatus'))), null),
  userType: v.optional(v.nullable(v.picklist([0, 1, 2], say('userType'))), null),
  roleId: optionalRowId('roleId'),
  departId: optionalRowId('departId'),
  sortField: v.optional(v.picklist(USER_SORT_FIELDS, say('userSort')), 'id'),
  sortOrder: v.optional(v.picklist(['ascend', 'descend'], say('userSort')), 'ascend'),
};
export type UserFilters = v.InferOutput<v.ObjectSchema<typeof userFilters, undefined>>;

/** /v1/user/list: a page of the tenant's users within the caller's scope. */
export const userList = body({ ...page(), ...userFilters });

/** /vue/user/detail, /vue/user/del: one user. */
export const userId = body({ id: rowId('userId') });

/** /v1/user/modifyStatus: a user enabled (1) or disabled (0). */
export const userStatus = body({ id: rowId('userId'), status: given(v.picklist([0, 1], say('userStatusChange')), '' as never) });

/** /anon/user/checkUsername: whether an account name is free (a malformed one answers "not available"). */
export const usernameCheck = body({ userName: v.optional(v.string(say('wrongType', { name: 'userName' })), '') });

/** The rules a user's fields share: the save and the form (the form's password is plain text, the save's not): the declared ones, then the relations. */
const userEntries = {
  ...declaredRules(USER_FIELDS),
  departIds: idList({ message: 'departId', max: 200, required: 'userDeparts' }),
  roleIds: idList({ message: 'roleId', max: 200 }),
  storeId: optionalRowId('storeId'),
};

const accountName = () =>
  given(
    v.pipe(v.string(say('accountRequired')), v.trim(), v.nonEmpty(say('accountRequired')), v.regex(ACCOUNT_PATTERN, say('accountRule'))),
  );

/** A password the user types, by the password policy (its message names what is wrong). */
const typedPassword = () =>
  given(
    v.pipe(
      v.string(say('passwordRule')),
      v.rawCheck(({ dataset, addIssue }) => {
        const problem = dataset.typed ? passwordProblem(dataset.value) : null;
        if (problem) addIssue({ message: problem });
      }),
    ),
  );

/** The users import's initial password: the same policy as the form's. */
export const importPassword = v.object({ password: typedPassword() });

/** The users form's rules: a new user has an account name and a password; an edit keeps both. */
export const userForm = (isNew: boolean): v.GenericSchema =>
  isNew ? v.object({ ...userEntries, userName: accountName(), password: typedPassword() }) : v.object(userEntries);

/**
 * /v1/user/save: a new user (no id: an account name and an initial password, encrypted under a single-use key, which
 * the handler decrypts and checks) or an edit (an id; the account name, if sent, is not changed).
 */
export const userSave = v.lazy((input) => (isNewUser(input) ? userAdd : userEdit));
const userAdd = body({
  id: v.optional(v.union([v.null(), v.literal('')])),
  userName: accountName(),
  ...userEntries,
  password: v.optional(v.string(say('passwordRule')), ''),
  keyId: v.optional(v.string(say('keyExpired')), ''),
  mustChangePassword: v.optional(v.boolean(say('wrongType', { name: 'mustChangePassword' })), false),
});
const userEdit = body({ id: rowId('userId'), userName: v.optional(v.string()), ...userEntries });

/** Whether a save adds a user (it names no id). */
export const isNewUser = adds;

/**
 * /v1/common/excel/getExcelUrl: the import template, the list's export (with the list's own query) or an import's
 * error file (its job).
 */
export const sheetRequest = body({
  type: given(v.picklist(['userTemplate', 'userExport', 'userImportErrors'], say('sheetType')), '' as never),
  jobId: v.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('importJob'), 16)),
  ...page(),
  ...userFilters,
});

/**
 * /v1/user/exportJob: the users list (its filters and sort) written by the server as a job, for exports beyond what
 * the browser writes at once; with `jobId`, that job's progress (and with `cancel`, a request to stop it).
 */
export const userExportJob = body({
  jobId: v.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('exportJob'), 16)),
  cancel: flag(),
  ...userFilters,
});

/** A row of the users import: a new user's fields as the form has them, without the password (the import's own). */
export const importedUser = v.object({ userName: accountName(), ...userEntries });

/** A user's fields as a save writes them: an edit names its id, a new user its account name. */
export type UserInput = Omit<v.InferOutput<typeof importedUser>, 'userName'> & { id?: number; userName?: string };

/** /v1/user/importExcel: an upload (the sheet and the users' initial password, encrypted) or a job's progress. */
export const userImport = v.lazy((input) => (isUpload(input) ? importUpload : importProgress));
const isUpload = (input: unknown) => typeof input === 'object' && input !== null && ('file' in input || 'keyId' in input);
/** The users import's sheet: a file of at most IMPORT_LIMITS.maxBytes (the dialog checks it before uploading). */
export const importSheet = v.object({
  file: given(
    v.pipe(
      v.instance(File, say('importFile')),
      v.maxSize(IMPORT_LIMITS.maxBytes, say('importFileSize', { mb: IMPORT_LIMITS.maxBytes / 1024 / 1024 })),
    ),
    '' as never,
  ),
});
const importUpload = body({
  file: importSheet.entries.file,
  password: v.optional(v.string(say('passwordRule')), ''),
  keyId: v.optional(v.string(say('keyExpired')), ''),
  mustChangePassword: v.optional(v.picklist(['true', 'false'], say('wrongType', { name: 'mustChangePassword' })), 'false'),
});
const importProgress = body({
  jobId: given(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('importJob'), 16)),
  cancel: v.optional(v.boolean(say('wrongType', { name: 'cancel' })), false),
});
