import type { Queryable } from '../infra/db/db.ts';
import { syncRecordIndexes } from '../services/records.ts';
import { DICTIONARY_NAMES_EN } from './dictionary-names-en.ts';
import type { EnumOption, MetaFieldType } from '@/api/contract/records.ts';

/**
 * The standard data dictionary of the business areas: one meta table per business page of the
 * shared menu, named by the page's component, so a tenant runs those pages from day one and extends them in the
 * data dictionary without a release. Every tenant gets it when it is made (seeds, the tenant list); demo mode
 * adds sample rows. Departments and staff are not here: their pages use the real tables.
 */

interface FieldSpec {
  /** machine name */
  n: string;
  /** label */
  l: string;
  t: MetaFieldType;
  /** enum option labels (values are '1', '2', …) */
  o?: string[];
  /** the referenced table's name */
  ref?: string;
  /** searchable, unique, required, left out of the list */
  s?: boolean;
  u?: boolean;
  r?: boolean;
  hide?: boolean;
  /** demo values: a pool to pick from, a pattern with {i} (the row number), or a range for numbers */
  pool?: readonly string[];
  pattern?: string;
  range?: [number, number];
  /** dates: how many days back the demo values reach */
  days?: number;
}

export interface TableSpec {
  name: string;
  label: string;
  component: string;
  remark?: string;
  fields: FieldSpec[];
  /** demo rows of tenant 1 (tenant 2 gets a third); 0 for none */
  rows: number;
  /** a tenant's own page (the demo menu's tenant-only entries) */
  tenant?: number;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '马', '朱', '胡', '林', '郭', '何', '高', '罗'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
];
const PEOPLE = SURNAMES.flatMap((s, i) => GIVEN.slice(i % 5, (i % 5) + 6).map((g) => s + g));
const CITIES = ['上海', '杭州', '南京', '苏州', '广州', '深圳', '成都', '武汉'];
const STATUS = ['草稿', '未开始', '进行中', '已结束'];

/** The standard dictionary, in an order where every referenced table comes before the tables referencing it. */
export const BUSINESS_TABLES: readonly TableSpec[] = [
  {
    name: 'mall',
    label: '商场',
    component: 'base-info/mall-manage',
    rows: 6,
    fields: [
      {
        n: 'name',
        l: '商场名称',
        t: 'text',
        s: true,
        u: true,
        r: true,
        pool: ['星河万象城', '星河中心', '星河天地', '星河汇', '星河广场', '星河里'],
      },
      { n: 'city', l: '城市', t: 'enum', o: CITIES, s: true },
      { n: 'address', l: '地址', t: 'text', pattern: '中山路 {i} 号' },
      { n: 'area', l: '面积（㎡）', t: 'number', range: [30000, 260000] },
      { n: 'opened_at', l: '开业日期', t: 'date', days: 3000 },
      { n: 'status', l: '状态', t: 'enum', o: ['营业中', '筹备中', '停业'], s: true },
    ],
  },
  {
    name: 'store',
    label: '门店',
    component: 'base-info/store-mng',
    rows: 48,
    fields: [
      { n: 'code', l: '门店编号', t: 'text', s: true, u: true, r: true, pattern: 'S{i:4}' },
      {
        n: 'name',
        l: '门店名称',
        t: 'text',
        s: true,
        r: true,
        pool: [
          '优衣库',
          '星巴克',
          '喜茶',
          '无印良品',
          '屈臣氏',
          '海底捞',
          '名创优品',
          '周大福',
          'ZARA',
          '苹果授权店',
          '西西弗书店',
          '乐高',
        ],
      },
      { n: 'mall', l: '所在商场', t: 'reference', ref: 'mall', s: true, r: true },
      { n: 'department', l: '所属部门', t: 'department', s: true },
      { n: 'address', l: '铺位', t: 'text', pattern: 'L{i:1}-{i:2}' },
      { n: 'phone', l: '联系电话', t: 'phone', s: true },
      { n: 'status', l: '状态', t: 'enum', o: ['营业中', '装修中', '已关闭'], s: true },
      { n: 'opened_at', l: '开业日期', t: 'date', days: 1500 },
    ],
  },
  {
    name: 'brand',
    label: '品牌',
    component: 'base-info/brand',
    rows: 24,
    fields: [
      { n: 'name', l: '品牌名称', t: 'text', s: true, u: true, r: true, pattern: '品牌{i:3}' },
      { n: 'category', l: '业态', t: 'enum', o: ['餐饮', '服饰', '零售', '娱乐', '生活服务'], s: true },
      { n: 'logo', l: '标志', t: 'image', hide: true },
      { n: 'contact', l: '联系人', t: 'text', pool: PEOPLE },
      { n: 'phone', l: '联系电话', t: 'phone' },
    ],
  },
  {
    name: 'split_rule',
    label: '分账规则',
    component: 'base-info/finance',
    rows: 12,
    fields: [
      { n: 'name', l: '规则名称', t: 'text', s: true, r: true, pattern: '分账规则 {i}' },
      { n: 'store', l: '门店', t: 'reference', ref: 'store', s: true },
      { n: 'ratio', l: '分账比例（%）', t: 'number', range: [1, 30] },
      { n: 'account', l: '收款账户', t: 'text', pattern: '6222 0200 {i:4} 8888' },
      { n: 'effective_at', l: '生效日期', t: 'date', days: 200 },
      { n: 'enabled', l: '启用', t: 'boolean' },
    ],
  },
  {
    name: 'applet',
    label: '小程序',
    component: 'applet-management/applet-list',
    rows: 5,
    fields: [
      { n: 'name', l: '小程序名称', t: 'text', s: true, r: true, pool: ['星河会员', '星河商城', '星河活动', '星河停车', '星河点餐'] },
      { n: 'appid', l: 'AppID', t: 'text', s: true, u: true, r: true, pattern: 'wx8f3c{i:4}a1b2c3d4' },
      { n: 'kind', l: '类型', t: 'enum', o: ['会员小程序', '商城小程序', '活动小程序'], s: true },
      { n: 'version', l: '线上版本', t: 'text', pattern: '2.{i:1}.0' },
      { n: 'status', l: '状态', t: 'enum', o: ['已上线', '审核中', '未发布'], s: true },
      { n: 'online_at', l: '上线日期', t: 'date', days: 600 },
    ],
  },
  {
    name: 'pay_app',
    label: '支付应用',
    component: 'application-management/pay-app',
    rows: 6,
    fields: [
      { n: 'name', l: '应用名称', t: 'text', s: true, r: true, pattern: '收款应用 {i}' },
      { n: 'channel', l: '支付渠道', t: 'enum', o: ['微信支付', '支付宝', '银联'], s: true, r: true },
      { n: 'mch_id', l: '商户号', t: 'text', s: true, u: true, r: true, pattern: '16{i:8}' },
      { n: 'applet', l: '小程序', t: 'reference', ref: 'applet' },
      { n: 'rate', l: '费率（‰）', t: 'number', range: [2, 6] },
      { n: 'enabled', l: '启用', t: 'boolean' },
    ],
  },
  {
    name: 'member',
    label: '会员',
    component: 'member-mng/member-list',
    rows: 320,
    fields: [
      { n: 'card_no', l: '会员卡号', t: 'text', s: true, u: true, r: true, pattern: 'M2026{i:6}' },
      { n: 'nickname', l: '昵称', t: 'text', s: true, r: true, pool: PEOPLE },
      { n: 'phone', l: '手机号', t: 'phone', s: true, u: true },
      { n: 'level', l: '等级', t: 'enum', o: ['普卡', '银卡', '金卡', '钻石卡'], s: true },
      { n: 'tags', l: '标签', t: 'text', s: true, pool: ['高频到店', '母婴', '美食达人', '运动', '新客', '沉睡', '高客单'] },
      { n: 'points', l: '积分', t: 'number', range: [0, 20000] },
      { n: 'store', l: '开卡门店', t: 'reference', ref: 'store', s: true },
      { n: 'department', l: '所属部门', t: 'department', s: true },
      { n: 'joined_at', l: '入会日期', t: 'date', s: true, days: 90 },
    ],
  },
  {
    name: 'coupon',
    label: '优惠券',
    component: 'coupon-manage/coupon',
    rows: 18,
    fields: [
      {
        n: 'name',
        l: '券名称',
        t: 'text',
        s: true,
        r: true,
        pool: ['满 200 减 30', '周末 8 折', '新人 20 元券', '咖啡兑换券', '满 500 减 80', '生日礼券'],
      },
      { n: 'kind', l: '类型', t: 'enum', o: ['满减券', '折扣券', '兑换券'], s: true, r: true },
      { n: 'face_value', l: '面额（元）', t: 'money', range: [5, 100] },
      { n: 'threshold', l: '使用门槛（元）', t: 'money', range: [0, 500] },
      { n: 'stock', l: '库存', t: 'number', range: [0, 5000] },
      { n: 'valid_from', l: '生效日期', t: 'date', days: 60 },
      { n: 'valid_to', l: '截止日期', t: 'date', days: -60 },
      { n: 'status', l: '状态', t: 'enum', o: ['未开始', '发放中', '已停发'], s: true },
    ],
  },
  {
    name: 'card_ticket',
    label: '卡券',
    component: 'coupon-manage/card-ticket',
    rows: 10,
    fields: [
      { n: 'name', l: '卡券名称', t: 'text', s: true, r: true, pattern: '礼品卡 {i}' },
      { n: 'kind', l: '类型', t: 'enum', o: ['储值卡', '次卡', '礼品卡'], s: true },
      { n: 'price', l: '售价（元）', t: 'money', range: [50, 1000] },
      { n: 'uses', l: '可用次数', t: 'number', range: [1, 20] },
      { n: 'valid_days', l: '有效天数', t: 'number', range: [30, 365] },
      { n: 'on_sale', l: '在售', t: 'boolean' },
    ],
  },
  {
    name: 'group_buy',
    label: '拼团',
    component: 'group-mng/group-buy',
    rows: 8,
    fields: [
      { n: 'name', l: '拼团名称', t: 'text', s: true, r: true, pattern: '三人成团 · 商品 {i}' },
      { n: 'group_size', l: '成团人数', t: 'number', range: [2, 5] },
      { n: 'price', l: '拼团价（元）', t: 'money', range: [9, 199] },
      { n: 'original_price', l: '原价（元）', t: 'money', range: [199, 399] },
      { n: 'start_at', l: '开始时间', t: 'datetime', days: 30 },
      { n: 'end_at', l: '结束时间', t: 'datetime', days: -30 },
      { n: 'status', l: '状态', t: 'enum', o: STATUS, s: true },
    ],
  },
  {
    name: 'write_off',
    label: '核销记录',
    component: 'coupon-manage/write-off',
    rows: 420,
    fields: [
      { n: 'code', l: '核销码', t: 'text', s: true, u: true, r: true, pattern: 'HX{i:8}' },
      { n: 'coupon', l: '优惠券', t: 'reference', ref: 'coupon', s: true, r: true },
      { n: 'store', l: '核销门店', t: 'reference', ref: 'store', s: true, r: true },
      { n: 'member', l: '会员', t: 'reference', ref: 'member', s: true },
      { n: 'amount', l: '抵扣金额（元）', t: 'money', range: [5, 100] },
      { n: 'written_at', l: '核销时间', t: 'datetime', s: true, days: 90 },
      { n: 'operator', l: '核销人', t: 'text', pool: ['王小二', '赵小六', '店长'] },
    ],
  },
  {
    name: 'poster',
    label: '海报',
    component: 'source-material-center/poster',
    rows: 12,
    fields: [
      { n: 'title', l: '海报标题', t: 'text', s: true, r: true, pattern: '会员日海报 {i}' },
      { n: 'image', l: '海报图', t: 'image', hide: true },
      { n: 'size', l: '尺寸', t: 'enum', o: ['1080×1920', '750×1334', '1080×1080'] },
      { n: 'used_by', l: '用于活动', t: 'text', pool: ['幸运大转盘', '每日签到', '会员日'] },
    ],
  },
  {
    name: 'form',
    label: '表单',
    component: 'template/form',
    rows: 7,
    fields: [
      { n: 'name', l: '表单名称', t: 'text', s: true, r: true, pool: ['报名表', '满意度调查', '商户入驻申请', '活动反馈'] },
      { n: 'questions', l: '题目数', t: 'number', range: [3, 20] },
      { n: 'submissions', l: '提交数', t: 'number', range: [0, 3000] },
      { n: 'published', l: '已发布', t: 'boolean' },
    ],
  },
  {
    name: 'points_flow',
    label: '积分流水',
    component: 'integral-mng/points',
    rows: 120,
    fields: [
      { n: 'member', l: '会员', t: 'reference', ref: 'member', s: true, r: true },
      { n: 'change', l: '变动积分', t: 'number', range: [-500, 800] },
      { n: 'reason', l: '原因', t: 'enum', o: ['消费', '签到', '兑换', '人工调整'], s: true },
      { n: 'at', l: '时间', t: 'datetime', s: true, days: 90 },
    ],
  },
  {
    name: 'risk_rule',
    label: '风控规则',
    component: 'integral-mng/risk',
    rows: 6,
    fields: [
      { n: 'name', l: '规则名称', t: 'text', s: true, r: true, pool: ['单日积分上限', '同设备多账号', '异常核销频次', '小票重复上传'] },
      { n: 'threshold', l: '阈值', t: 'number', range: [3, 5000] },
      { n: 'action', l: '处置', t: 'enum', o: ['拦截', '预警', '人工复核'] },
      { n: 'enabled', l: '启用', t: 'boolean' },
    ],
  },
  {
    name: 'receipt',
    label: '购物小票',
    component: 'integral-mng/receipt',
    rows: 60,
    fields: [
      { n: 'receipt_no', l: '小票号', t: 'text', s: true, u: true, r: true, pattern: 'XP{i:8}' },
      { n: 'member', l: '会员', t: 'reference', ref: 'member', s: true },
      { n: 'store', l: '门店', t: 'reference', ref: 'store', s: true },
      { n: 'amount', l: '金额（元）', t: 'money', range: [20, 3000] },
      { n: 'status', l: '审核状态', t: 'enum', o: ['待审核', '已通过', '已驳回'], s: true },
      { n: 'uploaded_at', l: '上传时间', t: 'datetime', days: 60 },
      { n: 'image', l: '小票照片', t: 'image', hide: true },
    ],
  },
  {
    name: 'member_level',
    label: '会员等级',
    component: 'member-up/level',
    rows: 4,
    fields: [
      { n: 'name', l: '等级名称', t: 'text', s: true, u: true, r: true, pool: ['普卡', '银卡', '金卡', '钻石卡'] },
      { n: 'min_points', l: '所需积分', t: 'number', r: true, range: [0, 20000] },
      { n: 'discount', l: '折扣（%）', t: 'number', range: [80, 100] },
      {
        n: 'benefits',
        l: '权益说明',
        t: 'text',
        pool: ['积分 1 倍', '积分 1.2 倍、免费停车', '积分 1.5 倍、专属客服', '积分 2 倍、贵宾休息室'],
      },
    ],
  },
  {
    name: 'member_tag',
    label: '会员标签',
    component: 'member-mng/tag',
    rows: 7,
    fields: [
      {
        n: 'name',
        l: '标签名称',
        t: 'text',
        s: true,
        u: true,
        r: true,
        pool: ['高频到店', '母婴', '美食达人', '运动', '新客', '沉睡', '高客单'],
      },
      { n: 'kind', l: '打标方式', t: 'enum', o: ['手动', '规则自动'], s: true },
      { n: 'members', l: '会员数', t: 'number', range: [10, 3000] },
    ],
  },
  {
    name: 'member_group',
    label: '会员分组',
    component: 'member-mng/group',
    rows: 5,
    fields: [
      { n: 'name', l: '分组名称', t: 'text', s: true, r: true, pattern: '重点客群 {i}' },
      { n: 'rule', l: '分组规则', t: 'text', pool: ['近 30 天到店 ≥ 3 次', '金卡及以上', '母婴标签', '生日在本月'] },
      { n: 'members', l: '会员数', t: 'number', range: [50, 5000] },
    ],
  },
  {
    name: 'badge',
    label: '会员勋章',
    component: 'member-mng/badge',
    rows: 6,
    fields: [
      { n: 'name', l: '勋章名称', t: 'text', s: true, r: true, pool: ['签到达人', '消费先锋', '分享之星', '老朋友', '夜猫子', '早起鸟'] },
      { n: 'icon', l: '图标', t: 'image', hide: true },
      { n: 'rule', l: '获得条件', t: 'text', pattern: '累计完成 {i} 次任务' },
    ],
  },
  {
    name: 'member_card',
    label: '会员卡',
    component: 'member-mng/card',
    rows: 4,
    fields: [
      { n: 'name', l: '卡名称', t: 'text', s: true, r: true, pool: ['普卡', '银卡', '金卡', '钻石卡'] },
      { n: 'cover', l: '卡面', t: 'image', hide: true },
      { n: 'price', l: '开卡费（元）', t: 'money', range: [0, 299] },
    ],
  },
  {
    name: 'member_right',
    label: '会员权益',
    component: 'member-rights/rights',
    rows: 8,
    fields: [
      {
        n: 'name',
        l: '权益名称',
        t: 'text',
        s: true,
        r: true,
        pool: ['免费停车 2 小时', '生日双倍积分', '专属客服', '免费礼品包装', '贵宾休息室'],
      },
      { n: 'level', l: '适用等级', t: 'enum', o: ['普卡', '银卡', '金卡', '钻石卡'], s: true },
      { n: 'quota', l: '每月次数', t: 'number', range: [1, 10] },
    ],
  },
  {
    name: 'wx_message',
    label: '公众号消息',
    component: 'wechat-msg-manage/message',
    rows: 15,
    fields: [
      { n: 'title', l: '标题', t: 'text', s: true, r: true, pattern: '本周会员福利 第 {i} 期' },
      { n: 'kind', l: '消息类型', t: 'enum', o: ['图文', '文本', '模板消息'], s: true },
      { n: 'sent_at', l: '发送时间', t: 'datetime', days: 60 },
      { n: 'audience', l: '送达人数', t: 'number', range: [1000, 80000] },
      { n: 'reads', l: '阅读数', t: 'number', range: [100, 20000] },
    ],
  },
  {
    name: 'wx_account',
    label: '公众号',
    component: 'wechat-official-account/setting',
    rows: 2,
    fields: [
      { n: 'name', l: '公众号名称', t: 'text', s: true, r: true, pool: ['星河商业', '星河会员服务'] },
      { n: 'appid', l: 'AppID', t: 'text', u: true, r: true, pattern: 'wx1a2b{i:4}c3d4e5f6' },
      { n: 'kind', l: '类型', t: 'enum', o: ['服务号', '订阅号'] },
      { n: 'verified', l: '已认证', t: 'boolean' },
    ],
  },
  {
    name: 'wecom_customer',
    label: '企业微信客户',
    component: 'company-customer-manage/customer',
    rows: 80,
    fields: [
      { n: 'name', l: '客户名称', t: 'text', s: true, r: true, pool: PEOPLE },
      { n: 'phone', l: '手机号', t: 'phone', s: true },
      { n: 'owner', l: '跟进员工', t: 'text', s: true, pool: ['王小二', '赵小六', '店长'] },
      { n: 'source', l: '来源', t: 'enum', o: ['扫码', '搜索手机号', '群聊', '名片分享'], s: true },
      { n: 'added_at', l: '添加时间', t: 'datetime', days: 90 },
    ],
  },
  {
    name: 'wecom_group',
    label: '客户群',
    component: 'wechat-group-mng/group',
    rows: 10,
    fields: [
      { n: 'name', l: '群名称', t: 'text', s: true, r: true, pattern: '星河会员福利群 {i}' },
      { n: 'owner', l: '群主', t: 'text', pool: ['王小二', '赵小六', '店长'] },
      { n: 'members', l: '群人数', t: 'number', range: [20, 500] },
      { n: 'created', l: '建群日期', t: 'date', days: 300 },
    ],
  },
  {
    name: 'sop',
    label: 'SOP',
    component: 'work-weixin/sop',
    rows: 5,
    fields: [
      { n: 'name', l: 'SOP 名称', t: 'text', s: true, r: true, pool: ['新客欢迎', '沉睡唤醒', '生日关怀', '活动提醒', '售后回访'] },
      { n: 'trigger', l: '触发条件', t: 'enum', o: ['添加好友', '打标签', '定时'] },
      { n: 'steps', l: '步骤数', t: 'number', range: [1, 6] },
      { n: 'enabled', l: '启用', t: 'boolean' },
    ],
  },
  {
    name: 'red_packet',
    label: '红包活动',
    component: 'work-weixin/red-packet',
    rows: 6,
    fields: [
      { n: 'name', l: '活动名称', t: 'text', s: true, r: true, pattern: '新春红包 第 {i} 波' },
      { n: 'amount', l: '单个金额（元）', t: 'money', range: [1, 20] },
      { n: 'count', l: '红包个数', t: 'number', range: [100, 2000] },
      { n: 'status', l: '状态', t: 'enum', o: STATUS, s: true },
    ],
  },
  {
    name: 'knowledge',
    label: '知识库',
    component: 'work-weixin/knowledge',
    rows: 12,
    fields: [
      { n: 'title', l: '标题', t: 'text', s: true, r: true, pattern: '常见问题 {i}' },
      { n: 'category', l: '分类', t: 'enum', o: ['会员', '停车', '积分', '活动'], s: true },
      { n: 'answer', l: '回答', t: 'text', pool: ['请在会员中心查看', '凭小票到服务台办理', '积分有效期为两年'] },
    ],
  },
  {
    name: 'sensitive_word',
    label: '敏感词',
    component: 'social-media-manage/sensitive-word',
    rows: 10,
    fields: [
      { n: 'word', l: '敏感词', t: 'text', s: true, u: true, r: true, pattern: '敏感词{i}' },
      { n: 'level', l: '级别', t: 'enum', o: ['提醒', '拦截'], s: true },
      { n: 'hits', l: '命中次数', t: 'number', range: [0, 200] },
    ],
  },
  {
    name: 'order',
    label: '订单',
    component: 'orders/order-list',
    rows: 200,
    fields: [
      { n: 'order_no', l: '订单号', t: 'text', s: true, u: true, r: true, pattern: 'DD2026{i:8}' },
      { n: 'member', l: '会员', t: 'reference', ref: 'member', s: true },
      { n: 'store', l: '门店', t: 'reference', ref: 'store', s: true },
      { n: 'amount', l: '金额（元）', t: 'money', range: [10, 5000] },
      { n: 'status', l: '状态', t: 'enum', o: ['待支付', '已支付', '已发货', '已完成', '已退款'], s: true },
      { n: 'department', l: '所属部门', t: 'department', s: true },
      { n: 'paid_at', l: '支付时间', t: 'datetime', s: true, days: 90 },
    ],
  },
  {
    name: 'invoice',
    label: '发票',
    component: 'invoice/invoice',
    rows: 30,
    fields: [
      { n: 'invoice_no', l: '发票号码', t: 'text', s: true, u: true, pattern: '0440{i:8}' },
      { n: 'order', l: '订单', t: 'reference', ref: 'order', s: true },
      { n: 'title', l: '抬头', t: 'text', s: true, pool: ['个人', '星河科技有限公司', '云帆贸易有限公司'] },
      { n: 'amount', l: '金额（元）', t: 'money', range: [10, 5000] },
      { n: 'status', l: '状态', t: 'enum', o: ['待开具', '已开具', '已红冲'], s: true },
    ],
  },
  {
    name: 'real_estate',
    label: '不动产',
    component: 'real-estate-mng/real-estate',
    rows: 20,
    fields: [
      { n: 'name', l: '铺位', t: 'text', s: true, r: true, pattern: 'L{i:1}-{i:3}' },
      { n: 'mall', l: '商场', t: 'reference', ref: 'mall', s: true },
      { n: 'area', l: '面积（㎡）', t: 'number', range: [30, 800] },
      { n: 'status', l: '状态', t: 'enum', o: ['空置', '已租', '装修中'], s: true },
    ],
  },
  {
    name: 'access_device',
    label: '门禁设备',
    component: 'real-estate-mng/access-control',
    rows: 12,
    fields: [
      { n: 'name', l: '设备名称', t: 'text', s: true, r: true, pattern: '门禁 {i} 号' },
      { n: 'location', l: '位置', t: 'text', pool: ['东门', '西门', '地下车库', '员工通道', '货梯口'] },
      { n: 'estate', l: '所属铺位', t: 'reference', ref: 'real_estate' },
      { n: 'online', l: '在线', t: 'boolean' },
      { n: 'last_seen', l: '最后心跳', t: 'datetime', days: 3 },
    ],
  },
  {
    name: 'kf_session',
    label: '客服会话',
    component: 'kf/chat',
    rows: 40,
    fields: [
      { n: 'customer', l: '客户', t: 'text', s: true, r: true, pool: PEOPLE },
      { n: 'channel', l: '渠道', t: 'enum', o: ['小程序', '公众号', '企业微信'], s: true },
      { n: 'agent', l: '接待客服', t: 'text', s: true, pool: ['客服小美', '客服小林', '客服阿强'] },
      { n: 'status', l: '状态', t: 'enum', o: ['排队中', '接待中', '已结束'], s: true },
      { n: 'started_at', l: '开始时间', t: 'datetime', days: 14 },
      { n: 'rating', l: '满意度', t: 'enum', o: ['满意', '一般', '不满意'] },
    ],
  },
  {
    name: 'data_set',
    label: '数据集',
    component: 'data-mng/data-mng',
    rows: 6,
    fields: [
      {
        n: 'name',
        l: '数据集',
        t: 'text',
        s: true,
        r: true,
        pool: ['会员宽表', '订单明细', '核销明细', '积分流水', '客流统计', '小票识别'],
      },
      { n: 'source', l: '来源', t: 'enum', o: ['业务库', '埋点', '第三方'] },
      { n: 'rows_count', l: '行数', t: 'number', range: [1000, 9000000] },
      { n: 'refreshed_at', l: '最近更新', t: 'datetime', days: 2 },
    ],
  },
  {
    name: 'tenant_report',
    label: '专属报表',
    component: 'data-statistics/tenant-report',
    tenant: 1,
    rows: 6,
    fields: [
      { n: 'name', l: '报表名称', t: 'text', s: true, r: true, pattern: '月度经营报表 2026-{i:2}' },
      { n: 'owner', l: '负责人', t: 'text', pool: PEOPLE },
      { n: 'period', l: '统计月份', t: 'date', days: 180 },
    ],
  },
  {
    name: 'tenant_board',
    label: '专属看板',
    component: 'data-statistics/tenant-board',
    tenant: 2,
    rows: 4,
    fields: [
      { n: 'name', l: '看板名称', t: 'text', s: true, r: true, pattern: '门店看板 {i}' },
      { n: 'owner', l: '负责人', t: 'text', pool: PEOPLE },
    ],
  },
];

/** The components of the standard dictionary (their menu pages get the five record buttons). */
export const BUSINESS_COMPONENTS = new Map(BUSINESS_TABLES.map((t) => [t.component, t.name]));

const optionsOf = (labels: readonly string[] = []): EnumOption[] =>
  labels.map((label, i) => ({ value: String(i + 1), label, labelEn: DICTIONARY_NAMES_EN[label] ?? '' }));

type Made = Map<string, { id: number; fields: Map<string, number> }>;

/** Gives a new tenant the standard dictionary (a tenant-only table only to its tenant). */
export async function installDictionary(db: Queryable, tenantId: number): Promise<Made> {
  return (await reconcileDictionary(db, tenantId, BUSINESS_TABLES)).made;
}

/**
 * Brings a tenant's standard dictionary up to `specs`: a table or field it lacks arrives, one it has from before
 * tracking is tracked as it is, one the tenant deleted stays deleted. Tables a release retires are kept (their records
 * are the tenant's). Returns the tables by name and what arrived.
 */
export async function reconcileDictionary(
  db: Queryable,
  tenantId: number,
  specs: readonly TableSpec[],
): Promise<{ made: Made; addedTables: number; addedFields: number }> {
  const tracked = new Map(
    (
      await db.query<{ key: string; table_id: number | null; field_id: number | null }>(
        'SELECT key, table_id, field_id FROM catalogue_dictionary WHERE tenant_id = $1',
        [tenantId],
      )
    ).map((r) => [r.key, r]),
  );
  const track: Array<[string, number | null, number | null]> = [];
  const indexed = new Set<number>();
  const made: Made = new Map();
  // The English names go in with the rows; a database still before migration 036 (a repair test seeds one at an
  // earlier migration) has no column for them yet, and gains them at its next start (fillEnglishDictionaryNames).
  const [english] = await db.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'meta_field' AND column_name = 'label_en') AS yes`,
  );
  const withEnglish = english?.yes === true;
  const en = (zh: string) => (withEnglish ? [DICTIONARY_NAMES_EN[zh] ?? ''] : []);
  const enColumn = withEnglish ? ', label_en' : '';
  let addedTables = 0;
  let addedFields = 0;
  for (const spec of specs) {
    if (spec.tenant !== undefined && spec.tenant !== tenantId) continue;
    let tableId: number;
    let fresh = false;
    const t = tracked.get(spec.name);
    if (t) {
      if (t.table_id === null) continue;
      tableId = t.table_id;
    } else {
      const [existing] = await db.query<{ id: number }>('SELECT id FROM meta_table WHERE tenant_id = $1 AND lower(name) = lower($2)', [
        tenantId,
        spec.name,
      ]);
      if (existing) tableId = existing.id;
      else {
        const [table] = await db.query<{ id: number }>(
          `INSERT INTO meta_table (tenant_id, name, label, remark, component${enColumn})
           VALUES ($1, $2, $3, $4, $5${withEnglish ? ', $6' : ''}) RETURNING id`,
          [tenantId, spec.name, spec.label, spec.remark ?? `${spec.label}（标准数据字典）`, spec.component, ...en(spec.label)],
        );
        tableId = table.id;
        fresh = true;
        addedTables++;
      }
      track.push([spec.name, tableId, null]);
    }
    const fields = new Map<string, number>();
    for (const [i, f] of spec.fields.entries()) {
      const key = `${spec.name}.${f.n}`;
      const tf = tracked.get(key);
      if (tf) {
        if (tf.field_id !== null) fields.set(f.n, tf.field_id);
        continue;
      }
      const [existing] = fresh
        ? []
        : await db.query<{ id: number }>('SELECT id FROM meta_field WHERE table_id = $1 AND lower(name) = lower($2)', [tableId, f.n]);
      let fieldId = existing?.id;
      if (fieldId === undefined) {
        const refId = f.ref ? made.get(f.ref)?.id : null;
        // The table it references is gone (the tenant deleted it): the field cannot arrive.
        if (f.ref && !refId) continue;
        const [field] = await db.query<{ id: number }>(
          `INSERT INTO meta_field (tenant_id, table_id, name, label, type, options, ref_table_id, required, is_unique, searchable, list_column, sort${enColumn})
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12${withEnglish ? ', $13' : ''}) RETURNING id`,
          [
            tenantId,
            tableId,
            f.n,
            f.l,
            f.t,
            JSON.stringify(optionsOf(f.o)),
            refId ?? null,
            Boolean(f.r),
            Boolean(f.u),
            Boolean(f.s),
            !f.hide,
            i,
            ...en(f.l),
          ],
        );
        fieldId = field.id;
        addedFields++;
        indexed.add(tableId);
      }
      fields.set(f.n, fieldId);
      track.push([key, null, fieldId]);
    }
    made.set(spec.name, { id: tableId, fields });
  }
  // the new fields' indexes, once for every table that has one
  if (indexed.size > 0) await syncRecordIndexes(db, [...indexed]);
  if (track.length > 0) {
    await db.query(
      `INSERT INTO catalogue_dictionary (tenant_id, key, table_id, field_id)
       SELECT $1, k, t, f FROM unnest($2::text[], $3::int[], $4::int[]) AS x(k, t, f) ON CONFLICT DO NOTHING`,
      [tenantId, track.map((r) => r[0]), track.map((r) => r[1]), track.map((r) => r[2])],
    );
  }
  return { made, addedTables, addedFields };
}

/** A small deterministic generator, so every demo database holds the same sample rows. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const fill = (pattern: string, i: number) =>
  pattern.replace(/\{i(?::(\d))?\}/g, (_, w?: string) => (w ? String(i).padStart(Number(w), '0') : String(i)));

/**
 * Demo sample rows for a tenant's standard tables: plausible values by field (pools, patterns, ranges, dates over
 * the last `days`), references to earlier tables' rows, departments of the tenant. `scale` shrinks the counts.
 */
export async function seedSampleRecords(
  db: Queryable,
  tenantId: number,
  tables: Map<string, { id: number; fields: Map<string, number> }>,
  scale = 1,
) {
  const rnd = random(tenantId * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const departs = (await db.query<{ id: number }>('SELECT id FROM depart WHERE tenant_id = $1 ORDER BY id', [tenantId])).map((d) => d.id);
  const ids = new Map<string, number[]>();
  const now = Date.now();
  const day = 86_400_000;
  for (const spec of BUSINESS_TABLES) {
    const table = tables.get(spec.name);
    if (!table || !spec.rows) continue;
    const count = Math.max(1, Math.round(spec.rows * scale));
    const rows: Array<Record<string, unknown>> = [];
    for (let i = 1; i <= count; i++) {
      const data: Record<string, unknown> = {};
      for (const f of spec.fields) {
        const id = String(table.fields.get(f.n));
        let v: unknown = null;
        const back = (f.days ?? 90) >= 0 ? rnd() * (f.days ?? 90) : -rnd() * -(f.days ?? 0);
        switch (f.t) {
          case 'text':
            v = f.pattern ? fill(f.pattern, i) : f.pool ? (f.u ? f.pool[(i - 1) % f.pool.length] : pick(f.pool)) : null;
            break;
          case 'phone':
            v =
              f.u || rnd() < 0.9
                ? `1${pick(['38', '39', '58', '86', '77'])}${String(10_000_000 + ((i * 7_919 + tenantId * 104_729) % 89_999_999)).slice(0, 8)}`
                : null;
            break;
          case 'number':
          case 'money': {
            const [lo, hi] = f.range ?? [0, 100];
            const n = lo + rnd() * (hi - lo);
            v = f.t === 'money' ? Math.round(n * 100) / 100 : Math.round(n);
            break;
          }
          case 'boolean':
            v = rnd() < 0.8;
            break;
          case 'enum':
            v = String(1 + Math.floor(rnd() * (f.o?.length ?? 1)));
            break;
          case 'date':
            v = new Date(now - back * day).toISOString().slice(0, 10);
            break;
          case 'datetime':
            v = new Date(now - back * day).toISOString();
            break;
          case 'reference': {
            const pool = ids.get(f.ref!) ?? [];
            v = pool.length && (f.r || rnd() < 0.85) ? pick(pool) : null;
            break;
          }
          case 'department':
            v = departs.length ? pick(departs) : null;
            break;
          case 'image':
            v = null;
            break;
        }
        if (v !== null) data[id] = v;
      }
      rows.push(data);
    }
    // A pool smaller than its unique column's rows would repeat a value: such rows keep their first.
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO meta_record (tenant_id, table_id, data, created_at, updated_at)
       SELECT $1, $2, d, now() - (random() * interval '60 days'), now() FROM jsonb_array_elements($3::jsonb) d
       ON CONFLICT DO NOTHING RETURNING id::int AS id`,
      [tenantId, table.id, JSON.stringify(rows)],
    );
    ids.set(
      spec.name,
      inserted.map((r) => r.id),
    );
  }
}
