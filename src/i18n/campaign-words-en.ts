import { CAMPAIGN_TYPES, STATUS_NAMES, STEP_NAMES } from '@/api/rules/campaign-rules.ts';

/**
 * The campaign wizard's words in English: its step names, campaign types, statuses and what its steps' rules say
 * (src/api/rules/campaign-rules.ts). The console's translator (client-messages.ts) and the server's
 * (server/infra/http/language.ts) both read them, so a refusal naming a step or a status says it as the page does.
 */
export const CAMPAIGN_WORDS_EN: Readonly<Record<string, string>> = {
  [STEP_NAMES['campaign-base-info']]: 'Basic information',
  [STEP_NAMES['choice-template-component']]: 'Template',
  [STEP_NAMES['wx-share-setting']]: 'WeChat sharing',
  [STEP_NAMES['draw-setting']]: 'Draw settings',
  [STEP_NAMES['prize-setting']]: 'Prizes',
  [STEP_NAMES['appoint-setting']]: 'Beta testers',
  [STEP_NAMES['popularizing-channel']]: 'Promotion channels',
  [STEP_NAMES['senior-setting']]: 'Advanced settings',
  [CAMPAIGN_TYPES.lottery]: 'Lottery',
  [CAMPAIGN_TYPES.vote]: 'Vote',
  [CAMPAIGN_TYPES.check_in]: 'Check-in',
  [CAMPAIGN_TYPES.cashback]: 'Cashback',
  [CAMPAIGN_TYPES.fission]: 'Referral',
  [STATUS_NAMES.draft]: 'Draft',
  [STATUS_NAMES.pending]: 'Awaiting review',
  [STATUS_NAMES.rejected]: 'Rejected',
  [STATUS_NAMES.scheduled]: 'Not started',
  [STATUS_NAMES.running]: 'Running',
  [STATUS_NAMES.ended]: 'Ended',
  '内测人不能超过 50 个': 'At most 50 beta testers',
  内测人手机号有重复: 'A beta tester phone appears twice',
  '分享描述不能超过 60 个字': 'The share description is at most 60 characters',
  '分享标题须为 1-30 个字': 'The share title is 1-30 characters',
  参与人数上限须为正整数: 'The participant limit is a positive whole number',
  '奖品不能超过 20 个': 'At most 20 prizes',
  '奖品库存不能都为 0': 'Not every prize may have a stock of 0',
  格式不正确: 'Not in the expected format',
  '每个渠道须有名称和 1-32 位字母、数字、下划线或连字符的编码':
    'Each channel needs a name and a code of 1-32 letters, digits, underscores or hyphens',
  '每人抽奖次数须为 1-1000 的整数': 'Draws per person are a whole number from 1 to 1000',
  '每日抽奖次数须为 1-1000 的整数': 'Draws per day are a whole number from 1 to 1000',
  每日次数不能多于每人总次数: 'Draws per day may not exceed draws per person',
  '每次消耗积分须为 0-100000 的整数': 'Points per draw are a whole number from 0 to 100000',
  '活动名称须为 1-50 个字': 'The campaign name is 1-50 characters',
  '活动说明不能超过 500 个字': 'The description is at most 500 characters',
  渠道编码不能重复: 'Channel codes must differ',
  结束时间须晚于开始时间: 'The end must be after the start',
  至少设置一个奖品: 'Add at least one prize',
  至少设置一个推广渠道: 'Add at least one promotion channel',
  请上传分享图: 'Upload a share image',
  请上传宽高相等的图片: 'Please upload an image with equal width and height',
  请选择开始时间: 'Choose the start time',
  '请输入正确的时间，如 09:30': 'Enter a valid time, such as 09:30',
  请选择活动页面或模板: 'Choose a campaign page or template',
  请选择结束时间: 'Choose the end time',
};

/** The campaign rules' messages with parts that vary. */
export const CAMPAIGN_PATTERNS_EN: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^中奖概率合计 (.+)%，不能超过 100%$/, (m) => `The win probabilities add up to ${m[1]}%; at most 100%`],
  [/^内测人手机号不正确：(.+)$/, (m) => `Not a valid beta tester phone: ${m[1]}`],
  [
    /^第 (\d+) 个奖品须有名称、0-1000000 的库存和 0-100 的中奖概率$/,
    (m) => `Prize ${m[1]} needs a name, a stock of 0-1000000 and a probability of 0-100`,
  ],
];

/** A campaign word in English, or the word itself. */
export const campaignWordEn = (word: string): string => CAMPAIGN_WORDS_EN[word] ?? word;
