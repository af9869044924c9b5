/**
 * The messages of the resource schemas, by key, in the product's language: what the server answers and the form
 * shows. Their English is src/i18n/rule-messages-en.ts (one entry per key, checked by the compiler); `{name}` is
 * filled in by `say`. Grouped by resource; the first group is the request as a whole.
 */
export const RULE_MESSAGES = {
  bodyNotObject: '请求体必须是 JSON 对象',
  unknownField: '请求含有未知字段 {name}，请删除后重试',
  missingField: '请求缺少字段 {name}',
  wrongType: '{name} 的类型不正确',
  phoneFormat: '请输入正确的手机号码',
  pageNum: '页码必须是 1 到 {max} 之间的整数',
  pageSize: '每页条数必须是 1 到 {max} 之间的整数',

  pinyinLabels: 'labels 必须是不超过 20000 个、每个不超过 100 字的字符串',
  settingType: 'type 必须是 {types} 之一',
  sessionId: '会话 id 不正确',
  bindPhoneGiven: '请输入手机号或验证码',

  apiKeyId: 'API 密钥不存在或已吊销',
  nameRequired: '名称不能为空',
  nameMax50: '名称不能超过 50 个字',
  apiKeyScopes: '请至少选择一个接口',
  apiKeyScopesFormat: '权限范围格式不正确',
  apiKeyScopesOwn: '只能选择自己可以调用的接口',
  apiKeyExpiry: '到期时间须晚于现在',

  collectionId: '集合不存在',
  collectionName: '集合名称不能为空',
  collectionNameRule: '集合名称须为 2-64 位字母、数字、下划线、点或连字符，以字母开头',
  collectionFileId: '文件不存在',
  remarkMax: '说明不能超过 200 个字',

  taskId: '任务不存在',
  taskName: '任务名称不能为空',
  taskNameMax: '任务名称不能超过 50 个字',
  taskJob: '请选择任务类型',
  taskCron: 'Cron 表达式不能为空',
  taskTimeout: '超时须为 1 到 86400 秒之间的整数',
  taskTenantId: '请填写租户编号',
  wrongOutcome: '结果筛选不正确',

  webhookId: '订阅不存在',
  webhookUrl: '地址须为 http(s) 网址，且不含用户名密码',
  webhookEvents: '请至少选择一个事件',
  webhookEvent: '事件不存在',
  webhookSecret: '签名密钥不能为空',
  webhookSecretLength: '签名密钥须为 16-128 个字符',

  interfaceId: '接口不存在',
  interfaceMethod: '请求方法不正确',
  interfacePathRequired: '接口路径不能为空',
  interfacePath: '接口路径须以 / 开头，不能含协议、空格、? 或 #',
  nameMax64: '名称不能超过 64 个字',

  tenantId: '租户不正确',
  tenantName: '企业名称不能为空',
  tenantNameMax: '企业名称不能超过 50 个字',
  tenantCode: '企业编码不能为空',
  tenantCodeRule: '企业编码须为 2-32 位小写字母、数字或连字符，以字母开头',
  tenantContactMax: '联系人不能超过 32 个字',
  tenantPhone: '请输入正确的手机号',
  tenantStatus: '请选择状态',
  tenantExpiry: '到期时间格式不正确',
  tenantAdmin: '管理员账号不能为空',
  accountRule: '账号须为 4-32 位字母、数字或下划线，以字母开头',

  metaTableId: '数据表不存在',
  metaFieldId: '字段不存在',
  metaName: '标识不能为空',
  metaNameRule: '标识须为 2-40 位小写字母、数字或下划线，以字母开头',
  metaLabel: '名称不能为空',
  nameMax32: '名称不能超过 32 个字',
  metaComponent: '页面组件须为 group/name 形式的小写路径，如 base-info/store-mng',

  departId: '部门不存在',
  departName: '部门名称不能为空',
  departNameMax: '部门名称不能超过 32 个字',

  roleId: '角色不存在',
  roleName: '角色名称不能为空',
  roleNameMax: '角色名称不能超过 32 个字',
  nameEnMax: '英文名称不能超过 64 个字符',
  roleParent: '上级角色不存在',

  campaignId: '活动不存在',
  campaignStatus: '活动状态不正确',
  rejectReason: '请填写驳回原因',
  rejectReasonMax: '驳回原因不能超过 200 个字',

  staffId: '员工不存在',
  staffName: '员工姓名不能为空',
  staffNameMax: '员工姓名过长',
  staffCode: '员工编号不能为空',
  staffCodeMax: '员工编号过长',
  staffPhone: '请输入正确格式的手机号',
  staffStore: '门店编号须为数字',
  staffUser: '账号不存在',

  userId: '用户不存在',
  userStatus: '状态筛选不正确',
  userStatusChange: '状态必须是 0（停用）或 1（启用）',
  userType: '请选择用户类型',
  userSort: '排序字段不正确',
  userPhone: '请输入正确格式的手机号',
  userDeparts: '请至少选择一个部门',
  storeId: '门店不存在',
  nicknameRequired: '昵称不能为空',
  nicknameMax: '昵称不能超过 32 个字',
  nicknameMarkup: '昵称不能包含 script、img 或 iframe 标签',
  accountRequired: '账号不能为空',
  avatar: '头像须为上传的图片或 http(s) 图片地址',
  sheetType: 'type 必须是 userTemplate、userExport 或 userImportErrors',
  importJob: '导入任务不存在',
  importFile: '请选择要导入的 .xlsx 文件',

  oldPasswordRequired: '请输入原密码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请再次输入新密码',
  passwordRule: '密码须为 8-32 位，且同时包含字母和数字',
  passwordSame: '新密码不能与原密码相同',
  passwordMismatch: '两次输入的密码不一致',
  keyExpired: '密钥已失效，请重试',
  passwordUnreadable: '密码无法解密，请重试',

  smsPlatformId: '短信平台不存在',
  smsPlatformName: '平台名称不能为空',
  smsPlatformNameMax: '平台名称不能超过 32 个字',
  smsPlatformType: '请选择平台类型',
  smsPlatformEndpoint: '接口地址须为 http(s) 网址',
  smsPlatformAccessKeyMax: 'AccessKey 不能超过 128 个字符',
  smsPlatformSecret: '密钥不能为空',
  smsPlatformSecretMax: '密钥过长',
  smsPlatformSignName: '短信签名不能为空',
  smsPlatformSignNameMax: '短信签名不能超过 32 个字',
  smsPlatformTemplate: '请填写验证码短信的模板编号',
  smsPlatformTemplateMax: '模板编号不能超过 64 个字符',
} as const;

export type RuleKey = keyof typeof RULE_MESSAGES;

/** A rule's message in the product's language, its `{placeholders}` filled. */
export const say = (key: RuleKey, vars: Record<string, string | number> = {}): string =>
  RULE_MESSAGES[key].replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(vars, k) ? String(vars[k]) : m));
