import type { Db } from '../infra/db/db.ts';
import { hashPassword } from '../infra/crypto.ts';
import { defaultTenantPages, offeredTo } from '../access/menu.ts';
import { BUSINESS_TABLES, installDictionary, seedSampleRecords } from './business-dictionary.ts';
import { JOURNAL_BUTTON } from '@/api/contract/platform.ts';
import { catalogueVersion, insertEntry, markReconciled, shippedEntries, type SeedMenu } from './catalogue.ts';

/** The password of every demo account (DECISIONS.md). */
export const DEMO_PASSWORD = 'Admin@2026';

/** What the demo's store staff may do besides reading their pages. */
const STAFF_BUTTONS = ['member:export', 'write_off:add'];
/** Buttons only the super admins get (the event journal). */
const ENGINEER_BUTTONS: readonly string[] = [JOURNAL_BUTTON];

/** The tenant of the demo's platform operator (PLATFORM_TENANT's demo default). */
export const DEMO_PLATFORM_TENANT = 0;

const leaf = (name: string, path: string, component: string, extra: Partial<SeedMenu> = {}): SeedMenu => ({
  name,
  path,
  component,
  ...extra,
});

/** A menu covering every functional area of SPEC section 1, with buttons, hidden entries and a wrapper. */
export const DEMO_MENU: SeedMenu[] = [
  {
    name: '',
    wrapper: true,
    roles: ['tenantAdmin', 'staff'],
    children: [leaf('工作台', '/dashboard', 'data-statistics/dashboard', { icon: 'dashboard', roles: ['tenantAdmin', 'staff'] })],
  },
  {
    name: '小程序管理',
    path: '/applet-management',
    icon: 'applet',
    roles: ['tenantAdmin'],
    children: [
      leaf('小程序列表', '/applet-management/applet-list', 'applet-management/applet-list', { roles: ['tenantAdmin'] }),
      leaf('支付应用', '/application-management/pay-app', 'application-management/pay-app', { roles: ['tenantAdmin'] }),
    ],
  },
  {
    name: '基础数据',
    path: '/base-info',
    icon: 'base',
    roles: ['tenantAdmin'],
    children: [
      leaf('门店管理', '/base-info/store-mng', 'base-info/store-mng', { roles: ['tenantAdmin'] }),
      leaf('商场管理', '/base-info/mall-manage', 'base-info/mall-manage', { roles: ['tenantAdmin'] }),
      leaf('品牌管理', '/base-info/brand', 'base-info/brand'),
      // Departments define everyone's data scope: only the super administrators get these buttons.
      leaf('部门管理', '/base-info/department', 'base-info/department', {
        buttons: [
          ['depart:add', '新增'],
          ['depart:edit', '编辑'],
          ['depart:del', '删除'],
        ],
      }),
      leaf('员工管理', '/base-info/staff-mng', 'base-info/staff-mng', { roles: ['tenantAdmin'] }),
      leaf('财务与分账', '/base-info/finance', 'base-info/finance'),
    ],
  },
  {
    name: '内容与营销',
    path: '/content-manage',
    icon: 'campaign',
    roles: ['tenantAdmin'],
    children: [
      leaf('抽奖活动', '/content-manage/lottery', 'content-manage/lottery', { roles: ['tenantAdmin'] }),
      leaf('投票活动', '/content-manage/vote', 'content-manage/vote'),
      leaf('签到活动', '/content-manage/check-in', 'content-manage/check-in'),
      leaf('返现活动', '/content-manage/cashback', 'content-manage/cashback'),
      leaf('裂变活动', '/content-manage/fission', 'content-manage/fission'),
      leaf('海报管理', '/content-manage/poster', 'source-material-center/poster'),
      leaf('表单管理', '/content-manage/form', 'template/form'),
      leaf('自定义页面', '/content-manage/custom-page', 'template/custom-page'),
      leaf('活动审核', '/content-manage/campaign-audit', 'campaign-audit/list', { roles: ['tenantAdmin'] }),
      leaf('活动编辑', '/content-manage/campaign-edit', 'content-manage/campaign-edit', { hidden: true }),
    ],
  },
  {
    name: '卡券管理',
    path: '/coupon-manage',
    icon: 'coupon',
    roles: ['tenantAdmin', 'staff'],
    children: [
      leaf('优惠券', '/coupon-manage/coupon', 'coupon-manage/coupon', { roles: ['tenantAdmin', 'staff'] }),
      leaf('卡券', '/coupon-manage/card-ticket', 'coupon-manage/card-ticket'),
      leaf('拼团', '/coupon-manage/group-buy', 'group-mng/group-buy'),
      leaf('核销记录', '/coupon-manage/write-off', 'coupon-manage/write-off', { roles: ['tenantAdmin', 'staff'] }),
    ],
  },
  {
    name: '积分与风控',
    path: '/integral-mng',
    icon: 'points',
    children: [
      leaf('积分管理', '/integral-mng/points', 'integral-mng/points'),
      leaf('风控管理', '/integral-mng/risk', 'integral-mng/risk'),
      leaf('购物小票', '/integral-mng/receipt', 'integral-mng/receipt'),
    ],
  },
  {
    name: '会员管理',
    path: '/member-mng',
    icon: 'member',
    roles: ['tenantAdmin', 'staff'],
    children: [
      leaf('会员列表', '/member-mng/member-list', 'member-mng/member-list', { roles: ['tenantAdmin', 'staff'] }),
      leaf('会员等级', '/member-mng/level', 'member-up/level', { roles: ['tenantAdmin', 'staff'] }),
      leaf('会员标签', '/member-mng/tag', 'member-mng/tag'),
      leaf('会员分组', '/member-mng/group', 'member-mng/group'),
      leaf('会员勋章', '/member-mng/badge', 'member-mng/badge'),
      leaf('会员卡', '/member-mng/card', 'member-mng/card'),
      leaf('会员权益', '/member-mng/rights', 'member-rights/rights'),
    ],
  },
  {
    name: '公众号',
    path: '/wechat-official-account',
    icon: 'wechat',
    children: [
      leaf('公众号消息', '/wechat-official-account/message', 'wechat-msg-manage/message'),
      leaf('公众号设置', '/wechat-official-account/setting', 'wechat-official-account/setting'),
    ],
  },
  {
    name: '企业微信',
    path: '/work-weixin',
    icon: 'work-weixin',
    children: [
      leaf('客户管理', '/work-weixin/customer', 'company-customer-manage/customer'),
      leaf('客户群运营', '/work-weixin/group', 'wechat-group-mng/group'),
      leaf('SOP', '/work-weixin/sop', 'work-weixin/sop'),
      leaf('红包活动', '/work-weixin/red-packet', 'work-weixin/red-packet'),
      leaf('知识库', '/work-weixin/knowledge', 'work-weixin/knowledge'),
      leaf('敏感词监控', '/work-weixin/sensitive-word', 'social-media-manage/sensitive-word'),
    ],
  },
  {
    name: '订单与发票',
    path: '/orders',
    icon: 'orders',
    children: [
      leaf('订单管理', '/orders/order-list', 'orders/order-list'),
      leaf('发票管理', '/orders/invoice', 'invoice/invoice'),
      leaf('不动产管理', '/orders/real-estate', 'real-estate-mng/real-estate'),
      leaf('门禁管理', '/orders/access-control', 'real-estate-mng/access-control'),
    ],
  },
  {
    name: '租户管理',
    path: '/tenant-manage',
    icon: 'tenant',
    children: [
      leaf('租户列表', '/tenant-manage/tenant-list', 'tenant-manage/tenant-list'),
      leaf('租户页面', '/tenant-manage/tenant-pages', 'manage/tenant-pages'),
    ],
  },
  {
    name: '系统管理',
    path: '/manage',
    icon: 'system',
    roles: ['tenantAdmin'],
    children: [
      leaf('用户管理', '/manage/users', 'manage/users', {
        roles: ['tenantAdmin'],
        buttons: [
          ['user:add', '新增'],
          ['user:edit', '编辑'],
          ['user:del', '删除'],
          ['user:import', '导入'],
          ['user:export', '导出'],
          ['user:detail', '详情'],
        ],
      }),
      leaf('角色管理', '/manage/roles', 'manage/roles', {
        roles: ['tenantAdmin'],
        buttons: [
          ['role:save', '保存'],
          ['role:delete', '删除'],
          ['role:copy', '复制权限'],
        ],
      }),
      leaf('菜单列表', '/manage/menu-list', 'manage/menu-list'),
      leaf('接口列表', '/manage/interface-list', 'manage/interface-list'),
      leaf('操作日志', '/manage/logs', 'manage/logs', { roles: ['tenantAdmin'] }),
      leaf('系统参数', '/manage/parameters', 'manage/parameters', {
        roles: ['tenantAdmin'],
        buttons: [['privacy:unmask', '查看完整手机号']],
      }),
      leaf('数据字典', '/manage/meta-data', 'manage/meta-data', {
        roles: ['tenantAdmin'],
        buttons: [
          ['meta:save', '保存'],
          ['meta:del', '删除'],
          ['meta:publish', '发布为页面'],
        ],
      }),
      leaf('文档集合', '/manage/mongo-tables', 'manage/mongo-tables', {
        roles: ['tenantAdmin'],
        buttons: [
          ['mongo:save', '新增'],
          ['mongo:del', '删除'],
        ],
      }),
      leaf('短信平台', '/manage/sms-platform', 'manage/sms-platform'),
      leaf('定时任务', '/manage/tasks', 'manage/tasks'),
    ],
  },
  {
    name: '开放平台',
    path: '/open-platform',
    icon: 'open',
    children: [
      leaf('API 密钥', '/open-platform/api-key', 'open-platform/api-key'),
      leaf('消息订阅', '/open-platform/subscription', 'open-platform/subscription'),
      leaf('user 接口文档', '/open-platform/user-api-doc', 'open-platform/user-api-doc'),
    ],
  },
  {
    name: '客服',
    path: '/kf',
    icon: 'kf',
    children: [leaf('客服会话', '/kf/chat', 'kf/chat')],
  },
  {
    name: '数据中心',
    path: '/data-statistics',
    icon: 'data',
    roles: ['tenantAdmin'],
    children: [
      leaf('商城统计', '/data-statistics/mall-statistics', 'data-statistics/mall-statistics', { roles: ['tenantAdmin'] }),
      leaf('数据管理', '/data-statistics/data-mng', 'data-mng/data-mng'),
      leaf('一号租户专属报表', '/data-statistics/tenant-one-report', 'data-statistics/tenant-report', { tenant: 1 }),
      leaf('二号租户专属看板', '/data-statistics/tenant-two-board', 'data-statistics/tenant-board', { tenant: 2 }),
    ],
  },
  {
    name: '用户中心',
    path: '/user-center',
    icon: 'user',
    roles: ['tenantAdmin', 'staff'],
    children: [
      leaf('个人信息', '/user-center/user-info', 'user-center/user-info', {
        hidden: true,
        roles: ['tenantAdmin', 'staff'],
        buttons: [[JOURNAL_BUTTON, '事件日志']],
      }),
      leaf('设置密码', '/user-center/set-password', 'user-center/set-password', { roles: ['tenantAdmin', 'staff'] }),
    ],
  },
];

interface Tenant {
  id: number;
  name: string;
  /** public code (links to the public pages: ?tenant=code) */
  code: string;
}

/** True when the database holds no tenant yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenant');
  return row.n === 0;
}

/** Seeds the demo data of DECISIONS.md: two tenants, five accounts, the whole menu. */
export async function seedDemo(db: Db): Promise<void> {
  const tenants: Tenant[] = [
    { id: DEMO_PLATFORM_TENANT, name: '平台运营中心', code: 'platform' },
    { id: 1, name: '星河商业集团', code: 'xinghe' },
    { id: 2, name: '云帆零售', code: 'yunfan' },
  ];
  for (const t of tenants) await db.query('INSERT INTO tenant (id, name, code) VALUES ($1, $2, $3)', [t.id, t.name, t.code]);

  const departs = await db.query<{ id: number; tenant_id: number }>(
    `INSERT INTO depart (tenant_id, depart_name) VALUES (1, '总部'), (1, '华东大区'), (1, '华南大区'), (2, '总部'), ($1, '总部')
     RETURNING id, tenant_id`,
    [DEMO_PLATFORM_TENANT],
  );
  const malls = await db.query<{ id: number }>(
    `INSERT INTO mall (tenant_id, name) VALUES (1, '星河万象城'), (1, '星河中心'), (2, '云帆广场') RETURNING id`,
  );

  const roles = {
    super1: await insertRole(db, 1, '超级管理员'),
    tenantAdmin: await insertRole(db, 1, '租户管理员'),
    staff: await insertRole(db, 1, '门店员工'),
    super2: await insertRole(db, 2, '超级管理员'),
    platform: await insertRole(db, DEMO_PLATFORM_TENANT, '超级管理员'),
  };

  await seedMenuCatalogue(db, roles);
  // The platform has every shared page; the two tenants every page but the platform's.
  await giveTenantPages(db, DEMO_PLATFORM_TENANT, null);
  const pages = await defaultTenantPages(db);
  for (const t of [1, 2]) await giveTenantPages(db, t, pages);

  const [hq1, east1] = departs.filter((d) => d.tenant_id === 1).map((d) => d.id);
  const hq2 = departs.find((d) => d.tenant_id === 2)!.id;
  const hq0 = departs.find((d) => d.tenant_id === DEMO_PLATFORM_TENANT)!.id;
  const hash = await hashPassword(DEMO_PASSWORD);
  const users = [
    {
      name: 'admin',
      tenant: 1,
      type: 0,
      nick: '星河管理员',
      phone: '13800000001',
      role: roles.super1,
      store: null,
      mall: malls[0].id,
      departs: [hq1, east1],
    },
    {
      name: 'tenantadmin',
      tenant: 1,
      type: 2,
      nick: '租户管理员小李',
      phone: '13800000002',
      role: roles.tenantAdmin,
      store: null,
      mall: malls[0].id,
      departs: [hq1],
    },
    {
      name: 'staff',
      tenant: 1,
      type: 1,
      nick: '门店店员小王',
      phone: '13800000003',
      role: roles.staff,
      store: 101,
      mall: malls[0].id,
      departs: [east1],
    },
    {
      name: 'nophone',
      tenant: 1,
      type: 1,
      nick: '未绑定手机的店员',
      phone: '',
      role: roles.staff,
      store: 102,
      mall: malls[0].id,
      departs: [east1],
    },
    {
      name: 'admin2',
      tenant: 2,
      type: 0,
      nick: '云帆管理员',
      phone: '13900000001',
      role: roles.super2,
      store: null,
      mall: malls[2].id,
      departs: [hq2],
    },
    {
      name: 'platform',
      tenant: DEMO_PLATFORM_TENANT,
      type: 0,
      nick: '平台运营',
      phone: '13700000000',
      role: roles.platform,
      store: null,
      mall: null,
      departs: [hq0],
    },
  ];
  for (const u of users) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, phone, user_type, store_id, mall_id, default_mall_id, depart_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING id`,
      [u.tenant, u.name, hash, u.nick, u.phone, u.type, u.store, u.mall, u.departs],
    );
    await db.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [row.id, u.role]);
  }

  // The demo's store staff, bound to their accounts (the online list shows their names and codes).
  await db.query(
    `INSERT INTO staff (tenant_id, staff_name, staff_code, store_id, user_id)
     SELECT 1, v.name, v.code, u.store_id, u.id FROM (VALUES ('王小二', 'S0101', 'staff'), ('赵小六', 'S0102', 'nophone')) v(name, code, account)
       JOIN app_user u ON u.user_name = v.account AND u.tenant_id = 1`,
  );
  await db.query(
    `INSERT INTO system_setting (tenant_id, type, params) VALUES
       (1, 'scrm_overall_params', '{"enableWaterMark":false}'),
       (2, 'scrm_overall_params', '{"enableWaterMark":true}'),
       ($1, 'scrm_overall_params', '{"enableWaterMark":false}')`,
    [DEMO_PLATFORM_TENANT],
  );
  // The standard dictionary for every tenant; sample rows and 90 days of daily figures for the two business tenants.
  for (const t of tenants) {
    const tables = await installDictionary(db, t.id);
    if (t.id !== DEMO_PLATFORM_TENANT) await seedSampleRecords(db, t.id, tables, t.id === 1 ? 1 : 0.35);
  }
  // Campaigns of tenant 1: a draft, one waiting for review, and an approved one running now.
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  const lottery = (name: string, start: number, end: number) => ({
    'campaign-base-info': { name, startAt: day(start), endAt: day(end), description: '会员专享，每日可抽' },
    'choice-template-component': { template: 'wheel' },
    'wx-share-setting': { title: `${name}，快来抽奖`, image: 'https://cdn.example.com/share.png', imageSquare: true },
    'draw-setting': { drawsPerUser: 5, drawsPerDay: 1 },
    'prize-setting': {
      prizes: [
        { name: '100 元购物卡', stock: 10, probability: 1, image: '' },
        { name: '满 200 减 30 券', stock: 2000, probability: 30, image: '' },
      ],
    },
    'popularizing-channel': { channels: [{ name: '公众号', code: 'wx_mp' }] },
  });
  const [admin] = await db.query<{ id: number }>(`SELECT id FROM app_user WHERE user_name = 'admin'`);
  const [ta] = await db.query<{ id: number }>(`SELECT id FROM app_user WHERE user_name = 'tenantadmin'`);
  for (const [name, status, start, end, steps] of [
    ['元旦幸运大转盘', 'draft', 30, 40, { 'campaign-base-info': { name: '元旦幸运大转盘' } }],
    ['双十二抽奖', 'pending', 10, 20, lottery('双十二抽奖', 10, 20)],
    ['周年庆大转盘', 'scheduled', -3, 7, lottery('周年庆大转盘', -3, 7)],
  ] as const) {
    await db.query(
      `INSERT INTO campaign (tenant_id, type, name, status, steps, current_step, start_at, end_at, created_by, updated_by, submitted_by, submitted_at, reviewed_by, reviewed_at)
       VALUES (1, 'lottery', $1, $2, $3::jsonb, 'campaign-base-info', $4, $5, $6, $6,
               CASE WHEN $2 <> 'draft' THEN $6::int END, CASE WHEN $2 <> 'draft' THEN now() END,
               CASE WHEN $2 = 'scheduled' THEN $7::int END, CASE WHEN $2 = 'scheduled' THEN now() END)`,
      [name, status, JSON.stringify(steps), status === 'draft' ? null : day(start), status === 'draft' ? null : day(end), admin.id, ta.id],
    );
  }

  // The store staff work in real stores of the standard dictionary (their accounts and staff records say which).
  await db.query(
    `WITH stores AS (SELECT r.id, row_number() OVER (ORDER BY r.id) AS n FROM meta_record r JOIN meta_table t ON t.id = r.table_id
                      WHERE t.tenant_id = 1 AND t.name = 'store')
     UPDATE app_user u SET store_id = s.id FROM stores s
      WHERE u.tenant_id = 1 AND s.n = CASE u.user_name WHEN 'staff' THEN 1 WHEN 'nophone' THEN 2 END`,
  );
  await db.query(`UPDATE staff st SET store_id = u.store_id FROM app_user u WHERE u.id = st.user_id AND st.tenant_id = 1`);
  await db.query(
    `INSERT INTO daily_stat (tenant_id, day, logins, failures, active_users, operations, sms_sent)
     SELECT t, (now() AT TIME ZONE 'Asia/Shanghai')::date - d,
            (30 + 25 * sin(d / 3.0) + (d * 37 % 23))::int / t, (d * 13 % 7)::int, (8 + d * 11 % 9)::int / t,
            (120 + 60 * cos(d / 5.0) + (d * 53 % 41))::int / t, (d * 17 % 11)::int
       FROM unnest(ARRAY[1, 2]) t, generate_series(1, 90) d`,
  );
  await syncTenantSequence(db);
  await markSeeded(db);
}

/** Seeds name their tenants' ids; new tenants (register, tenant pages) continue after the highest. */
async function syncTenantSequence(db: Db): Promise<void> {
  await db.query(`SELECT setval('tenant_id_seq', (SELECT max(id) FROM tenant))`);
}

/**
 * Gives a tenant shared pages (all of them when `pages` is null) and takes from its roles whatever it was not
 * given (the catalogue's seeding grants super admins everything).
 */
async function giveTenantPages(db: Db, tenantId: number, pages: number[] | null): Promise<void> {
  await db.query(
    `INSERT INTO tenant_page (tenant_id, menu_id) SELECT $1, id FROM menu WHERE tenant_id IS NULL AND ($2::int[] IS NULL OR id = ANY($2::int[]))`,
    [tenantId, pages],
  );
  await db.query(
    `DELETE FROM role_perm rp USING role r, menu m
      WHERE r.id = rp.role_id AND m.id = rp.menu_id AND r.tenant_id = $1 AND NOT ${offeredTo('m', '$1')}`,
    [tenantId],
  );
}

interface CatalogueRoles {
  super1: number;
  super2?: number;
  platform?: number;
  tenantAdmin?: number;
  staff?: number;
}

/** Inserts DEMO_MENU and grants it: super admins get all of their tenant's entries, other roles what `roles` names. */
async function seedMenuCatalogue(db: Db, roles: CatalogueRoles): Promise<void> {
  const ids = new Map<string, number>();
  for (const e of shippedEntries(DEMO_MENU)) {
    // A tenant-only entry of a tenant this database does not have (production seeds tenant 1 only).
    if (e.tenant === 2 && roles.super2 === undefined) continue;
    const id = await insertEntry(db, e, e.parentKey === null ? null : ids.get(e.parentKey)!);
    ids.set(e.key, id);
    const supers = e.tenant === 2 ? [roles.super2] : e.tenant === 1 ? [roles.super1] : [roles.super1, roles.super2, roles.platform];
    const others = e.tenant === 2 ? [] : e.roles.map((k) => roles[k]);
    // Staff may export members and write coupons off; the tenant admin gets every button but deleting.
    const code = e.row.code;
    const granted =
      e.row.uri_type === 1 || !ENGINEER_BUTTONS.includes(code)
        ? others.filter((r) => e.row.uri_type === 1 || (r === roles.staff ? STAFF_BUTTONS.includes(code) : !/:del(ete)?$/.test(code)))
        : [];
    for (const r of [...supers, ...granted]) {
      if (r !== undefined) await db.query('INSERT INTO role_perm (role_id, menu_id) VALUES ($1, $2)', [r, id]);
    }
  }
}

/** Records that a fresh database holds the shipped catalogue, so its first start has nothing to reconcile. */
export async function markSeeded(db: Db): Promise<void> {
  await markReconciled(db, catalogueVersion(shippedEntries(DEMO_MENU), BUSINESS_TABLES));
}

/** The English names of the demo's and a first start's roles. */
const ROLE_NAMES_EN: Readonly<Record<string, string>> = {
  超级管理员: 'Super administrator',
  租户管理员: 'Tenant administrator',
  门店员工: 'Store staff',
};

async function insertRole(db: Db, tenantId: number, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('INSERT INTO role (tenant_id, name, name_en) VALUES ($1, $2, $3) RETURNING id', [
    tenantId,
    name,
    ROLE_NAMES_EN[name] ?? '',
  ]);
  return row.id;
}

/** Production first start: one tenant and one admin whose password the operator chose. */
export async function seedProduction(db: Db, adminPassword: string): Promise<void> {
  await db.query(`INSERT INTO tenant (id, name, code) VALUES (1, '默认租户', 'default')`);
  const role = await insertRole(db, 1, '超级管理员');
  const [u] = await db.query<{ id: number }>(
    `INSERT INTO app_user (tenant_id, user_name, password_hash, nickname, user_type) VALUES (1, 'admin', $1, '管理员', 0) RETURNING id`,
    [await hashPassword(adminPassword)],
  );
  await db.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [u.id, role]);
  await seedMenuCatalogue(db, { super1: role });
  // Tenant 1 is the platform operator's unless PLATFORM_TENANT names another: it has every shared page.
  await giveTenantPages(db, 1, null);
  await installDictionary(db, 1);
  await syncTenantSequence(db);
  await markSeeded(db);
}
