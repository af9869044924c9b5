import { RULE_MESSAGES, type RuleKey } from '../api/schema/messages.ts';

/** The English of the resource schemas' messages (src/api/schema/messages.ts), key for key. */
export const RULE_MESSAGES_EN: Readonly<Record<RuleKey, string>> = {
  bodyNotObject: 'The request body must be a JSON object',
  unknownField: 'The request has an unknown field {name}; remove it and try again',
  missingField: 'The request lacks the field {name}',
  wrongType: '{name} has the wrong type',
  phoneFormat: 'Enter a valid phone number',
  pageNum: 'The page number is a whole number from 1 to {max}',
  pageSize: 'The page size is a whole number from 1 to {max}',

  pinyinLabels: 'labels must be at most 20000 strings of at most 100 characters each',
  settingType: 'type must be one of {types}',
  sessionId: 'The session id is not valid',
  bindPhoneGiven: 'Enter the phone number and the code',

  apiKeyId: 'No such API key, or it is revoked',
  nameRequired: 'The name is required',
  nameMax50: 'The name is at most 50 characters',
  apiKeyScopes: 'Choose at least one interface',
  apiKeyScopesFormat: 'The interface list is malformed',
  apiKeyScopesOwn: 'Choose only interfaces you may call yourself',
  apiKeyExpiry: 'The expiry must be later than now',

  collectionId: 'No such collection',
  collectionName: 'The collection name is required',
  collectionNameRule: 'The collection name is 2-64 letters, digits, underscores, dots or hyphens, starting with a letter',
  recordId: 'No such record, or it was deleted',
  recordComponent: 'The page component is required',
  recordFilters: 'Filters are an object (field name to text), at most 40',
  recordSort: 'The sort field is not valid',
  recordField: 'No such reference field',
  recordVersion: 'The version is not valid',
  recordValues: 'values is an object (field name to value)',
  collectionFile: 'Choose a file',
  collectionFileId: 'No such file',
  remarkMax: 'The remark is at most 200 characters',

  taskId: 'No such task',
  taskName: 'The task name is required',
  taskNameMax: 'The task name is at most 50 characters',
  taskJob: 'Choose a job',
  taskCron: 'The cron is required',
  taskTimeout: 'The timeout is a whole number of seconds from 1 to 86400',
  taskTenantId: 'Give the tenant id',
  wrongOutcome: 'The outcome filter is wrong',
  logSource: 'The source filter is not valid',
  logFrom: 'The start time is not valid',
  logTo: 'The end time is not valid',
  logId: 'No such log entry',
  errorMessage: 'message is required',
  operationText: '{name} must be text',
  operationRequired: '{name} is required',
  operationTooLong: '{name} is too long',
  operationTime: 'operationTime is written yyyy-MM-dd hh:mm:ss',

  webhookId: 'No such subscription',
  webhookUrl: 'The address is an http(s) URL without a user name or password',
  webhookEvents: 'Choose at least one event',
  webhookEvent: 'No such event',
  webhookSecret: 'The signing secret is required',
  webhookSecretLength: 'The signing secret is 16-128 characters',

  interfaceId: 'No such interface',
  interfaceMethod: 'The method is not valid',
  interfacePathRequired: 'The path is required',
  interfacePath: 'The path starts with / and has no scheme, spaces, ? or #',
  nameMax64: 'The name is at most 64 characters',

  tenantId: 'The tenant is not valid',
  tenantName: 'The tenant name is required',
  tenantNameMax: 'The tenant name is at most 50 characters',
  tenantCode: 'The tenant code is required',
  tenantCodeRule: 'The tenant code is 2-32 lower-case letters, digits or hyphens, starting with a letter',
  tenantContactMax: 'The contact is at most 32 characters',
  tenantPhone: 'Enter a valid phone number',
  tenantStatus: 'Choose a status',
  tenantExpiry: 'The expiry is not a valid time',
  tenantAdmin: 'The admin account is required',
  accountRule: 'The account is 4-32 letters, digits or underscores, starting with a letter',

  metaTableId: 'No such table',
  metaFieldId: 'No such field',
  metaName: 'The name is required',
  metaNameRule: 'The name is 2-40 lower-case letters, digits or underscores, starting with a letter',
  metaLabel: 'The label is required',
  nameMax32: 'The name is at most 32 characters',
  metaFieldType: 'Choose a field type',
  metaOptionsEmpty: 'An enum has at least one option',
  metaOptionsBlank: 'Every option has a value and a name',
  metaOptionsDup: 'Option values must differ',
  metaOptionsMax: 'At most 200 options',
  metaRefTable: 'The referenced table does not exist',
  metaRefRequired: 'Choose the referenced table',
  metaRefDefault: 'A reference field has no default value',
  metaDefault: 'The default value does not fit the field type',
  metaComponent: 'The page component is a lower-case group/name path, e.g. base-info/store-mng',

  departId: 'No such department',
  departName: 'The department name is required',
  departNameMax: 'The department name is at most 32 characters',
  roleId: 'The role does not exist',
  roleName: 'The role name is required',
  roleNameMax: 'The role name is at most 32 characters',
  nameEnMax: 'The English name is at most 64 characters',
  roleParent: 'The parent role does not exist',
  menuIds: 'The menu list is malformed',
  menuId: 'No such menu entry',
  menuParent: 'No such parent entry',
  menuUriType: 'The entry type is 1 (page) or 2 (button)',
  publishSection: 'Choose a first-level section of your own menu',
  userRoleUid: 'uid must be a user id',
  userRoleRids: 'rids must be role ids',
  campaignId: 'The campaign does not exist',
  campaignStatus: 'Unknown campaign status',
  rejectReason: 'Enter the reason for rejecting',
  rejectReasonMax: 'The reason is at most 200 characters',

  staffId: 'No such staff member',
  staffName: 'The staff name is required',
  staffNameMax: 'The staff name is too long',
  staffCode: 'The staff code is required',
  staffCodeMax: 'The staff code is too long',
  staffPhone: 'Enter a valid phone number',
  staffStore: 'The store number is digits',
  staffUser: 'No such account',

  userId: 'No such user',
  userStatus: 'The status filter is not valid',
  userStatusChange: 'The status is 0 (disabled) or 1 (enabled)',
  userType: 'Choose a user type',
  userSort: 'The sort field is not valid',
  userPhone: 'Enter a phone number in the right format',
  userDeparts: 'Choose at least one department',
  storeId: 'No such store',
  nicknameRequired: 'The nickname is required',
  nicknameMax: 'The nickname is at most 32 characters',
  nicknameMarkup: 'The nickname may not contain script, img or iframe tags',
  accountRequired: 'The account is required',
  avatar: 'The avatar is an uploaded image or an http(s) image address',
  sheetType: 'type is userTemplate, userExport or userImportErrors',
  importJob: 'No such import',
  importFile: 'Choose an .xlsx file to import',

  oldPasswordRequired: 'Enter the current password',
  newPasswordRequired: 'Enter the new password',
  confirmPasswordRequired: 'Enter the new password again',
  passwordRule: 'The password is 8-32 characters with both letters and digits',
  passwordSame: 'The new password must differ from the current one',
  passwordMismatch: 'The two passwords differ',
  keyExpired: 'The key has expired; try again',
  passwordUnreadable: 'The password could not be decrypted; try again',

  smsPlatformId: 'No such SMS platform',
  smsPlatformName: 'The name is required',
  smsPlatformNameMax: 'The name is at most 32 characters',
  smsPlatformType: 'Choose the platform type',
  smsPlatformEndpoint: 'The endpoint is an http(s) address',
  smsPlatformAccessKeyMax: 'The AccessKey is at most 128 characters',
  smsPlatformSecret: 'The secret is required',
  smsPlatformSecretMax: 'The secret is too long',
  smsPlatformSignName: 'The signature is required',
  smsPlatformSignNameMax: 'The signature is at most 32 characters',
  smsPlatformTemplate: 'Give the verification template id',
  smsPlatformTemplateMax: 'The template id is at most 64 characters',
};

/**
 * The resource schemas' messages (src/api/schema/messages.ts), which the form shows and the server answers alike:
 * their English by key; one with `{placeholders}` becomes a pattern whose parts carry over. The console's
 * translator (client-messages.ts) and the server's (server/infra/language.ts) both read them.
 */
export const RULES_EXACT = new Map<string, string>();
export const RULES_PATTERNS: Array<[RegExp, (m: RegExpExecArray) => string]> = [];
for (const key of Object.keys(RULE_MESSAGES) as RuleKey[]) {
  const zh = RULE_MESSAGES[key];
  const en = RULE_MESSAGES_EN[key];
  const names = [...zh.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (!names.length) {
    RULES_EXACT.set(zh, en);
    continue;
  }
  const source = zh.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`^${source.join('(.+?)')}$`);
  RULES_PATTERNS.push([re, (m) => en.replace(/\{(\w+)\}/g, (all, name: string) => m[names.indexOf(name) + 1] ?? all)]);
}
