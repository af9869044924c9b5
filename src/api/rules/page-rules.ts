import { say } from '../schema/messages.ts';

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
  if (!r || typeof r !== 'object') return say('rectForm', { where });
  const x = r as Record<string, unknown>;
  if (!num(x.width, 1, PAGE_WIDTH) || !num(x.height, 1, pageHeight)) return say('rectSize', { where });
  if (!num(x.left, 0, PAGE_WIDTH - (x.width as number)) || !num(x.top, 0, pageHeight - (x.height as number)))
    return say('rectOutside', { where });
  if (!Number.isInteger(x.zIndex) || !num(x.zIndex, 0, 9999)) return say('rectLayer', { where });
  if (typeof x.active !== 'boolean' || typeof x.firstInit !== 'boolean') return say('rectForm', { where });
  if (x.aspectRatio !== null && !num(x.aspectRatio, 0.01, 100)) return say('rectRatio', { where });
  if (!num(x.duration, 0, 86400)) return say('rectDuration', { where });
  if (!Array.isArray(x.hotZone) || x.hotZone.length > PAGE_LIMITS.maxItems) return say('rectHotZones', { where });
  for (const z of x.hotZone as Array<Record<string, unknown>>) {
    if (!z || !num(z.x, 0, 1) || !num(z.y, 0, 1) || !num(z.w, 0, 1) || !num(z.h, 0, 1) || !str(z.link) || !LINK.test(z.link as string))
      return say('rectHotZone', { where });
  }
  if (!Array.isArray(x.bannerData) || x.bannerData.length > PAGE_LIMITS.maxItems) return say('rectBanners', { where });
  for (const b of x.bannerData as Array<Record<string, unknown>>) {
    if (!b || !str(b.url) || !IMAGE.test(b.url as string) || !str(b.link) || (b.link !== '' && !LINK.test(b.link as string)))
      return say('rectBanner', { where });
  }
  if (x.voiceInfo !== null) {
    const v = x.voiceInfo as Record<string, unknown> | undefined;
    if (!v || typeof v.autoPlay !== 'boolean' || !str(v.playingImg) || !str(v.stopImg)) return say('rectAudio', { where });
    for (const img of [v.playingImg, v.stopImg]) if (img !== '' && !IMAGE.test(img as string)) return say('rectAudioIcon', { where });
  }
  return null;
}

/** The first problem of a whole page state, or null when it may be saved. */
export function pageStateProblem(state: unknown): string | null {
  if (!state || typeof state !== 'object') return say('pageDataForm');
  const { pageData, rects, pops } = state as Record<string, unknown>;
  const p = pageData as Record<string, unknown> | undefined;
  if (!p || !Number.isInteger(p.height) || !num(p.height, PAGE_LIMITS.minHeight, PAGE_LIMITS.maxHeight))
    return say('pageHeight', { min: PAGE_LIMITS.minHeight, max: PAGE_LIMITS.maxHeight });
  const bg = p.background as Record<string, unknown> | undefined;
  if (!bg || (bg.bgColorType !== 'color' && bg.bgColorType !== 'gradient')) return say('pageBackgroundType');
  if (!str(bg.url) || (bg.url !== '' && !IMAGE.test(bg.url as string))) return say('pageBackgroundImage');
  for (const c of bg.bgColorType === 'color' ? [bg.bgColor] : [bg.from, bg.to, bg.endColor]) {
    if (!str(c) || !COLOR.test(c as string)) return say('pageBackgroundColor');
  }
  if (!Array.isArray(rects) || rects.length > PAGE_LIMITS.maxRects) return say('pageRectsMax', { max: PAGE_LIMITS.maxRects });
  for (const [i, r] of rects.entries()) {
    const problem = rectProblem(r, say('pageRectAt', { n: i + 1 }), p.height as number);
    if (problem) return problem;
  }
  if (rects.filter((r) => (r as PageRect).active).length > 1) return say('pageOneActive');
  if (!Array.isArray(pops) || pops.length > PAGE_LIMITS.maxPops) return say('pagePopsMax', { max: PAGE_LIMITS.maxPops });
  for (const [i, pop] of pops.entries()) {
    const x = pop as Record<string, unknown> | null;
    if (!x || typeof x.show !== 'boolean') return say('pagePopForm', { n: i + 1 });
    if (x.rects !== undefined) {
      if (!Array.isArray(x.rects) || x.rects.length > PAGE_LIMITS.maxRects) return say('pagePopForm', { n: i + 1 });
      for (const [j, r] of x.rects.entries()) {
        const problem = rectProblem(r, say('pagePopRectAt', { pop: i + 1, n: j + 1 }), PAGE_LIMITS.maxHeight);
        if (problem) return problem;
      }
    }
  }
  if (pops.filter((x) => (x as PagePop).show).length > 1) return say('pageOneShown');
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
