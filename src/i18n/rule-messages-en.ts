import { RULE_MESSAGES, type RuleKey } from '@/api/schema/messages.ts';

/** The English of the resource schemas' messages (src/api/schema/messages.ts), key for key. */
export const RULE_MESSAGES_EN: Readonly<Record<RuleKey, string>> = {
  bodyNotObject: 'The request body must be a JSON object',
  unknownField: 'The request has an unknown field {name}; remove it and try again',
  missingField: 'The request lacks the field {name}',
  wrongType: '{name} has the wrong type',
  phoneFormat: 'Enter a valid phone number',
  pageNum: 'The page number is a whole number from 1 to {max}',
  pageSize: 'The page size is a whole number from 1 to {max}',
  pageAfter: 'The page position is not valid; go back to the first page',

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
  recordFilters: 'Filters are an object (field identifier to text), at most 40, each at most 200 characters',
  recordSort: 'The sort field is not valid',
  recordField: 'No such reference field',
  recordVersion: 'The version is not valid',
  recordValues: 'values is an object (field identifier to value)',
  valueRequired: '{label} is required',
  valueText: '{label} is text',
  valueTextMax: '{label} is at most {max} characters',
  valuePhone: '{label} is an 11-digit phone number',
  valueImage: '{label} is an image address (starting with http(s):// or /)',
  valueNumber: '{label} is a number',
  valueMoney: '{label} has at most two decimals',
  valueBoolean: '{label} is yes or no',
  valueDate: '{label} is a date (yyyy-MM-dd)',
  valueDatetime: '{label} is a time',
  timeUnread: '“{text}” is not a time: type it as 09:30',
  valueDayUnread: '{label}: “{text}” is not a date: type it as 2026-11-27',
  valueTimeUnread: '{label}: “{text}” is not a time: type it as 09:30',
  valueOption: '{label} is one of: {options}',
  valuePick: 'Choose {label}',
  pageId: 'No such page, or it was deleted',
  pageName: 'The page name is required',
  pageNameMax: 'The page name is at most 50 characters',
  pageStatus: 'The page status is 0 or 1',
  pageDataForm: 'The page data is not in the expected form',
  pageHeight: 'The page height is a whole number from {min} to {max}',
  pageBackgroundType: 'Choose a background type',
  pageBackgroundImage: 'The background image is an image address',
  pageBackgroundColor: 'A background colour is #RRGGBB or rgb()/rgba()',
  pageRectsMax: 'At most {max} components',
  pageOneActive: 'Only one component can be selected at a time',
  pagePopsMax: 'At most {max} popups',
  pagePopForm: 'Popup {n} is not in the expected form',
  pageOneShown: 'Only one popup can show at a time',
  pageRectAt: 'Component {n}',
  pagePopRectAt: 'Component {n} of popup {pop}',
  rectForm: '{where} is not in the expected form',
  rectSize: '{where}: its width and height fit within the page',
  rectOutside: '{where} reaches past the page',
  rectLayer: '{where}: its layer is a whole number from 0 to 9999',
  rectRatio: '{where}: its aspect ratio is not valid',
  rectDuration: '{where}: its duration is not valid',
  rectHotZones: '{where}: its hot zones are not in the expected form',
  rectHotZone: '{where}: a hot zone lies within it and has a link starting with http(s):// or /',
  rectBanners: '{where}: its carousel is not in the expected form',
  rectBanner: '{where}: a carousel picture is an image address',
  rectAudio: '{where}: its audio is not in the expected form',
  rectAudioIcon: '{where}: an audio icon is an image address',
  statsFrom: 'The start date is not valid',
  statsTo: 'The end date is not valid',
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
  paramsFlag: '{name} is true or false',
  paramsTimeZone: 'Not a time zone; for example Asia/Shanghai',
  paramsRetention: 'Keep logs for a whole number of days from 7 to 3650',
  tenantExpiry: 'The expiry is not a valid time',
  tenantAdmin: 'The admin account is required',
  accountRule: 'The account is 4-32 letters, digits or underscores, starting with a letter',

  metaTableId: 'No such table',
  metaFieldId: 'No such field',
  metaName: 'The identifier is required',
  metaNameRule: 'The identifier is 2-40 lower-case letters, digits or underscores, starting with a letter',
  // 名称不能为空 is also nameRequired's: one Chinese text has one English
  metaLabel: 'The name is required',
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
  systemComponent:
    '“{name}” is one of the console’s own pages: a data table or a tenant’s own menu entry cannot use it as its page component',

  departId: 'No such department',
  departName: 'The department name is required',
  departNameMax: 'The department name is at most 32 characters',
  roleId: 'The role does not exist',
  roleName: 'The role name is required',
  roleNameMax: 'The role name is at most 32 characters',
  nameEnMax: 'The English name is at most 64 characters',
  menuCode: 'The button code is required',
  menuCodeRule: 'The button code is area:action, e.g. user:add',
  menuPath: 'The path is required',
  menuPathRule: 'The path starts with / and has no scheme, spaces, ? or #',
  menuComponentRule: 'The component is lower-case letters, digits, hyphens, underscores and /, e.g. manage/users',
  menuIcon: 'The icon is a JSON object {icon, name, hidden}',
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
  campaignType: 'Choose a campaign type',
  campaignStep: 'No such step',
  campaignData: 'The step content must be an object',
  campaignDataMax: 'The step content is too large',
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
  userPhone: 'Enter a valid phone number',
  userDeparts: 'Choose at least one department',
  storeId: 'No such store',
  nicknameRequired: 'The nickname is required',
  nicknameMax: 'The nickname is at most 32 characters',
  userRemarkMax: 'The remark is at most 200 characters',
  nicknameMarkup: 'The nickname may not contain script, img or iframe tags',
  accountRequired: 'The account is required',
  avatar: 'The avatar is an uploaded image or an http(s) image address',
  sheetType: 'type is userTemplate, userExport or userImportErrors',
  importJob: 'No such import',
  exportJob: 'No such export',
  importFile: 'Choose an .xlsx file to import',
  importFileSize: 'The file is at most {mb} MB',

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
 * translator (client-messages.ts) and the server's (server/infra/http/language.ts) both read them.
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
  // A `{where}` is itself a rule's message (第 2 个组件: pageRectAt), said in English too; a list of `{options}` is
  // separated as English separates one (普卡、银卡 -> 普卡, 银卡); other parts are carried over.
  const part = (name: string, text: string) =>
    name === 'where' ? ruleEnglishOf(text) : name === 'options' ? text.split('、').join(', ') : text;
  RULES_PATTERNS.push([
    re,
    (m) =>
      en.replace(/\{(\w+)\}/g, (all, name: string) => {
        const text = m[names.indexOf(name) + 1];
        return text === undefined ? all : part(name, text);
      }),
  ]);
}

// The pattern with the most words of its own first: 第 2 个组件的热区格式不正确 is rectHotZones', though a rule's
// {where}格式不正确 matches it too, and 第 1 个弹窗的第 3 个组件 pagePopRectAt's, though pageRectAt's matches it too.
const ownWords = (re: RegExp) => re.source.replace(/\(\.\+\?\)/g, '').length;
RULES_PATTERNS.sort(([a], [b]) => ownWords(b) - ownWords(a));

/** A rule's message in English by RULES_EXACT and RULES_PATTERNS, or the text itself. */
function ruleEnglishOf(text: string): string {
  const exact = RULES_EXACT.get(text);
  if (exact) return exact;
  for (const [re, to] of RULES_PATTERNS) {
    const m = re.exec(text);
    if (m) return to(m);
  }
  return text;
}
