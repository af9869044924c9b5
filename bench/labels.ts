/** Deterministic menu labels for benchmarks: half Chinese, half English, as a large tenant's menu might read. */
const zh = [
  '会员',
  '等级',
  '活动',
  '管理',
  '优惠券',
  '订单',
  '门店',
  '积分',
  '报表',
  '设置',
  '标签',
  '分组',
  '客户',
  '消息',
  '发票',
  '核销',
];
const en = ['Member', 'Level', 'Campaign', 'Orders', 'Coupon', 'Report', 'Store', 'Points', 'Settings', 'Tags', 'Groups', 'Users'];

export function benchLabels(n: number): string[] {
  let seed = 42;
  const rnd = (k: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % k;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const words = i % 2 === 0 ? zh : en;
    const sep = i % 2 === 0 ? '' : ' ';
    out.push([words[rnd(words.length)], words[rnd(words.length)], words[rnd(words.length)]].join(sep) + sep + String(i));
  }
  return out;
}

/** What a user types, keystroke by keystroke: Chinese, pinyin, initials, English, and a miss. */
export const TYPED = ['会员等级', 'huiyuan', 'hydj', 'member', 'Report 12', 'zzzz'];
export const keystrokes = (words: string[]) => words.flatMap((w) => Array.from(w, (_, i) => w.slice(0, i + 1)));
