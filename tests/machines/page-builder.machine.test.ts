import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import {
  UNDO_LIMIT,
  activeIndex,
  fitRect,
  layerRects,
  pageBuilderMachine,
  shownPopIndex,
  type PageBuilderContext,
  type PageBuilderEvent,
} from '@machines/page-builder.machine.ts';
import { PAGE_LIMITS, PAGE_WIDTH, emptyPage, pageStateProblem, type PageRect } from '@/api/rules/page-rules.ts';
import { controllableActors } from './fake-actors.ts';
import { itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const loaded = { page: { ...emptyPage(), rects: [] }, name: '活动页', saved: { id: 7, version: 3 } };
const EVENTS = [
  { type: 'ADD_RECT', rect: { width: 300, height: 200 }, component: 'image' },
  { type: 'UNDO' },
  { type: 'REDO' },
  { type: 'RENAME', name: '新页面' },
  { type: 'SAVE' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadPage', output: loaded },
  { type: 'xstate.error.actor.loadPage', error: new Error('网络异常，请检查网络后重试') },
  { type: 'xstate.done.actor.savePage', output: { id: 7, version: 4 } },
  { type: 'xstate.error.actor.savePage', error: new Error('这个页面已被他人修改') },
];

function sut(input: { id?: number | null }) {
  const { actors, settle, lastInput, log } = controllableActors(['loadPage', 'savePage']);
  const actor = createActor(pageBuilderMachine.provide({ actors: actors as never }), { input }).start();
  return { actor, settle, lastInput, log };
}

describe('page builder machine (model-based)', () => {
  for (const input of [{ id: 7 }, { id: null }]) {
    const serializeState = (snap: { value: unknown; context: PageBuilderContext }) =>
      JSON.stringify({
        value: snap.value,
        rects: Math.min(snap.context.page.rects.length, 2),
        undo: snap.context.past.length > 0,
        redo: snap.context.future.length > 0,
        named: snap.context.name !== '',
        saved: snap.context.saved !== null,
        dirty: snap.context.dirty,
        error: snap.context.error !== null,
      });
    const paths = modelPaths(pageBuilderMachine, { events: EVENTS, serializeState, input, limit: 3000 });
    itReaches(
      paths,
      ['editing', 'saving', ...(input.id ? ['loadFailed', 'loading'] : [])],
      `${input.id ? 'an existing' : 'a new'} page: reaches its states`,
    );

    const drive: Drive = async (path, table) => {
      const s = sut(input);
      await runPath(
        path,
        s,
        {
          loading: () => expect(s.lastInput('loadPage')).toEqual({ id: 7 }),
          // A save sends the page on screen, its name, and the version it was made on.
          saving: (snap) => {
            expect(s.lastInput('savePage')).toEqual({ page: snap.context.page, name: snap.context.name, saved: snap.context.saved });
            expect(snap.context.name).not.toBe('');
          },
          editing: (snap) => {
            expect(pageStateProblem(snap.context.page)).toBeNull();
            expect(activeIndex(snap.context.page)).toBeLessThan(snap.context.page.rects.length);
          },
        },
        table,
      );
    };
    itFollowsItsTable(`page-builder-${input.id ? 'existing' : 'new'}`, pageBuilderMachine, paths, drive, {
      own: 80,
      label: `${input.id ? 'existing' : 'new'}: `,
    });
  }
});

const edit: fc.Arbitrary<PageBuilderEvent> = fc.oneof(
  fc
    .record({
      w: fc.integer({ min: 1, max: 900 }),
      h: fc.integer({ min: 1, max: 3000 }),
      ratio: fc.option(fc.constantFrom(1, 2, 0.5, 16 / 9), { nil: null }),
    })
    .map(({ w, h, ratio }): PageBuilderEvent => ({ type: 'ADD_RECT', rect: { width: w, height: h, aspectRatio: ratio } })),
  fc.integer({ min: -1, max: 6 }).map((index): PageBuilderEvent => ({ type: 'SELECT', index })),
  fc.constant<PageBuilderEvent>({ type: 'DESELECT' }),
  fc
    .record({ dx: fc.integer({ min: -800, max: 800 }), dy: fc.integer({ min: -3000, max: 3000 }) })
    .map(({ dx, dy }): PageBuilderEvent => ({ type: 'NUDGE', dx, dy })),
  fc
    .record({ top: fc.integer({ min: -100, max: 30000 }), left: fc.integer({ min: -100, max: 2000 }) })
    .map(({ top, left }): PageBuilderEvent => ({ type: 'MOVE_TO', top, left })),
  fc
    .record({ width: fc.integer({ min: -10, max: 2000 }), height: fc.integer({ min: -10, max: 30000 }) })
    .map((r): PageBuilderEvent => ({ type: 'RESIZE', ...r })),
  fc.constantFrom<PageBuilderEvent>(
    { type: 'LAYER', direction: 'up' },
    { type: 'LAYER', direction: 'down' },
    { type: 'DELETE' },
    { type: 'ADD_POP' },
    { type: 'DELETE_POP' },
    { type: 'UNDO' },
    { type: 'REDO' },
  ),
  fc.integer({ min: -1, max: 3 }).map((i): PageBuilderEvent => ({ type: 'SHOW_POP', index: i < 0 ? null : i })),
  fc.integer({ min: 0, max: 25000 }).map((height): PageBuilderEvent => ({ type: 'SET_PAGE', height })),
);

describe('page builder machine: what any sequence of edits keeps true', () => {
  const start = () => createActor(pageBuilderMachine, { input: {} }).start();

  it('the page always passes SPEC 3 and 4: rects inside, one active, one popup shown', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), (events) => {
        const a = start();
        for (const e of events) a.send(e);
        const { page } = a.getSnapshot().context;
        const all = [...page.rects, ...page.pops.flatMap((p) => p.rects ?? [])];
        return (
          pageStateProblem(page) === null &&
          all.every((r) => r.left + r.width <= PAGE_WIDTH && r.top + r.height <= page.pageData.height) &&
          all.filter((r) => r.active).length <= 1
        );
      }),
      { numRuns: 300 },
    );
  });

  it('undo after each change walks back through every page it was, and redo forward again', () => {
    fc.assert(
      fc.property(
        fc.array(
          edit.filter((e) => e.type !== 'UNDO' && e.type !== 'REDO'),
          { maxLength: 25 },
        ),
        (events) => {
          const a = start();
          const seen = [a.getSnapshot().context.page];
          for (const e of events) {
            a.send(e);
            const page = a.getSnapshot().context.page;
            if (JSON.stringify(page) !== JSON.stringify(seen.at(-1))) seen.push(page);
          }
          for (let i = seen.length - 2; i >= 0; i--) {
            a.send({ type: 'UNDO' });
            expect(a.getSnapshot().context.page).toEqual(seen[i]);
          }
          for (let i = 1; i < seen.length; i++) {
            a.send({ type: 'REDO' });
            expect(a.getSnapshot().context.page).toEqual(seen[i]);
          }
          return true;
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the aspect ratio while resizing, and remembers at most UNDO_LIMIT steps', () => {
    const a = start();
    a.send({ type: 'ADD_RECT', rect: { width: 400, height: 100, aspectRatio: 2 } });
    a.send({ type: 'RESIZE', width: 600, height: 100 });
    expect(a.getSnapshot().context.page.rects[0]).toMatchObject({ width: 600, height: 300 });
    for (let i = 0; i < UNDO_LIMIT + 10; i++) a.send({ type: 'NUDGE', dx: 0, dy: 1 });
    expect(a.getSnapshot().context.past).toHaveLength(UNDO_LIMIT);
    expect(a.getSnapshot().context.dirty).toBe(true);
  });

  it('a shown popup has rects of its own: rect events edit them and leave the page’s as they were', () => {
    const a = start();
    a.send({ type: 'ADD_RECT', rect: { width: 750, height: 300 }, component: 'image' });
    const pageRects = a.getSnapshot().context.page.rects;
    a.send({ type: 'ADD_POP' });
    expect(a.getSnapshot().context.page.rects.every((r) => !r.active)).toBe(true);
    a.send({ type: 'ADD_RECT', rect: { width: 500, height: 400 }, component: 'image' });
    a.send({ type: 'MOVE_TO', left: 125, top: 300 });
    a.send({ type: 'ADD_RECT', rect: { width: 100, height: 100 }, component: 'button' });
    let { page } = a.getSnapshot().context;
    expect(page.rects.map((r) => ({ ...r, active: true }))).toEqual(pageRects);
    expect(page.pops[0].rects).toHaveLength(2);
    expect(page.pops[0].rects![0]).toMatchObject({ left: 125, top: 300, width: 500, height: 400, active: false });
    expect(layerRects(page)).toBe(page.pops[0].rects);
    expect(activeIndex(page)).toBe(1);
    a.send({ type: 'SHOW_POP', index: null });
    page = a.getSnapshot().context.page;
    expect(layerRects(page)).toBe(page.rects);
    expect(activeIndex(page)).toBe(-1);
    expect([...page.rects, ...page.pops[0].rects!].some((r) => r.active)).toBe(false);
    a.send({ type: 'SELECT', index: 0 });
    a.send({ type: 'DELETE' });
    expect(a.getSnapshot().context.page.rects).toHaveLength(0);
    expect(a.getSnapshot().context.page.pops[0].rects).toHaveLength(2);
    a.send({ type: 'DELETE_POP' });
    expect(a.getSnapshot().context.page.pops).toHaveLength(1);
    a.send({ type: 'SHOW_POP', index: 0 });
    a.send({ type: 'DELETE_POP' });
    expect(a.getSnapshot().context.page.pops).toHaveLength(0);
    a.send({ type: 'UNDO' });
    expect(a.getSnapshot().context.page.pops[0]).toMatchObject({ show: true, rects: [{ width: 500 }, { width: 100 }] });
  });

  it('a save without a name is not attempted, and says why', () => {
    const a = start();
    a.send({ type: 'SAVE' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.error).toBe('页面名称不能为空');
  });
});

describe('page builder machine: each edit, exactly', () => {
  const start = () => createActor(pageBuilderMachine, { input: {} }).start();
  const ctx = (a: ReturnType<typeof start>) => a.getSnapshot().context;
  const rects = (a: ReturnType<typeof start>) =>
    ctx(a).page.rects.map(({ top, left, width, height, zIndex, active }) => ({ top, left, width, height, zIndex, active }));

  it('fits a rect inside the page: size first (the ratio wins over the height), then the position, in whole pixels', () => {
    const r = (over: Partial<PageRect>) => ({ top: 0, left: 0, width: 100, height: 100, aspectRatio: null, ...over }) as PageRect;
    const fit = (over: Partial<PageRect>, h = 1000) => {
      const { top, left, width, height } = fitRect(r(over), h);
      return { top, left, width, height };
    };
    expect(fit({ width: 0, height: -5 })).toEqual({ top: 0, left: 0, width: 1, height: 1 });
    expect(fit({ width: 2000, height: 5000 })).toEqual({ top: 0, left: 0, width: 750, height: 1000 });
    expect(fit({ width: Number.NaN, height: 10.6, left: 10.4, top: 3.5 })).toEqual({ top: 4, left: 10, width: 1, height: 11 });
    expect(fit({ width: 100, height: 100, left: 700, top: 950 })).toEqual({ top: 900, left: 650, width: 100, height: 100 });
    expect(fit({ left: -20, top: -1 })).toEqual({ top: 0, left: 0, width: 100, height: 100 });
    expect(fit({ width: 600, height: 10, aspectRatio: 2 })).toEqual({ top: 0, left: 0, width: 600, height: 300 });
    expect(fit({ width: 750, height: 10, aspectRatio: 1 }, 200)).toEqual({ top: 0, left: 0, width: 200, height: 200 });
    expect(fit({ width: 1, height: 1, aspectRatio: 4 })).toEqual({ top: 0, left: 0, width: 1, height: 1 });
    expect(fit({ width: 750, height: 10, aspectRatio: 0.5 }, 200)).toEqual({ top: 0, left: 0, width: 100, height: 200 });
  });

  it('adds a rect on top of its layer, active alone, 750 x 300 at the top left unless told otherwise', () => {
    const a = start();
    a.send({ type: 'ADD_RECT', rect: {}, component: 'image' });
    expect(ctx(a).page.rects[0]).toEqual({
      top: 0,
      left: 0,
      width: 750,
      height: 300,
      zIndex: 1,
      active: true,
      hotZone: [],
      bannerData: [],
      aspectRatio: null,
      voiceInfo: null,
      duration: 0,
      firstInit: true,
      component: 'image',
    });
    a.send({ type: 'ADD_RECT', rect: { width: 100, height: 50, top: 20, left: 30 } });
    a.send({ type: 'LAYER', direction: 'up' });
    a.send({ type: 'ADD_RECT', rect: { width: 10, height: 10 } });
    expect(rects(a)).toEqual([
      { top: 0, left: 0, width: 750, height: 300, zIndex: 1, active: false },
      { top: 20, left: 30, width: 100, height: 50, zIndex: 3, active: false },
      { top: 0, left: 0, width: 10, height: 10, zIndex: 4, active: true },
    ]);
    expect(ctx(a)).toMatchObject({ dirty: true, future: [] });
    expect(ctx(a).past).toHaveLength(4);
  });

  it('selects by index (nothing for an index it has not, or the one already active), deselects, and deletes the active one', () => {
    const a = start();
    a.send({ type: 'ADD_RECT', rect: { width: 10, height: 10 } });
    a.send({ type: 'ADD_RECT', rect: { width: 20, height: 20 } });
    const before = ctx(a).past.length;
    for (const index of [-1, 2, 0.5, Number.NaN, 1]) a.send({ type: 'SELECT', index });
    expect(ctx(a).past).toHaveLength(before);
    a.send({ type: 'SELECT', index: 0 });
    expect(rects(a).map((r) => r.active)).toEqual([true, false]);
    a.send({ type: 'DESELECT' });
    expect(rects(a).map((r) => r.active)).toEqual([false, false]);
    const deselected = ctx(a).past.length;
    a.send({ type: 'DESELECT' });
    a.send({ type: 'DELETE' });
    a.send({ type: 'NUDGE', dx: 5, dy: 5 });
    expect(ctx(a).past).toHaveLength(deselected);
    a.send({ type: 'SELECT', index: 1 });
    a.send({ type: 'DELETE' });
    expect(rects(a)).toEqual([{ top: 0, left: 0, width: 10, height: 10, zIndex: 1, active: false }]);
  });

  it('moves, resizes, patches and layers only the active rect, within the page', () => {
    const a = start();
    a.send({ type: 'ADD_RECT', rect: { width: 100, height: 100 } });
    a.send({ type: 'ADD_RECT', rect: { width: 50, height: 50 } });
    a.send({ type: 'NUDGE', dx: 10, dy: 20 });
    a.send({ type: 'NUDGE', dx: 5 } as never);
    expect(rects(a)[1]).toMatchObject({ left: 15, top: 20 });
    a.send({ type: 'MOVE_TO', left: 740 } as never);
    expect(rects(a)[1]).toMatchObject({ left: 700, top: 20 });
    a.send({ type: 'MOVE_TO', top: 30 } as never);
    expect(rects(a)[1]).toMatchObject({ left: 700, top: 30 });
    a.send({ type: 'RESIZE', width: 20 } as never);
    expect(rects(a)[1]).toMatchObject({ width: 20, height: 50 });
    a.send({ type: 'RESIZE', height: 40 } as never);
    expect(rects(a)[1]).toMatchObject({ width: 20, height: 40 });
    a.send({ type: 'SET_RECT', patch: { duration: 3, active: false, width: 30 } });
    expect(ctx(a).page.rects[1]).toMatchObject({ duration: 3, active: true, width: 30 });
    a.send({ type: 'LAYER', direction: 'down' });
    expect(rects(a)[1].zIndex).toBe(1);
    a.send({ type: 'LAYER', direction: 'down' });
    a.send({ type: 'LAYER', direction: 'down' });
    expect(rects(a)[1].zIndex).toBe(0);
    a.send({ type: 'LAYER', direction: 'up' });
    expect(rects(a)[1].zIndex).toBe(1);
    expect(rects(a)[0]).toEqual({ top: 0, left: 0, width: 100, height: 100, zIndex: 1, active: false });
  });

  it('sets the page’s height (200 to 20000, whole pixels) and background; a shorter page takes every rect with it', () => {
    const a = start();
    a.send({ type: 'ADD_RECT', rect: { width: 100, height: 300, top: 1000 } });
    a.send({ type: 'ADD_POP' });
    a.send({ type: 'ADD_RECT', rect: { width: 100, height: 100, top: 1200 } });
    a.send({ type: 'SET_PAGE', height: 100 });
    expect(ctx(a).page.pageData.height).toBe(200);
    expect(rects(a)[0]).toMatchObject({ top: 0, height: 200 });
    expect(ctx(a).page.pops[0].rects![0]).toMatchObject({ top: 100, height: 100 });
    a.send({ type: 'SET_PAGE', height: 99_999.4 });
    expect(ctx(a).page.pageData.height).toBe(20000);
    a.send({ type: 'SET_PAGE', height: 555.5 });
    expect(ctx(a).page.pageData.height).toBe(556);
    a.send({ type: 'SET_PAGE', background: { bgColor: '#000000' } });
    expect(ctx(a).page.pageData).toEqual({ height: 556, background: { ...emptyPage().pageData.background, bgColor: '#000000' } });
  });

  it('adds popups up to the limit, shows one at a time (or none), and deletes only the shown one', () => {
    const a = start();
    for (let i = 0; i < PAGE_LIMITS.maxPops + 2; i++) a.send({ type: 'ADD_POP' });
    expect(ctx(a).page.pops).toHaveLength(PAGE_LIMITS.maxPops);
    expect(
      ctx(a)
        .page.pops.map((p) => p.show)
        .filter(Boolean),
    ).toHaveLength(1);
    expect(shownPopIndex(ctx(a).page)).toBe(PAGE_LIMITS.maxPops - 1);
    a.send({ type: 'SHOW_POP', index: 2 });
    expect(shownPopIndex(ctx(a).page)).toBe(2);
    a.send({ type: 'SHOW_POP', index: null });
    expect(shownPopIndex(ctx(a).page)).toBe(-1);
    const count = ctx(a).past.length;
    a.send({ type: 'DELETE_POP' });
    expect(ctx(a).past).toHaveLength(count);
    a.send({ type: 'SHOW_POP', index: 0 });
    a.send({ type: 'DELETE_POP' });
    expect(ctx(a).page.pops).toHaveLength(PAGE_LIMITS.maxPops - 1);
  });

  it('names the page (50 characters at most), and undo/redo do nothing with nothing to undo or redo', () => {
    const a = start();
    a.send({ type: 'UNDO' });
    a.send({ type: 'REDO' });
    expect(ctx(a)).toMatchObject({ dirty: false, past: [], future: [] });
    // a change that changes nothing is not a step
    a.send({ type: 'SET_PAGE', height: 1334 });
    expect(ctx(a)).toMatchObject({ dirty: false, past: [] });
    a.send({ type: 'RENAME', name: 'x'.repeat(60) });
    expect(ctx(a).name).toBe('x'.repeat(50));
    expect(ctx(a).dirty).toBe(true);
    a.send({ type: 'RENAME' } as never);
    expect(ctx(a).name).toBe('');
    a.send({ type: 'ADD_RECT', rect: {} });
    a.send({ type: 'UNDO' });
    expect(ctx(a)).toMatchObject({ past: [], page: emptyPage() });
    expect(ctx(a).future).toHaveLength(1);
    a.send({ type: 'REDO' });
    expect(ctx(a).future).toEqual([]);
    expect(ctx(a).past).toEqual([emptyPage()]);
  });
});
