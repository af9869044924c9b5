/**
 * Contract types shared by the console and the reference server (server/ imports only this file from src/).
 * Shapes follow SPEC.md section 3 and 7; where SPEC leaves a call unshown, DECISIONS.md and docs/api.md rule.
 */
import type * as v from 'valibot';
import type { exportStatus, importProblem, importStatus } from './schema/jobs.ts';

/** The `result` field of most answers: 'ok', 'error', or an HTTP-like number (401, 403). */
export type ResultCode = 'ok' | 'error' | 401 | 403;

/** The common answer envelope of the /manage API. */
export interface Answer<T = unknown> {
  result: ResultCode;
  values?: T;
  errmsg?: string;
  /** Set on department data-permission errors. The misspelling is the product's. */
  type?: 'departNoPermisson';
  /** On a refused save: the form field the errmsg belongs to (the form shows it under that field). */
  field?: string;
}

export interface DepartRef {
  id: number;
  departName: string;
}

export interface MallInfo {
  id: number;
  name: string;
}

export interface AesKey {
  keyId: string;
  /** base64 of a 32-byte AES-256 key */
  key: string;
}

export interface LoginBody {
  userName: string;
  /** base64 of IV (12 bytes) + AES-GCM ciphertext and tag */
  password: string;
  keyId: string;
  appName: 'SCRM';
}

export interface AccessTokenValues {
  values: string;
  /** epoch milliseconds */
  deadline: number;
}

/** /anon/vue/logout and /anon/passport/loginByUserToken answer in `data`. */
export interface LogoutAnswer {
  data: number | { result: number; values?: string; errmsg?: string };
}

export const SETTINGS_KEYS = [
  'scrm_overall_params',
  'scrm_overall_params_camp_reward',
  'member_progress_basic',
  'tenant_unique_params',
] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

/** Application name sent with every login. */
export const APP_NAME = 'SCRM';

/**
 * The password policy, one rule for the client's form and the server's check: 8 to 32 characters with letters
 * and digits. Returns the message for the user, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  return password.length < 8 || password.length > 32 || !/[A-Za-z]/.test(password) || !/\d/.test(password)
    ? '密码须为 8-32 位，且同时包含字母和数字'
    : null;
}

/** a phone number is 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;

/** An IANA time zone this runtime's Intl knows (the browser's or the server's). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
/** An account name: 4-32 letters, digits or underscores, starting with a letter (login, register, users). */
export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const ACCOUNT_RULE_MESSAGE = '账号须为 4-32 位字母、数字或下划线，以字母开头';

/** userType 0 (platform admin) outranks 2 (tenant admin), which outranks 1 (staff). */
export const USER_TYPE_RANK: Readonly<Record<number, number>> = { 0: 3, 2: 2, 1: 1 };

/** A user as the users page saves it (/v1/user/save); `id` absent: a new user, with an initial password. */

export type UserField = 'userName' | 'nickname' | 'phone' | 'userType' | 'departIds' | 'roleIds' | 'password';

/** The columns of the users import template and export, in order (their titles are the file's header row). */
export const USER_SHEET_COLUMNS = ['账号', '昵称', '手机号', '用户类型', '部门', '角色'] as const;
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

/** One refused row of an import: its row number in the sheet (the header is row 1), the column, and why. */
export type ImportProblem = v.InferOutput<typeof importProblem>;

/** An import job as /v1/user/importExcel answers it. */
export type ImportStatus = v.InferOutput<typeof importStatus>;

/**
 * Lists count their matches exactly up to `alwaysExactUpTo`, and up to `exactCountUpTo` when the database's planner
 * expects no more than that; past them they answer the planner's estimate with `countEstimated: true` (the pager
 * says 约 N 条), so a filter matching millions costs a bounded scan (server/infra/db/count.ts).
 */
export const LIST_LIMITS = { alwaysExactUpTo: 1_000, exactCountUpTo: 10_000 } as const;

/**
 * Exports: up to `browserMaxRows` rows the browser writes the sheet at once (sheetjs-style); beyond, the server
 * writes it as a job (progress, cancel, a link valid `linkMinutes`). A job holds at most `jobMaxRows` rows (an Excel
 * sheet's 1,048,576 rows, rounded down).
 */
export const EXPORT_LIMITS = { browserMaxRows: 10_000, jobMaxRows: 1_000_000, linkMinutes: 60 } as const;

/** An export job as its status call answers it; `url` (with `expiresAt`, `bytes`) once done, until the link expires. */
export type ExportStatus = v.InferOutput<typeof exportStatus>;

// ---- Platform administration (docs/api.md "Platform") ----

/** Pages only the platform operator's tenant may have: tenant management and the shared menu definitions. */
export const PLATFORM_PAGES: readonly string[] = [
  'tenant-manage/tenant-list',
  'manage/tenant-pages',
  'manage/menu-list',
  'manage/interface-list',
  'manage/tasks',
];

/** The button that shows whole phone numbers while the tenant's privacy switch is on. */
export const UNMASK_BUTTON = 'privacy:unmask';

export interface TenantInput {
  id?: number;
  name: string;
  code: string;
  contactName: string;
  contactPhone: string;
  status: 0 | 1;
  expiresAt: string | null;
  /** new tenants only: the first admin's account name */
  adminUserName?: string;
}

/** A tenant code: 2-32 lower-case letters, digits or hyphens, starting with a letter (it appears in links). */
export const TENANT_CODE_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

export interface MenuEntryInput {
  id?: number;
  parentId: number | null;
  name: string;
  /** optional: '' shows the Chinese name in English too */
  nameEn?: string;
  path: string;
  icon: string;
  uriType: 1 | 2;
  needButtonPermission: boolean;
  component: string;
  code: string;
}

/** A button code: `area:action`, letters, digits, hyphens (e.g. user:add). */
export const BUTTON_CODE_PATTERN = /^[a-zA-Z][a-zA-Z0-9-]*:[a-zA-Z][a-zA-Z0-9-]*$/;

/** The rules of a menu entry, for the editor and the server (uniqueness is the server's): field -> message. */
export function menuEntryProblems(e: Partial<MenuEntryInput>): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = (e.name ?? '').trim();
  if (!name) problems.name = '名称不能为空';
  else if (name.length > 32) problems.name = '名称不能超过 32 个字';
  if ((e.nameEn ?? '').trim().length > 64) problems.nameEn = '英文名称不能超过 64 个字符';
  if (e.uriType === 2) {
    if (!e.code) problems.code = '按钮编码不能为空';
    else if (!BUTTON_CODE_PATTERN.test(e.code) || e.code.length > 64) problems.code = '按钮编码须为“模块:动作”，如 user:add';
  } else {
    const path = e.path ?? '';
    if (!path) problems.path = '路径不能为空';
    else if (!path.startsWith('/') || path.startsWith('//') || /[\s\\?#]|:\/\//.test(path) || path.length > 128)
      problems.path = '路径须以 / 开头，不能含协议、空格、? 或 #';
    if (e.component && !MENU_COMPONENT_PATTERN.test(e.component))
      problems.component = '组件须为小写字母、数字、连字符、下划线和 /，如 manage/users';
  }
  if (e.icon !== undefined && e.icon !== '') {
    try {
      const icon = JSON.parse(e.icon) as unknown;
      if (typeof icon !== 'object' || icon === null || Array.isArray(icon)) problems.icon = '图标须为 JSON 对象 {icon, name, hidden}';
    } catch {
      problems.icon = '图标须为 JSON 对象 {icon, name, hidden}';
    }
  }
  return problems;
}

/** The keys of scrm_overall_params the console reads (parameters page forms them; the rest is raw JSON). */
export interface OverallParams {
  enableWaterMark: boolean;
  timeZone: string;
  /** mask phone numbers in lists for users without UNMASK_BUTTON */
  isPrivacy: boolean;
  /** days logs are kept before the purge_logs task removes them (7-3650, default LOG_RETENTION_DAYS) */
  logRetentionDays: number;
}

/** 13800000001 -> 138****0001 (the privacy switch). */
export const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

// ---- Data dictionary and document collections ("Mongo") ----

/** The field types a meta table may have; the business pages render each as its own control. */
export const META_FIELD_TYPES = [
  'text',
  'number',
  'money',
  'date',
  'datetime',
  'boolean',
  'enum',
  'reference',
  'image',
  'phone',
  'department',
] as const;
export type MetaFieldType = (typeof META_FIELD_TYPES)[number];

/** A machine name of a table or field: 2-40 lower-case letters, digits or underscores, starting with a letter. */
export const META_NAME_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export const META_NAME_RULE = '标识须为 2-40 位小写字母、数字或下划线，以字母开头';

export interface MetaTableInput {
  id?: number;
  name: string;
  label: string;
  remark: string;
  component?: string;
}

export interface EnumOption {
  value: string;
  label: string;
  /** shown when the console is in English; absent or '': the label */
  labelEn?: string;
}

/** A role's or entry's name in the console's language: its English name where it has one. */
export const localName = (x: { name: string; nameEn?: string }, english: boolean): string => (english && x.nameEn?.trim()) || x.name;

/** An option's, a dictionary table's or a field's label in the console's language: its English where it has one. */
export const localLabel = (x: { label: string; labelEn?: string }, english: boolean): string => (english && x.labelEn?.trim()) || x.label;

/**
 * A table's schema in the console's language: the table's and each field's English label where it has one (the
 * records engine then says every name the English way: columns, filters, the form, titles, the palette).
 */
export const schemaInLanguage = (schema: RecordSchema, english: boolean): RecordSchema =>
  english
    ? {
        ...schema,
        table: { ...schema.table, label: localLabel(schema.table, true) },
        fields: schema.fields.map((f) => ({ ...f, label: localLabel(f, true) })),
      }
    : schema;

export interface MetaFieldRow {
  id: number;
  tableId: number;
  name: string;
  label: string;
  /** the label in English ('' : the Chinese one is shown) */
  labelEn: string;
  type: MetaFieldType;
  options: EnumOption[];
  refTableId: number | null;
  required: boolean;
  unique: boolean;
  searchable: boolean;
  listColumn: boolean;
  defaultValue: unknown;
  sort: number;
  /** records hold a value for it (its type can no longer change) */
  inUse?: boolean;
}

export type MetaFieldInput = Omit<MetaFieldRow, 'id' | 'sort' | 'inUse'> & { id?: number };

/** A menu component name (`group/name`), as the view registry keys pages. */
export const COMPONENT_PATTERN = /^[a-z][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)+$/;

/**
 * A menu entry's component: lower-case words of letters, digits, `-` and `_` (a data-dictionary table's 标识 may hold
 * `_`, and its page's component is derived from it), joined by `/`. A table's component is one of these with a group
 * (COMPONENT_PATTERN).
 */
export const MENU_COMPONENT_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/;

/** The component a table's page gets when the table names none: custom/<标识>. */
export const derivedComponent = (tableName: string): string => `custom/${tableName}`;

/** Whether a default value fits the field's type (empty means none). */
export function defaultFits(type: MetaFieldType, value: unknown, options: readonly EnumOption[]): boolean {
  if (value === null || value === undefined || value === '') return true;
  switch (type) {
    case 'text':
    case 'image':
      return typeof value === 'string' && value.length <= 500;
    case 'phone':
      return typeof value === 'string' && PHONE_PATTERN.test(value);
    case 'number':
    case 'money':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'enum':
      return typeof value === 'string' && options.some((o) => o.value === value);
    case 'reference':
    case 'department':
      return false;
  }
}

// ---- Records of a meta table: the business areas' rows ----

/** A record as the records calls answer it: values by field name; labels of reference and department values. */
export interface MetaRecord {
  id: number;
  /** optimistic concurrency: a save names the version it edited; a stale one is refused */
  version: number;
  createdAt: string;
  updatedAt: string;
  values: Record<string, unknown>;
  /** what a reference or department value shows (the referenced record's title, the department's name) */
  labels: Record<string, string>;
}

/** What the records page renders from: the table, its fields, and which of its buttons the caller holds. */
export interface RecordSchema {
  table: { id: number; name: string; label: string; labelEn: string; remark: string; component: string };
  fields: MetaFieldRow[];
  /** the button codes this table's page has (`<table>:add` …) */
  codes: { add: string; edit: string; del: string; import: string; export: string };
}

// ---- Uploads (upload-token response, get7niuToken) ----

// ---- The landing page and the statistics page ----

/** A collection's name: as a table's, or with hyphens and dots (MongoDB collection names). */
export const MONGO_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_.-]{1,63}$/;
export const MONGO_FILE_MAX_BYTES = 5 * 1024 * 1024;

// ---- Logs (docs/api.md "Logs") ----

/** Why a sign-in failed, as the login log keeps it, and as the log page says it. */
export const LOGIN_FAILURES = {
  wrong_password: '密码错误',
  unknown_account: '账号不存在',
  account_disabled: '账号已停用',
  tenant_inactive: '企业已停用或已到期',
  locked: '尝试过多，已锁定',
  bad_key: '加密密钥无效或已使用',
  link_invalid: '登录链接无效或已使用',
} as const;
export type LoginFailure = keyof typeof LOGIN_FAILURES;

/** The default number of days logs are kept (the tenant parameter logRetentionDays). */
export const LOG_RETENTION_DAYS = 180;

/**
 * The engineer permission: a type-2 button under the user centre's 个人信息 page that opens the event
 * journal panel. The demo grants it to super admins only.
 */
export const JOURNAL_BUTTON = 'journal:view';
export const JOURNAL_PAGE = 'user-center/user-info';

export interface SmsPlatformInput {
  id?: number;
  type: 'http';
  name: string;
  endpoint: string;
  accessKey: string;
  /** a new secret; empty keeps the stored one */
  secret: string;
  signName: string;
  templates: Record<string, string>;
  active: boolean;
}
