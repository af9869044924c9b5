import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestModel } from '@xstate/graph';
import { createActor } from 'xstate';
import {
  UNDO_LIMIT,
  activeIndex,
  layerRects,
  pageBuilderMachine,
  type PageBuilderContext,
  type PageBuilderEvent,
} from '../../machines/page-builder.machine.ts';
import { PAGE_WIDTH, emptyPage, pageStateProblem } from '../../src/api/page-rules.ts';
import { controllableActors, itFollowsItsTable, runPath, toTestMachine, type TransitionTable } from './harness.ts';

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
  const { actors, settle, inputs, log } = controllableActors(['loadPage', 'savePage']);
  const actor = createActor(pageBuilderMachine.provide({ actors: actors as never }), { input }).start();
  return { actor, settle, inputs, log };
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
    const model = createTestModel(toTestMachine(pageBuilderMachine), { events: EVENTS as never, serializeState } as never);
    const paths = model.getShortestPaths({ allowDuplicatePaths: true, input, limit: 3000 } as never);

    it(`${input.id ? 'an existing page' : 'a new page'}: reaches its states`, () => {
      const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
      for (const v of input.id ? ['"loading"', '"loadFailed"', '"editing"', '"saving"'] : ['"editing"', '"saving"'])
        expect(reached).toContain(v);
    });

    const drive = async (path: (typeof paths)[number], table?: TransitionTable) => {
      const s = sut(input);
      const inputOf = (id: string) => s.inputs.filter(([n]) => n === id).at(-1)?.[1];
      await runPath(
        path as never,
        s.actor,
        s.settle,
        {
          loading: () => expect(inputOf('loadPage')).toEqual({ id: 7 }),
          // A save sends the page on screen, its name, and the version it was made on.
          saving: (snap) => {
            expect(inputOf('savePage')).toEqual({ page: snap.context.page, name: snap.context.name, saved: snap.context.saved });
            expect(snap.context.name).not.toBe('');
          },
          editing: (snap) => {
            expect(pageStateProblem(snap.context.page)).toBeNull();
            expect(activeIndex(snap.context.page)).toBeLessThan(snap.context.page.rects.length);
          },
        },
        table && { table, effects: () => s.log },
      );
    };
    itFollowsItsTable(`page-builder-${input.id ? 'existing' : 'new'}`, pageBuilderMachine, paths, drive);
    for (const path of paths.slice(0, 80)) it(`${input.id ? 'existing' : 'new'}: ${path.description}`, () => drive(path));
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
