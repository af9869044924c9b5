import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_WIDTH, emptyPage, pageStateProblem, type PageRect } from '@/api/rules/page-rules.ts';
import { englishOf } from '@/i18n/client-messages.ts';
import { serverEnglishOf } from '@server/infra/http/language.ts';

// SPEC 3's page-builder state by its rules (issue 15): every state the builder can make passes; each break is named.
const rectIn = (height: number) =>
  fc
    .record({
      width: fc.integer({ min: 1, max: PAGE_WIDTH }),
      height: fc.integer({ min: 1, max: height }),
      zIndex: fc.integer({ min: 0, max: 9999 }),
      aspectRatio: fc.option(fc.double({ min: 0.01, max: 100, noNaN: true }), { nil: null }),
      duration: fc.integer({ min: 0, max: 3600 }),
      firstInit: fc.boolean(),
      autoPlay: fc.option(fc.boolean(), { nil: undefined }),
      fx: fc.double({ min: 0, max: 1, noNaN: true }),
      fy: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map((r): PageRect => ({
      width: r.width,
      height: r.height,
      left: Math.floor((PAGE_WIDTH - r.width) * r.fx),
      top: Math.floor((height - r.height) * r.fy),
      zIndex: r.zIndex,
      active: false,
      hotZone: [{ x: 0, y: 0, w: 1, h: 1, link: '/pages/index' }],
      bannerData: [{ url: 'https://cdn.example.com/b.png', link: '' }],
      aspectRatio: r.aspectRatio,
      voiceInfo: r.autoPlay === undefined ? null : { playingImg: '', stopImg: '/uploads/x.png', autoPlay: r.autoPlay },
      duration: r.duration,
      firstInit: r.firstInit,
    }));

describe('page-builder state', () => {
  it('every state made of rects inside the page, one active and one popup shown at most, passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 20000 }).chain((h) => fc.tuple(fc.constant(h), fc.array(rectIn(h), { maxLength: 12 }), fc.nat())),
        ([height, rects, pick]) => {
          const page = emptyPage();
          page.pageData.height = height;
          if (rects.length) rects[pick % rects.length].active = true;
          return pageStateProblem({ ...page, rects, pops: [{ show: false }, { show: true }] }) === null;
        },
      ),
    );
  });

  it('a rect pushed past the page edge, a second active rect, or a second shown popup is refused', () => {
    fc.assert(
      fc.property(rectIn(1334), fc.integer({ min: 1, max: 500 }), (r, push) => {
        const page = emptyPage();
        const outside = { ...r, left: PAGE_WIDTH - r.width + push };
        return (
          pageStateProblem({ ...page, rects: [outside] }) === '第 1 个组件超出了页面' &&
          pageStateProblem({
            ...page,
            rects: [
              { ...r, active: true },
              { ...r, active: true },
            ],
          }) === '同一时间只能选中一个组件' &&
          pageStateProblem({ ...page, pops: [{ show: true }, { show: true }] }) === '同一时间只能显示一个弹窗'
        );
      }),
    );
  });

  it('the background is a colour or a gradient of real colours, and images are addresses', () => {
    const page = emptyPage();
    const bg = (b: Record<string, unknown>) =>
      pageStateProblem({ ...page, pageData: { ...page.pageData, background: { ...page.pageData.background, ...b } } });
    expect(bg({ bgColorType: 'gradient', from: '#fff', to: 'rgba(0, 0, 0, .5)', endColor: '#0f6cbd' })).toBeNull();
    expect(bg({ bgColorType: 'pattern' })).toBe('请选择背景类型');
    expect(bg({ bgColor: 'expression(alert(1))' })).toBe('背景颜色须为 #RRGGBB 或 rgb()/rgba()');
    expect(bg({ url: 'data:image/svg+xml,<svg onload=alert(1)>' })).toBe('背景图须为图片地址');
    expect(pageStateProblem(null)).toBe('页面数据格式不正确');
  });

  it('names each break in both languages, the console’s and the server’s alike (a rect by its place, in English too)', () => {
    const page = emptyPage();
    const rect: PageRect = {
      width: 100,
      height: 100,
      left: 0,
      top: 0,
      zIndex: 1,
      active: false,
      hotZone: [],
      bannerData: [],
      aspectRatio: null,
      voiceInfo: null,
      duration: 0,
      firstInit: false,
    };
    const withRect = (r: Record<string, unknown>) => ({ ...page, rects: [rect, { ...rect, ...r }] });
    const states: unknown[] = [
      null,
      { ...page, pageData: { ...page.pageData, height: 50 } },
      { ...page, pageData: { ...page.pageData, background: { ...page.pageData.background, bgColorType: 'pattern' } } },
      { ...page, pageData: { ...page.pageData, background: { ...page.pageData.background, url: 'data:x' } } },
      { ...page, pageData: { ...page.pageData, background: { ...page.pageData.background, bgColor: 'red' } } },
      { ...page, rects: Array.from({ length: 101 }, () => rect) },
      { ...page, rects: [null] },
      withRect({ width: 0 }),
      withRect({ left: PAGE_WIDTH }),
      withRect({ zIndex: -1 }),
      withRect({ aspectRatio: 0 }),
      withRect({ duration: -1 }),
      withRect({ hotZone: 'x' }),
      withRect({ hotZone: [{ x: 2, y: 0, w: 1, h: 1, link: '/' }] }),
      withRect({ bannerData: 'x' }),
      withRect({ bannerData: [{ url: 'x', link: '' }] }),
      withRect({ voiceInfo: {} }),
      withRect({ voiceInfo: { playingImg: 'x', stopImg: '', autoPlay: true } }),
      {
        ...page,
        rects: [
          { ...rect, active: true },
          { ...rect, active: true },
        ],
      },
      { ...page, pops: Array.from({ length: 21 }, () => ({ show: false })) },
      { ...page, pops: [{ show: false }, null] },
      { ...page, pops: [{ show: false, rects: [rect, { ...rect, zIndex: -1 }] }] },
      { ...page, pops: [{ show: true }, { show: true }] },
    ];
    const problems = states.map((state) => pageStateProblem(state));
    expect(problems.every((p) => p !== null)).toBe(true);
    expect(new Set(problems).size).toBe(states.length);
    const cjk = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    expect(problems.filter((p) => cjk.test(englishOf(p!)) || cjk.test(serverEnglishOf(p!)))).toEqual([]);
    expect(problems.slice(-2, -1).map((p) => [p, englishOf(p!)])).toEqual([
      ['第 1 个弹窗的第 2 个组件的层级须为 0-9999 的整数', 'Component 2 of popup 1: its layer is a whole number from 0 to 9999'],
    ]);
  });
});
