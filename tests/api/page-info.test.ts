import { describe, expect, inject, it } from 'vitest';
import { callsOn, signedIn } from '../support/api.ts';
import { emptyPage, type PageRect } from '@/api/rules/page-rules.ts';

// SPEC 7 "Pages" (issue 15): the page builder's pages per tenant, their SPEC 3 state checked, edits by version.
const baseUrl = inject('baseUrl');
const { call } = callsOn(baseUrl);
const rect = (extra: Partial<PageRect> = {}): PageRect => ({
  top: 100,
  left: 0,
  width: 750,
  height: 300,
  zIndex: 1,
  active: false,
  hotZone: [{ x: 0.1, y: 0.1, w: 0.5, h: 0.5, link: '/pages/coupon' }],
  bannerData: [],
  aspectRatio: 2.5,
  voiceInfo: null,
  duration: 0,
  firstInit: true,
  ...extra,
});

describe('page info', () => {
  it('saves a page with rects and a popup, lists it, edits it by version, and refuses a stale edit', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const page = {
      ...emptyPage(),
      rects: [rect({ active: true }), rect({ top: 500, zIndex: 2 })],
      pops: [{ show: true, rects: [rect({ top: 0 })] }],
    };
    const made = await call<{ id: number; version: number }>(admin.token, '/v1/pageInfo/insertPageInfo', { name: '双十一落地页', ...page });
    expect(made).toMatchObject({ result: 'ok', values: { version: 1 } });
    const id = made.values!.id;
    const one = await call<Array<{ name: string; rects: PageRect[]; pops: unknown[]; version: number }>>(
      admin.token,
      '/v1/pageInfo/queryPageInfo',
      { id },
    );
    expect(one.values).toHaveLength(1);
    expect(one.values![0]).toMatchObject({ name: '双十一落地页', rects: page.rects, pops: page.pops, version: 1 });
    const list = await call<Array<{ id: number }>>(admin.token, '/v1/pageInfo/queryPageInfo', { keyword: '双十一' });
    expect(list.values!.some((p) => p.id === id)).toBe(true);

    const edit = (version: number, name: string) => call(admin.token, '/v1/pageInfo/updatePageInfo', { id, version, name, ...page });
    expect(await edit(1, '双十一落地页（改）')).toMatchObject({ result: 'ok', values: { version: 2 } });
    expect(await edit(1, '过期的修改')).toMatchObject({ field: 'version', values: { stale: true, version: 2 } });
    expect((await call<Array<{ name: string }>>(admin.token, '/v1/pageInfo/queryPageInfo', { id })).values![0].name).toBe(
      '双十一落地页（改）',
    );
    expect(await call(admin.token, '/v1/pageInfo/deletePageInfo', { id })).toEqual({ result: 'ok' });
    expect((await call(admin.token, '/v1/pageInfo/queryPageInfo', { id })).values).toEqual([]);
  });

  it('refuses a state SPEC 3 and 4 do not allow, naming what is wrong', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const save = (state: Record<string, unknown>) =>
      call(admin.token, '/v1/pageInfo/insertPageInfo', { name: '坏页面', ...emptyPage(), ...state });
    expect(await save({ rects: [rect({ active: true }), rect({ active: true })] })).toMatchObject({
      field: 'pageData',
      errmsg: '同一时间只能选中一个组件',
    });
    expect(await save({ pops: [{ show: true }, { show: true }] })).toMatchObject({ errmsg: '同一时间只能显示一个弹窗' });
    expect(await save({ rects: [rect({ left: 600 })] })).toMatchObject({ errmsg: '第 1 个组件超出了页面' });
    expect(await save({ rects: [rect({ hotZone: [{ x: 0, y: 0, w: 2, h: 1, link: '/a' }] })] })).toMatchObject({
      errmsg: expect.stringContaining('热区'),
    });
    expect(await save({ rects: [rect({ bannerData: [{ url: 'javascript:alert(1)', link: '' }] })] })).toMatchObject({
      errmsg: '第 1 个组件的轮播图须为图片地址',
    });
    expect(await save({ pageData: { ...emptyPage().pageData, height: 50 } })).toMatchObject({ errmsg: '页面高度须为 200-20000 的整数' });
    expect(
      await save({ pageData: { ...emptyPage().pageData, background: { ...emptyPage().pageData.background, bgColor: 'red;x' } } }),
    ).toMatchObject({
      errmsg: '背景颜色须为 #RRGGBB 或 rgb()/rgba()',
    });
    expect(await call(admin.token, '/v1/pageInfo/insertPageInfo', { ...emptyPage() })).toMatchObject({ field: 'name' });
  });

  it('keeps each tenant’s pages to itself, and offers the component palette only to the page’s holders', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const admin2 = await signedIn(baseUrl, 'admin2');
    const id = (await call<{ id: number }>(admin.token, '/v1/pageInfo/insertPageInfo', { name: '租户一的页面', ...emptyPage() })).values!
      .id;
    expect((await call(admin2.token, '/v1/pageInfo/queryPageInfo', { id })).values).toEqual([]);
    expect(await call(admin2.token, '/v1/pageInfo/updatePageInfo', { id, version: 1, name: 'x', ...emptyPage() })).toMatchObject({
      errmsg: '页面不存在或已被删除',
    });
    expect(await call(admin2.token, '/v1/pageInfo/deletePageInfo', { id })).toMatchObject({ errmsg: '页面不存在或已被删除' });
    const palette = await call<Array<{ code: string; name: string; nameEn: string; defaultRect: Record<string, unknown> }>>(
      admin.token,
      '/v1/componentMiniprogramInfo/queryList',
    );
    expect(palette.values!.map((c) => c.code)).toEqual(['image', 'banner', 'hotzone', 'button', 'voice', 'video', 'popup']);
    // each with its English name beside its name
    expect(palette.values!.map((c) => c.nameEn)).toEqual(['Image', 'Carousel', 'Hot zone', 'Button', 'Background music', 'Video', 'Popup']);
    const staff = await signedIn(baseUrl, 'staff');
    for (const path of ['/v1/pageInfo/queryPageInfo', '/v1/pageInfo/insertPageInfo', '/v1/componentMiniprogramInfo/queryList'])
      expect(await call(staff.token, path, { name: 'x', ...emptyPage() })).toMatchObject({ result: 403 });
    await call(admin.token, '/v1/pageInfo/deletePageInfo', { id });
  });
});
