import { campaignWordEn } from './campaign-words-en.ts';

/**
 * The English of the reference server's refusals (the Chinese is SPEC's language and the server's own words). The
 * server answers in English to a request that asks for it (Accept-Language: en, which the console sends in English);
 * tests/unit/server/infra/http/language.test.ts finds every refusal written in server/ and fails on one without its English.
 */
export const SERVER_MESSAGES_EN: Readonly<Record<string, string>> = {
  'API 密钥已吊销或已过期': 'The API key is revoked or expired',
  '请求内容含有不允许的空字符（U+0000），请删除后重试':
    'The request holds a NUL character (U+0000), which is not allowed; remove it and try again',
  链接中的企业不存在或已停用: "The link's organisation does not exist or is disabled",
  尚无可用的企业: 'There is no organisation to sign in to yet',
  角色名称已存在: 'A role has that name',
  不能审核自己提交的活动: 'You cannot review a campaign you submitted',
  '运行它的进程已退出，导入未完成：已处理的行已保存，请重新导入其余的行':
    'The process running the import ended before it finished: the rows done are saved; import the rest again',
  'API 密钥无效': 'The API key is not valid',
  'API 密钥的创建人或企业已停用': "The API key's maker or organisation is disabled",
  'answer、status 或 throw 必须给出一个': 'Give one of answer, status or throw',
  'labels 必须是不超过 20000 个、每个不超过 100 字的字符串': 'labels are at most 20000 strings of at most 100 characters each',
  'message 不能为空': 'message is required',
  'operationTime 格式应为 yyyy-MM-dd hh:mm:ss': 'operationTime is yyyy-MM-dd hh:mm:ss',
  'rids 必须是角色 id': 'rids are role ids',
  'type 必须是 userTemplate、userExport 或 userImportErrors': 'type is userTemplate, userExport or userImportErrors',
  'uid 必须是用户 id': 'uid is a user id',
  'uuid 必须是 32 位十六进制字符串': 'uuid is 32 hexadecimal characters',
  'values 须为对象（字段标识 → 值）': 'values is an object (field identifier → value)',
  上级角色不存在: 'No such parent role',
  上级角色不能是自己: 'A role cannot be its own parent',
  上级角色不能是自己的下级: 'A role cannot sit under one of its own sub-roles',
  不能修改用户类型高于自己的账号: 'You cannot change an account of a higher user type than yours',
  不能修改自己的用户类型: 'You cannot change your own user type',
  不能修改自己的角色: 'You cannot change your own roles',
  不能停用平台运营租户: "The platform operator's tenant cannot be disabled",
  不能停用或启用当前登录的账号: 'You cannot disable or enable the account you are signed in with',
  不能停用租户的最后一个管理员账号: "The tenant's last administrator cannot be disabled",
  不能分配自己数据权限范围之外的部门: 'You cannot assign departments outside your own data scope',
  不能分配超出自己权限的角色: 'You cannot assign a role beyond your own permissions',
  不能删除当前登录的账号: 'You cannot delete the account you are signed in with',
  不能删除用户类型高于自己的账号: 'You cannot delete an account of a higher user type than yours',
  不能删除租户的最后一个管理员账号: "The tenant's last administrator cannot be deleted",
  不能强制退出当前登录: 'You cannot force out your own session',
  不能授予自己没有的权限: 'You cannot grant a permission you do not hold',
  不能移到自己或自己的下级之下: 'An entry cannot move under itself or one of its own',
  不能设置高于自己的用户类型: 'You cannot give a user type above your own',
  企业编码已被使用: 'The organisation code is taken',
  企业编码或管理员账号已被使用: 'The organisation code or the admin account is taken',
  '会话 id 不正确': 'The session id is not valid',
  关联不存在: 'No such relation',
  原密码不正确: 'The old password is wrong',
  '参数不是有效的 JSON': 'The parameters are not valid JSON',
  '参数不能超过 64 KB': 'The parameters are at most 64 KB',
  '参数必须是 JSON 对象': 'The parameters are a JSON object',
  只有超级管理员可以修改部门: 'Only a super administrator may change departments',
  只能修改自己角色之下的角色: 'You may change only the roles under your own',
  只能分配共享菜单中的页面: 'Only pages of the shared menu can be given',
  '图形验证码错误或已失效，请点击图片刷新': 'The picture code is wrong or expired; click the picture for a new one',
  字段不存在: 'No such field',
  '密码无法解密，请重试': 'The password could not be decrypted; try again',
  导入任务不存在: 'No such import',
  导出任务不存在: 'No such export',
  没有要导出的行: 'There are no rows to export',
  '你已有一个导出正在进行，请等它完成或取消后再导出': 'You already have an export running; wait for it to finish or cancel it first',
  '服务器正在停止，请稍后再导出': 'The server is stopping; export again in a moment',
  '服务器停止，导出已中断，请重新导出': 'The server stopped and the export was cut short; export again',
  '运行它的进程已退出，导出未完成，请重新导出': 'The process running the export ended before it finished; export again',
  '链接无效或已过期，请重新导出': 'The link is not valid or has expired; export again',
  '已有同名的短信平台，或另一个平台正被同时启用': 'An SMS platform has that name, or another one is being enabled at the same time',
  已有同名的部门: 'A department has that name',
  已有相同的记录: 'The same record exists',
  '已有记录在这个字段上重复，不能设为唯一': 'Records already repeat in this field; it cannot be unique',
  布尔和图片字段不能设为唯一: 'Yes/no and image fields cannot be unique',
  '平台管理页面不能删除（删除后无人能管理菜单和租户）': 'Platform pages cannot be deleted (nobody could manage menus and tenants after)',
  平台管理页面只能分配给平台运营租户: "Platform pages go only to the platform operator's tenant",
  平台管理页面的组件不能修改: "A platform page's component cannot change",
  应用名称不正确: 'The application name is not valid',
  开始日期格式不正确: 'The start date is not valid',
  引用的表不存在: 'The referenced table does not exist',
  您没有当前操作的权限: 'You do not have permission for this operation.',
  所属租户已停用或已到期: 'Your organisation is disabled or expired',
  '所引用的记录刚被删除，请重新选择': 'The referenced record was just deleted; choose again',
  按钮之下不能再建菜单: 'Nothing can be created under a button',
  按钮须建在一个页面之下: 'A button goes under a page',
  接口不存在: 'No such interface',
  '数据库暂时不可用，请稍后重试': 'The database is unavailable for a moment; please try again shortly',
  数据表不存在: 'No such data table',
  '文件不能超过 10 MB': 'The file is at most 10 MB',
  '文件不能超过 5 MB': 'The file is at most 5 MB',
  文件中没有要导入的行: 'The file has no rows to import',
  '文件无法读取：请上传用模板填写的 .xlsx 文件': 'The file cannot be read: upload an .xlsx filled in from the template',
  文件是空的: 'The file is empty',
  新角色须在自己的角色之下: 'A new role goes under your own',
  日志不存在: 'No such log',
  '日期范围不能超过 366 天': 'The date range is at most 366 days',
  '暂未开放注册，请联系平台管理员开通': 'Registration is not open; ask the platform administrator',
  '服务器未配置 SECRETS_KEY，不能保存密钥': 'The server has no SECRETS_KEY, so secrets cannot be saved',
  '服务器自带的接口不能删除，可以取消它与页面的关联': "The server's own interfaces cannot be deleted; remove their relations instead",
  本租户已有同一标识的数据表: 'This tenant has a data table with that identifier',
  本租户已有同名的集合: 'This tenant has a collection with that name',
  本租户已有数据表使用这个页面组件: 'A data table of this tenant uses that page component',
  本表已有同一标识的字段: 'This table has a field with that identifier',
  来源角色和目标角色不能相同: 'The source and target roles must differ',
  步骤内容过大: 'The step is too large',
  步骤内容须为对象: 'The step is an object',
  没有数据访问权限: 'No data access',
  没有这个引用字段: 'No such reference field',
  没有这个步骤: 'No such step',
  活动不存在或已被删除: 'No such campaign, or it was deleted',
  '活动已审核通过，不能修改': 'The campaign is approved and cannot change',
  '活动正在审核中，不能修改': 'The campaign is under review and cannot change',
  '状态必须是 0（停用）或 1（启用）': 'The status is 0 (disabled) or 1 (enabled)',
  用户不存在: 'No such user',
  '登录失效，请重新登录': 'Your session has ended. Please log in again.',
  '登录密钥已失效，请重试': 'The sign-in key expired; try again',
  '短信发送失败，请稍后重试': 'The SMS could not be sent; try again later',
  租户不存在: 'No such tenant',
  租户自有菜单只能在本租户的菜单之间移动: "A tenant's own entry moves only among that tenant's entries",
  移动菜单请在菜单树中拖动: 'To move an entry, drag it in the menu tree',
  结束日期不能早于开始日期: 'The end date cannot be before the start date',
  结束日期格式不正确: 'The end date is not valid',
  '统计需要标准数据字典中的会员、核销记录、门店和优惠券表（及其字段）；请在数据字典中恢复它们':
    "The statistics need the standard dictionary's members, write-offs, stores and coupons tables (and their fields); restore them in the data dictionary",
  菜单不存在: 'No such menu entry',
  角色不存在: 'No such role',
  记录不存在或已被删除: 'No such record, or it was deleted',
  该任务没有被锁定: 'The task is not locked',
  '该手机号在多个企业下有账号，请选择企业': 'The phone has accounts in several organisations; choose one',
  该手机号已被本租户的其他账号使用: 'Another account of this tenant has that phone',
  该手机号未绑定任何账号: 'No account has that phone',
  '该手机号绑定了多个账号，请联系管理员重置密码': 'Several accounts have that phone; ask an administrator to reset the password',
  该接口已存在: 'The interface exists',
  该登录已失效或不存在: 'That sign-in has ended or does not exist',
  '该角色下还有下级角色，请先删除或移走它们': 'The role has sub-roles; delete or move them first',
  '该角色刚被分配给用户，未删除': 'The role was just given to a user and was not deleted',
  该账号已被使用: 'The account is taken',
  该页面下已有此按钮编码: 'The page has a button with that code',
  '请上传 .xlsx 文件（Excel 2007 及以上）': 'Upload an .xlsx file (Excel 2007 or later)',
  '请以 multipart/form-data 上传文件': 'Upload the file as multipart/form-data',
  请先修改初始密码: 'Change your initial password first',
  '数据表刚被修改，请刷新后重试': 'The table was just changed; refresh and try again',
  '请求体不是有效的 JSON': 'The request body is not valid JSON',
  '请求体不是有效的 multipart 表单': 'The request body is not a valid multipart form',
  '请求体必须是 JSON 对象': 'The request body must be a JSON object',
  '请求体必须是 multipart 表单（uid、rids）': 'The request body is a multipart form (uid, rids)',
  '请给出 menuId 或 interfaceId 之一': 'Give menuId or interfaceId',
  请输入图形验证码: 'Enter the picture code',
  请输入手机号或验证码: 'Enter the phone or the code',
  请输入正确的手机号码: 'Enter a valid phone number',
  请选择文件: 'Choose a file',
  请选择本租户菜单中的一个一级目录: "Choose a first-level section of this tenant's menu",
  请选择活动类型: 'Choose the campaign type',
  '请选择要导入的 .xlsx 文件': 'Choose the .xlsx file to import',
  账号不存在: 'No such account',
  部门不存在: 'No such department',
  '需要 phone（11 位手机号）或 uuid（32 位十六进制）': 'Give phone (11 digits) or uuid (32 hexadecimal characters)',
  页面不存在或已被删除: 'No such page, or it was deleted',
  页面名称不能为空: 'The page name is required',
  '页面名称不能超过 50 个字': 'The page name is at most 50 characters',
  '页面和按钮不能互相转换，请删除后重建': 'A page and a button do not turn into each other; delete and create again',
  页面组件不能为空: 'The page component is required',
  账号或密码错误: 'Wrong account or password',
  '所属企业已停用或已到期，请联系平台管理员': 'Your organisation is disabled or expired; ask the platform administrator',
  '账号已停用，请联系管理员': 'Your account is disabled; ask your administrator',
  '英文名称不能超过 64 个字符': 'The English name is at most 64 characters',
  名称不能为空: 'The name is required',
  '名称不能超过 32 个字': 'The name is at most 32 characters',
};

/** A count and its word by English's plural rule: `1 record`, `2 records` (the number as the refusal carries it). */
const counted = (n: string | undefined, one: string, other: string) => `${n} ${n === '1' ? one : other}`;

const CRON_PARTS_EN: Readonly<Record<string, string>> = {
  秒: 'the second',
  分: 'the minute',
  时: 'the hour',
  日: 'the day',
  月: 'the month',
  周: 'the weekday',
  年: 'the year',
};

/** The scheduled tasks' job types and what their runs say (the tasks page and 工作台 read them in the console's language). */
export const TASK_WORDS_EN: Readonly<Record<string, string>> = {
  '清理过期会话、验证码和密钥': 'Purge expired sessions, codes and keys',
  清理过期日志: 'Purge expired logs',
  '每日统计（前一天）': 'Daily statistics (the day before)',
  '测试短信平台（发送测试短信）': 'Test the SMS platform (send a test SMS)',
  '测试任务（记录每次运行）': 'Test job (records each run)',
  '测试任务（等待 30 秒）': 'Test job (waits 30 s)',
  已记录: 'Recorded',
  已等待: 'Waited',
  '运行它的进程已退出，本次运行未完成': 'The process running it exited; this run did not finish',
  '上一次运行尚未结束（或锁未释放）': 'The last run has not finished (or its lock was not released)',
};

/** What a purge counted, by the name of what it purged. */
const PURGED_EN: Readonly<Record<string, string>> = {
  会话: 'sessions',
  访问令牌: 'access tokens',
  图形验证码: 'picture codes',
  短信验证码: 'SMS codes',
  登录密钥: 'sign-in keys',
  登录票据: 'sign-in tickets',
  登录日志: 'sign-in log',
  会话记录: 'session log',
  操作日志: 'operation log',
  错误日志: 'error log',
  短信记录: 'SMS log',
  任务运行记录: 'task runs',
};

/** The passport's fields as its refusals name them (server/infra/http/http.ts: str), which names only these. */
const STR_LABELS_EN = {
  账号: 'The account',
  密码: 'The password',
  密钥: 'The key',
  姓名: 'The name',
  企业名称: 'The organisation name',
} as const;
export type StrLabel = keyof typeof STR_LABELS_EN;

/**
 * The server's refusals with parts that vary: their English, the parts carried over. Tried before the schemas' patterns
 * (a header's `表头须为：…` is not a field's `{label}须为：{options}`), and those before SERVER_FALLBACKS_EN.
 */
export const SERVER_PATTERNS_EN: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  // what a task's run says (TASK_WORDS_EN)
  [
    /^((?:[^、\s]+ \d+)(?:、[^、\s]+ \d+)+)$/,
    (m) =>
      m[1]!
        .split('、')
        .map((part) => {
          const [name, n] = part.split(' ');
          return `${PURGED_EN[name!] ?? name} ${n}`;
        })
        .join(', '),
  ],
  [/^(\d+) 个租户的前一天统计已写入$/, (m) => `Statistics of the day before written for ${counted(m[1], 'tenant', 'tenants')}`],
  [/^已经“(.+)”发送测试短信到 (\d+)$/, (m) => `A test SMS went through “${m[1]}” to ${m[2]}`],
  [/^超过 (\d+) 秒未完成$/, (m) => `Not finished within ${m[1]} s`],
  [/^未知的任务类型：(.+)$/, (m) => `Unknown job type: ${m[1]}`],
  [/^释放了 (.+) 持有的锁$/, (m) => `Released the lock held by ${m[1] === '未知进程' ? 'an unknown process' : m[1]}`],
  [/^登录失败次数过多，请 (\d+) 分钟后再试$/, (m) => `Too many failed sign-ins; try again in ${counted(m[1], 'minute', 'minutes')}`],
  [/^登录失败次数过多，请 (\d+) 秒后再试$/, (m) => `Too many failed sign-ins; try again in ${counted(m[1], 'second', 'seconds')}`],
  [/^发送过于频繁，请 (\d+) 秒后再试$/, (m) => `Sent too often; try again in ${counted(m[1], 'second', 'seconds')}`],
  [/^路径已被“(.+)”使用$/, (m) => `The path is taken by “${m[1]}”`],
  [/^这个数据表已发布为页面“(.+)”$/, (m) => `This table is already published as the page “${m[1]}”`],
  [
    /^页面组件 (\S+) 已被数据表“(.+)”使用，请先在“编辑”中填写页面组件$/,
    (m) => `The page component ${m[1]} is used by the table “${m[2]}”; give this table a component under Edit first`,
  ],
  [/^按钮须和所在页面一起授予：(.+)$/, (m) => `A button is granted with its page: ${m[1]}`],
  [/^一次最多导入 (\d+) 行，这个文件有 (\d+) 行$/, (m) => `At most ${m[1]} rows at a time; this file has ${m[2]}`],
  [/^文件不能超过 (\d+) MB$/, (m) => `The file is at most ${m[1]} MB`],
  [/^超过 (\d+) 条时不能按“(.+)”排序，请先筛选$/, (m) => `Past ${m[1]} rows a list cannot be sorted by “${m[2]}”: filter it first`],
  [
    /^一次最多导出 ([\d,]+) 行，当前筛选有 ([\d,]+) 行，请缩小筛选范围$/,
    (m) => `At most ${m[1]} rows per export; the filters match ${m[2]}: narrow them`,
  ],
  [
    /^文件解压后超过 (\d+) MB，无法读取：请拆分后分批导入$/,
    (m) => `The file unzips past ${m[1]} MB and cannot be read: split it and import in parts`,
  ],
  [/^表头须为：(.+)（请下载模板后填写）$/, (m) => `The header must be: ${m[1]} (download the template and fill it in)`],
  [
    /^该角色下还有 (\d+) 个用户，请先移除这些用户的角色$/,
    (m) => `${counted(m[1], 'user holds', 'users hold')} this role; take it from them first`,
  ],
  [
    /^还有 (\d+) 个步骤未完成：(.+)$/,
    (m) => `${counted(m[1], 'step is', 'steps are')} not done: ${m[2]!.split('、').map(campaignWordEn).join(', ')}`,
  ],
  [/^“(.+)”的活动不能(删除|撤回)$/, (m) => `A campaign “${campaignWordEn(m[1]!)}” cannot be ${m[2] === '删除' ? 'deleted' : 'withdrawn'}`],
  [
    /^活动当前为“(.+)”，或已被他人修改，不能提交审核$/,
    (m) => `The campaign is “${campaignWordEn(m[1]!)}” or was changed by someone else; it cannot be submitted`,
  ],
  [/^“(.+)”还有 (\d+) 条记录，不能删除$/, (m) => `“${m[1]}” has ${counted(m[2], 'record', 'records')} and cannot be deleted`],
  [/^接口不存在：(.+)$/, (m) => `No such call: ${m[1]}`],
  [/^Cron 表达式不正确：(.+)的值“(.+)”超出范围$/, (m) => `Not a valid cron: ${CRON_PARTS_EN[m[1]!] ?? m[1]} cannot be ${m[2]}`],
  [
    /^Cron 表达式不正确：须为 5 到 7 段，以空格分隔（秒 分 时 日 月 周），如 0 30 2 \* \* \*$/,
    () => 'Not a valid cron: give 5 to 7 parts separated by spaces (second minute hour day month weekday), such as 0 30 2 * * *',
  ],
  [/^Cron 表达式不正确：步长（\/ 后的数）不正确$/, () => 'Not a valid cron: a step (the number after /) is wrong'],
  [
    /^Cron 表达式不正确：无法识别，请按“秒 分 时 日 月 周”填写，如 0 30 2 \* \* \*$/,
    () => 'Not a valid cron: write it as “second minute hour day month weekday”, such as 0 30 2 * * *',
  ],
  [/^测试短信发送失败：(.+)$/, (m) => `The test SMS failed: ${m[1]}`],
  [
    /^平台接口 (.+) 至少要关联一个页面或按钮，否则无人能再调用它$/,
    (m) => `The platform interface ${m[1]} needs a page or button, or nobody could call it`,
  ],
  [
    new RegExp(`^(${Object.keys(STR_LABELS_EN).join('|')})(不能为空|过长)$`),
    (m) => `${STR_LABELS_EN[m[1] as StrLabel]} ${m[2] === '过长' ? 'is too long' : 'is required'}`,
  ],
  [/^活动当前为“(.+)”，不在待审核状态$/, (m) => `The campaign is “${campaignWordEn(m[1]!)}”, not waiting for review`],
  [/^所选的(.+)不存在或已被删除$/, (m) => `The chosen ${m[1]} does not exist or was deleted`],
  [/^所选的(.+)不存在$/, (m) => `The chosen ${m[1]} does not exist`],
  [/^你没有“(.+)”所选部门的数据权限$/, (m) => `You have no data access to the department chosen as “${m[1]}”`],
  [/^已有相同(.+)的记录$/, (m) => `A record with the same ${m[1]} exists`],
  [/^找不到(.+)“(.+)”$/, (m) => `No ${m[1]} “${m[2]}” was found`],
  [/^与第 (\d+) 行重复$/, (m) => `The same as row ${m[1]}`],
  [/^调用过于频繁：每分钟最多 (\d+) 次$/, (m) => `Too many calls: at most ${m[1]} a minute`],
  [/^请求内容过大，不能超过 (\d+) MB$/, (m) => `The request is too large: at most ${m[1]} MB`],
  [/^服务器内部错误，请稍后重试（请求编号 (.+)）$/, (m) => `Server error; try again later (request ${m[1]})`],
  [/^集合中已有同名文件“(.+)”$/, (m) => `The collection already has a file named “${m[1]}”`],
  [
    /^“(.+)”被“(.+)”的“(.+)”字段引用，不能删除$/,
    (m) => `“${m[1]}” is referred to by the field “${m[3]}” of “${m[2]}” and cannot be deleted`,
  ],
  [/^“(.+)”已有数据，删除后这些数据也会删除；请确认$/, (m) => `“${m[1]}” holds data, which is deleted with it; confirm`],
  [
    /^“(.+)”已有数据，不能从 (\S+) 改为 (\S+)；请新建字段后迁移数据$/,
    (m) => `“${m[1]}” holds data and cannot change from ${m[2]} to ${m[3]}; add a new field and move the data`,
  ],
  [/^记录中还有选项“(.+)”的数据，不能删除这个选项$/, (m) => `Records still hold the option “${m[1]}”; it cannot be removed`],
  [/^“(.+)”已有数据，不能改为引用另一张表$/, (m) => `“${m[1]}” holds data and cannot refer to another table`],
  [
    /^“(.+)”有 (\d+) 个下级菜单或按钮，已授予 (\d+) 个角色；确认后将一并删除$/,
    (m) =>
      `“${m[1]}” has ${counted(m[2], 'entry or button', 'entries or buttons')} under it and is granted to ${counted(m[3], 'role', 'roles')}; confirm to delete them all`,
  ],
  [/^“(.+)”还没有字段，请先在数据字典中添加$/, (m) => `“${m[1]}” has no fields yet; add them in the data dictionary first`],
  [
    /^“(.+)”被 (\d+) 条(.+)的“(.+)”引用，不能删除$/,
    (m) => `“${m[1]}” is referred to by ${counted(m[2], 'record', 'records')} of ${m[3]} (their “${m[4]}”) and cannot be deleted`,
  ],
  [/^“(.+)”刚被其他记录引用，不能删除$/, (m) => `“${m[1]}” was just referred to by another record and cannot be deleted`],
  [/^“(.+)”没有名为 (.+) 的字段$/, (m) => `“${m[1]}” has no field named ${m[2]}`],
  [/^没有名为 (.+) 的字段$/, (m) => `There is no field named ${m[1]}`],
  [/^“(.+)”不能用来筛选$/, (m) => `“${m[1]}” cannot be filtered on`],
  [/^“(.+)”的筛选值须为 true 或 false$/, (m) => `The filter of “${m[1]}” is true or false`],
  [/^“(.+)”的范围格式不正确$/, (m) => `The range of “${m[1]}” is not in the expected format`],
  [
    /^(.+?)已被(.+)修改（你编辑的是第 (\d+) 版，现在是第 (\d+) 版）；你的修改没有保存，请刷新后再改$/,
    (m) =>
      `${edited(m[1]!)} was changed by ${m[2] === '他人' ? 'someone else' : m[2]} (you edited version ${m[3]}; it is now version ${m[4]}); ` +
      'your changes were not saved: refresh and edit again',
  ],
  [/^编辑须带上(.+)的版本（version）$/, (m) => `An edit carries the ${edited(m[1]!).toLowerCase()}’s version (version)`],
];

/** What an edit was made to (server/infra/http/http.ts: staleEdit, editedVersion), which names only these. */
const EDITED_EN = {
  这条记录: 'This record',
  这个活动: 'This campaign',
  这个页面: 'This page',
  记录: 'Record',
  活动: 'Campaign',
  页面: 'Page',
} as const;
export type EditedThing = keyof typeof EDITED_EN;
const edited = (thing: string) => (EDITED_EN as Record<string, string>)[thing] ?? thing;

/** The server's refusals of a common shape: tried after the schemas' own (RULES_PATTERNS), which say more. */
export const SERVER_FALLBACKS_EN: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^(.+)必须是 1 到 (\d+) 之间的整数$/, (m) => `${m[1]} is a whole number from 1 to ${m[2]}`],
  [/^(.+)格式不正确$/, (m) => `${m[1]} is not in the expected format`],
  [/^(.+) ?不能为空$/, (m) => `${m[1].trim()} is required`],
  [/^(.+) ?过长$/, (m) => `${m[1].trim()} is too long`],
];
