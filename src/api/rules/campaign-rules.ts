import { PHONE_PATTERN } from '../contract/users.ts';
import { unreadText } from './unread.ts';

/**
 * A campaign's eight steps (the spec's sub-pages of 设置活动 › 活动信息, in order) and each step's rules, one
 * for the wizard and the server: a step's problems by field, and what publishing still misses.
 */
export const CAMPAIGN_STEPS = [
  ['campaign-base-info', '活动基础信息'],
  ['choice-template-component', '模板设置'],
  ['wx-share-setting', '微信分享设置'],
  ['draw-setting', '抽奖设置'],
  ['prize-setting', '奖品设置'],
  ['appoint-setting', '内测人设置'],
  ['popularizing-channel', '推广渠道'],
  ['senior-setting', '高级设置'],
] as const;
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number][0];
export const STEP_NAMES: Readonly<Record<CampaignStep, string>> = Object.fromEntries(CAMPAIGN_STEPS) as Record<CampaignStep, string>;

export { CAMPAIGN_PAGES } from './campaign-pages.ts';

/** The campaign types of the content area, by their list page. */
export const CAMPAIGN_TYPES = {
  lottery: '抽奖活动',
  vote: '投票活动',
  check_in: '签到活动',
  cashback: '返现活动',
  fission: '裂变活动',
} as const;
export type CampaignType = keyof typeof CAMPAIGN_TYPES;

/** draft → pending (submitted for audit) → rejected (back to draft on the next save) or scheduled → running → ended. */
export type CampaignStatus = 'draft' | 'pending' | 'rejected' | 'scheduled' | 'running' | 'ended';
export const STATUS_NAMES: Readonly<Record<CampaignStatus, string>> = {
  draft: '草稿',
  pending: '待审核',
  rejected: '已驳回',
  scheduled: '未开始',
  running: '进行中',
  ended: '已结束',
};

export interface Prize {
  name: string;
  /** how many there are */
  stock: number;
  /** chance of a draw, in percent */
  probability: number;
  image: string;
}

/** What each step holds (all optional while a draft is being written). */
export interface CampaignSteps {
  'campaign-base-info'?: { name?: string; startAt?: string; endAt?: string; description?: string };
  'choice-template-component'?: { pageId?: number | null; template?: string };
  'wx-share-setting'?: { title?: string; description?: string; image?: string; imageSquare?: boolean };
  'draw-setting'?: { drawsPerUser?: number; drawsPerDay?: number; pointsPerDraw?: number };
  'prize-setting'?: { prizes?: Prize[] };
  'appoint-setting'?: { testers?: string[] };
  'popularizing-channel'?: { channels?: Array<{ name: string; code: string }> };
  'senior-setting'?: { membersOnly?: boolean; needPhone?: boolean; maxParticipants?: number };
}

const IMAGE = /^(https?:\/\/|\/uploads\/)[^\s<>"']{1,490}$/;
const CODE = /^[A-Za-z0-9_-]{1,32}$/;
const text = (v: unknown, max: number) => typeof v === 'string' && v.trim().length > 0 && v.length <= max;
const int = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** A step's problems by field (empty: the step is complete). Lottery-only steps do not apply to other types. */
/** An ISO instant's time, or NaN: what Date.parse would also read (a bare day, a month name) is no start time. */
const instant = (x: unknown) => (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(x) ? Date.parse(x) : NaN);
/** A time field's text that named no time (rules/unread.ts) is said as such, not as a time not chosen. */
const unreadTime = (x: unknown) => (unreadText(x) !== null ? '请输入正确的时间，如 09:30' : undefined);

export function stepProblems(
  step: CampaignStep,
  data: Record<string, unknown> | undefined,
  type: CampaignType = 'lottery',
): Record<string, string> {
  const d = data ?? {};
  const p: Record<string, string> = {};
  switch (step) {
    case 'campaign-base-info': {
      if (!text(d.name, 50)) p.name = '活动名称须为 1-50 个字';
      const start = instant(d.startAt);
      const end = instant(d.endAt);
      if (Number.isNaN(start)) p.startAt = unreadTime(d.startAt) ?? '请选择开始时间';
      if (Number.isNaN(end)) p.endAt = unreadTime(d.endAt) ?? '请选择结束时间';
      else if (!Number.isNaN(start) && end <= start) p.endAt = '结束时间须晚于开始时间';
      if (d.description !== undefined && (typeof d.description !== 'string' || d.description.length > 500))
        p.description = '活动说明不能超过 500 个字';
      break;
    }
    case 'choice-template-component':
      if (!(Number.isInteger(d.pageId) && (d.pageId as number) > 0) && !text(d.template, 40)) p.pageId = '请选择活动页面或模板';
      break;
    case 'wx-share-setting':
      if (!text(d.title, 30)) p.title = '分享标题须为 1-30 个字';
      if (d.description !== undefined && (typeof d.description !== 'string' || d.description.length > 60))
        p.description = '分享描述不能超过 60 个字';
      if (!(typeof d.image === 'string' && IMAGE.test(d.image))) p.image = '请上传分享图';
      // the share image is square (the upload checks it; a pasted address says so too)
      else if (d.imageSquare === false) p.image = '请上传宽高相等的图片';
      break;
    case 'draw-setting':
      if (type !== 'lottery') break;
      if (!int(d.drawsPerUser, 1, 1000)) p.drawsPerUser = '每人抽奖次数须为 1-1000 的整数';
      if (!int(d.drawsPerDay, 1, 1000)) p.drawsPerDay = '每日抽奖次数须为 1-1000 的整数';
      else if (int(d.drawsPerUser, 1, 1000) && (d.drawsPerDay as number) > (d.drawsPerUser as number))
        p.drawsPerDay = '每日次数不能多于每人总次数';
      if (d.pointsPerDraw !== undefined && !int(d.pointsPerDraw, 0, 100000)) p.pointsPerDraw = '每次消耗积分须为 0-100000 的整数';
      break;
    case 'prize-setting': {
      if (type !== 'lottery') break;
      const prizes = Array.isArray(d.prizes) ? (d.prizes as Prize[]) : [];
      if (!prizes.length) p.prizes = '至少设置一个奖品';
      else if (prizes.length > 20) p.prizes = '奖品不能超过 20 个';
      else {
        const bad = prizes.findIndex(
          (x) =>
            !x ||
            !text(x.name, 30) ||
            !int(x.stock, 0, 1_000_000) ||
            typeof x.probability !== 'number' ||
            !(x.probability >= 0 && x.probability <= 100),
        );
        if (bad >= 0) p.prizes = `第 ${bad + 1} 个奖品须有名称、0-1000000 的库存和 0-100 的中奖概率`;
        else {
          // Percent with two decimals at most; they add up to 100 at most (the rest is 谢谢参与).
          const total = prizes.reduce((n, x) => n + Math.round(x.probability * 100), 0) / 100;
          if (total > 100) p.prizes = `中奖概率合计 ${total}%，不能超过 100%`;
          else if (prizes.every((x) => x.stock === 0)) p.prizes = '奖品库存不能都为 0';
        }
      }
      break;
    }
    case 'appoint-setting': {
      const testers = Array.isArray(d.testers) ? (d.testers as unknown[]) : [];
      const bad = testers.find((x) => typeof x !== 'string' || !PHONE_PATTERN.test(x));
      if (bad !== undefined) p.testers = `内测人手机号不正确：${String(bad)}`;
      else if (new Set(testers).size !== testers.length) p.testers = '内测人手机号有重复';
      else if (testers.length > 50) p.testers = '内测人不能超过 50 个';
      break;
    }
    case 'popularizing-channel': {
      const channels = Array.isArray(d.channels) ? (d.channels as Array<{ name?: unknown; code?: unknown }>) : [];
      if (!channels.length) p.channels = '至少设置一个推广渠道';
      else if (channels.some((c) => !c || !text(c.name, 20) || !(typeof c.code === 'string' && CODE.test(c.code))))
        p.channels = '每个渠道须有名称和 1-32 位字母、数字、下划线或连字符的编码';
      else if (new Set(channels.map((c) => c.code)).size !== channels.length) p.channels = '渠道编码不能重复';
      break;
    }
    case 'senior-setting':
      if (d.maxParticipants !== undefined && d.maxParticipants !== null && !int(d.maxParticipants, 1, 10_000_000))
        p.maxParticipants = '参与人数上限须为正整数';
      for (const k of ['membersOnly', 'needPhone'] as const) if (d[k] !== undefined && typeof d[k] !== 'boolean') p[k] = '格式不正确';
      break;
  }
  return p;
}

/** What publishing still misses: each incomplete step and its first problem, in step order. */
export function publishProblems(steps: CampaignSteps, type: CampaignType): Array<{ step: CampaignStep; name: string; problem: string }> {
  return CAMPAIGN_STEPS.flatMap(([step, name]) => {
    const first = Object.values(stepProblems(step, steps[step] as Record<string, unknown> | undefined, type))[0];
    return first ? [{ step, name, problem: first }] : [];
  });
}

/** A campaign's status from its audit and its dates (an approved one runs between start and end). */
export function liveStatus(c: { status: CampaignStatus; startAt: string | null; endAt: string | null }, now = Date.now()): CampaignStatus {
  if (c.status !== 'scheduled' && c.status !== 'running' && c.status !== 'ended') return c.status;
  if (c.endAt && Date.parse(c.endAt) <= now) return 'ended';
  if (c.startAt && Date.parse(c.startAt) <= now) return 'running';
  return 'scheduled';
}

/** One step of the wizard saved: the campaign (null: a new one) at its version, the step's data, and the step shown. */
export interface StepSave {
  id: number | null;
  type: CampaignType;
  version: number;
  step: CampaignStep;
  data: Record<string, unknown>;
  currentStep: CampaignStep;
}

/** A campaign as the console shows it, with what still keeps it from being submitted (`missing`). */
export interface Campaign {
  id: number;
  type: CampaignType;
  name: string;
  status: CampaignStatus;
  steps: CampaignSteps;
  currentStep: CampaignStep;
  startAt: string | null;
  endAt: string | null;
  version: number;
  rejectReason: string;
  missing: Array<{ step: CampaignStep; name: string; problem: string }>;
}
