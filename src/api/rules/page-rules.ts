/**
 * the spec's page-builder state and its rules, one for the builder and the server's every save: pageData
 * (height and background), rects (position, size, layer, and what a rect carries), pops (popups, one shown at a
 * time). one rect active at a time.
 */

export interface PageBackground {
  url: string;
  /** 'color' (one colour) or 'gradient' (from → to, ending in endColor) */
  bgColorType: 'color' | 'gradient';
  bgColor: string;
  from: string;
  to: string;
  endColor: string;
}

export interface PageData {
  height: number;
  background: PageBackground;
}

export interface PageRect {
  top: number;
  left: number;
  width: number;
  height: number;
  zIndex: number;
  active: boolean;
  /** tappable areas inside the rect: fractions of its size and where each goes */
  hotZone: Array<{ x: number; y: number; w: number; h: number; link: string }>;
  bannerData: Array<{ url: string; link: string }>;
  /** width / height to keep while resizing, or null */
  aspectRatio: number | null;
  voiceInfo: { playingImg: string; stopImg: string; autoPlay: boolean } | null;
  /** seconds (video) */
  duration: number;
  firstInit: boolean;
  /** the palette component it was made from */
  component?: string;
}

export interface PagePop {
  show: boolean;
  /** rects of the popup */
  rects?: PageRect[];
}

export interface PageState {
  pageData: PageData;
  rects: PageRect[];
  pops: PagePop[];
}

/** The mini-program's design width: rects are laid out in its units. */
export const PAGE_WIDTH = 750;
export const PAGE_LIMITS = { minHeight: 200, maxHeight: 20000, maxRects: 100, maxPops: 20, maxItems: 50 } as const;

const COLOR = /^(#[0-9a-f]{3}([0-9a-f]{3})?([0-9a-f]{2})?|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
const IMAGE = /^(https?:\/\/|\/uploads\/)[^\s<>"']{1,490}$/;
const LINK = /^(https?:\/\/|\/)[^\s<>"']{0,490}$/;
const num = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const str = (v: unknown) => typeof v === 'string';

/** The first problem of a rect, or null (`where` names it for the message, e.g. 第 2 个组件). */
function rectProblem(r: unknown, where: string, pageHeight: number): string | null {
  if (!r || typeof r !== 'object') return `${where}格式不正确`;
  const x = r as Record<string, unknown>;
  if (!num(x.width, 1, PAGE_WIDTH) || !num(x.height, 1, pageHeight)) return `${where}的宽高须在页面之内`;
  if (!num(x.left, 0, PAGE_WIDTH - (x.width as number)) || !num(x.top, 0, pageHeight - (x.height as number))) return `${where}超出了页面`;
  if (!Number.isInteger(x.zIndex) || !num(x.zIndex, 0, 9999)) return `${where}的层级须为 0-9999 的整数`;
  if (typeof x.active !== 'boolean' || typeof x.firstInit !== 'boolean') return `${where}格式不正确`;
  if (x.aspectRatio !== null && !num(x.aspectRatio, 0.01, 100)) return `${where}的宽高比不正确`;
  if (!num(x.duration, 0, 86400)) return `${where}的时长不正确`;
  if (!Array.isArray(x.hotZone) || x.hotZone.length > PAGE_LIMITS.maxItems) return `${where}的热区格式不正确`;
  for (const z of x.hotZone as Array<Record<string, unknown>>) {
    if (!z || !num(z.x, 0, 1) || !num(z.y, 0, 1) || !num(z.w, 0, 1) || !num(z.h, 0, 1) || !str(z.link) || !LINK.test(z.link as string))
      return `${where}的热区须在组件之内，并有以 http(s):// 或 / 开头的链接`;
  }
  if (!Array.isArray(x.bannerData) || x.bannerData.length > PAGE_LIMITS.maxItems) return `${where}的轮播格式不正确`;
  for (const b of x.bannerData as Array<Record<string, unknown>>) {
    if (!b || !str(b.url) || !IMAGE.test(b.url as string) || !str(b.link) || (b.link !== '' && !LINK.test(b.link as string)))
      return `${where}的轮播图须为图片地址`;
  }
  if (x.voiceInfo !== null) {
    const v = x.voiceInfo as Record<string, unknown> | undefined;
    if (!v || typeof v.autoPlay !== 'boolean' || !str(v.playingImg) || !str(v.stopImg)) return `${where}的音频格式不正确`;
    for (const img of [v.playingImg, v.stopImg]) if (img !== '' && !IMAGE.test(img as string)) return `${where}的音频图标须为图片地址`;
  }
  return null;
}

/** The first problem of a whole page state, or null when it may be saved. */
export function pageStateProblem(state: unknown): string | null {
  if (!state || typeof state !== 'object') return '页面数据格式不正确';
  const { pageData, rects, pops } = state as Record<string, unknown>;
  const p = pageData as Record<string, unknown> | undefined;
  if (!p || !Number.isInteger(p.height) || !num(p.height, PAGE_LIMITS.minHeight, PAGE_LIMITS.maxHeight))
    return `页面高度须为 ${PAGE_LIMITS.minHeight}-${PAGE_LIMITS.maxHeight} 的整数`;
  const bg = p.background as Record<string, unknown> | undefined;
  if (!bg || (bg.bgColorType !== 'color' && bg.bgColorType !== 'gradient')) return '请选择背景类型';
  if (!str(bg.url) || (bg.url !== '' && !IMAGE.test(bg.url as string))) return '背景图须为图片地址';
  for (const c of bg.bgColorType === 'color' ? [bg.bgColor] : [bg.from, bg.to, bg.endColor]) {
    if (!str(c) || !COLOR.test(c as string)) return '背景颜色须为 #RRGGBB 或 rgb()/rgba()';
  }
  if (!Array.isArray(rects) || rects.length > PAGE_LIMITS.maxRects) return `组件不能超过 ${PAGE_LIMITS.maxRects} 个`;
  for (const [i, r] of rects.entries()) {
    const problem = rectProblem(r, `第 ${i + 1} 个组件`, p.height as number);
    if (problem) return problem;
  }
  if (rects.filter((r) => (r as PageRect).active).length > 1) return '同一时间只能选中一个组件';
  if (!Array.isArray(pops) || pops.length > PAGE_LIMITS.maxPops) return `弹窗不能超过 ${PAGE_LIMITS.maxPops} 个`;
  for (const [i, pop] of pops.entries()) {
    const x = pop as Record<string, unknown> | null;
    if (!x || typeof x.show !== 'boolean') return `第 ${i + 1} 个弹窗格式不正确`;
    if (x.rects !== undefined) {
      if (!Array.isArray(x.rects) || x.rects.length > PAGE_LIMITS.maxRects) return `第 ${i + 1} 个弹窗格式不正确`;
      for (const [j, r] of x.rects.entries()) {
        const problem = rectProblem(r, `第 ${i + 1} 个弹窗的第 ${j + 1} 个组件`, PAGE_LIMITS.maxHeight);
        if (problem) return problem;
      }
    }
  }
  if (pops.filter((x) => (x as PagePop).show).length > 1) return '同一时间只能显示一个弹窗';
  return null;
}

/** A new page: 1334 high (an iPhone screen at 750 wide), white, no rects or popups. */
export const emptyPage = (): PageState => ({
  pageData: {
    height: 1334,
    background: { url: '', bgColorType: 'color', bgColor: '#ffffff', from: '#ffffff', to: '#ffffff', endColor: '#ffffff' },
  },
  rects: [],
  pops: [],
});
