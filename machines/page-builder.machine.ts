import { assign, fromPromise, setup } from 'xstate';
import { PAGE_LIMITS, PAGE_WIDTH, emptyPage, type PageRect, type PageState } from '@/api/rules/page-rules.ts';

/** How many steps undo remembers. */
export const UNDO_LIMIT = 50;

export interface SavedPage {
  id: number;
  version: number;
}

export interface PageBuilderContext {
  /** the page as it stands */
  page: PageState;
  name: string;
  /** the server's id and version once saved; null for a new page */
  saved: SavedPage | null;
  /** states before each change, newest last (undo), and the ones undone (redo) */
  past: PageState[];
  future: PageState[];
  /** something changed since the last save */
  dirty: boolean;
  error: string | null;
}

export type PageBuilderEvent =
  | { type: 'ADD_RECT'; rect: Partial<PageRect>; component?: string }
  | { type: 'SELECT'; index: number }
  | { type: 'DESELECT' }
  | { type: 'NUDGE'; dx: number; dy: number }
  | { type: 'MOVE_TO'; top: number; left: number }
  | { type: 'RESIZE'; width: number; height: number }
  | { type: 'SET_RECT'; patch: Partial<PageRect> }
  | { type: 'LAYER'; direction: 'up' | 'down' }
  | { type: 'DELETE' }
  | { type: 'SET_PAGE'; height?: number; background?: Partial<PageState['pageData']['background']> }
  | { type: 'ADD_POP' }
  | { type: 'SHOW_POP'; index: number | null }
  | { type: 'DELETE_POP' }
  | { type: 'RENAME'; name: string }
  | { type: 'UNDO' }
  | { type: 'REDO' }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export interface PageBuilderInput {
  /** an existing page to open (loaded by `loadPage`), else a new one */
  id?: number | null;
}

/** Within [min, max]; anything but a finite number is `min` (an event from outside may carry anything). */
const clamp = (v: number, min: number, max: number) => (Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : min);

/** The shown popup's index, or -1. One at most. */
export const shownPopIndex = (page: PageState) => page.pops.findIndex((p) => p.show);

/** The rects being edited: the shown popup's, else the page's. */
export const layerRects = (page: PageState): PageRect[] => {
  const i = shownPopIndex(page);
  return i >= 0 ? (page.pops[i].rects ?? []) : page.rects;
};

/** The page with the edited layer's rects replaced. */
const withLayer = (page: PageState, rects: PageRect[]): PageState => {
  const i = shownPopIndex(page);
  return i >= 0 ? { ...page, pops: page.pops.map((p, j) => (j === i ? { ...p, rects } : p)) } : { ...page, rects };
};

/** Every rect of the page and its popups inactive (switching layers leaves none selected). */
const noneActive = (page: PageState): PageState => ({
  ...page,
  rects: page.rects.map((r) => ({ ...r, active: false })),
  pops: page.pops.map((p) => (p.rects ? { ...p, rects: p.rects.map((r) => ({ ...r, active: false })) } : p)),
});

/** The active rect's index in the edited layer, or -1. One at most. */
export const activeIndex = (page: PageState) => layerRects(page).findIndex((r) => r.active);

/** A rect kept inside the page: size first (aspect ratio kept when set), then position. */
export function fitRect(r: PageRect, pageHeight: number): PageRect {
  let width = clamp(Math.round(r.width), 1, PAGE_WIDTH);
  let height = clamp(Math.round(r.height), 1, pageHeight);
  if (r.aspectRatio) {
    // The ratio wins over the height; shrink both if the height then overflows.
    height = Math.max(1, Math.round(width / r.aspectRatio));
    if (height > pageHeight) {
      height = pageHeight;
      width = clamp(Math.round(height * r.aspectRatio), 1, PAGE_WIDTH);
    }
  }
  return {
    ...r,
    width,
    height,
    left: clamp(Math.round(r.left), 0, PAGE_WIDTH - width),
    top: clamp(Math.round(r.top), 0, pageHeight - height),
  };
}

const newRect = (over: Partial<PageRect>, zIndex: number, pageHeight: number): PageRect =>
  fitRect(
    {
      top: 0,
      left: 0,
      width: 750,
      height: 300,
      zIndex,
      active: true,
      hotZone: [],
      bannerData: [],
      aspectRatio: null,
      voiceInfo: null,
      duration: 0,
      firstInit: true,
      ...over,
    },
    pageHeight,
  );

/** A change to the page, remembered for undo (nothing when the page stays as it was); redo is forgotten. */
const commit = (context: PageBuilderContext, next: (page: PageState) => PageState): Partial<PageBuilderContext> => {
  const page = next(context.page);
  if (JSON.stringify(page) === JSON.stringify(context.page)) return {};
  return { page, past: [...context.past, context.page].slice(-UNDO_LIMIT), future: [], dirty: true };
};

/** Applies a change to the active rect (nothing when none is active). */
const onActive = (page: PageState, change: (r: PageRect) => PageRect): PageState => {
  const i = activeIndex(page);
  if (i < 0) return page;
  return withLayer(
    page,
    layerRects(page).map((r, j) => (j === i ? fitRect(change(r), page.pageData.height) : r)),
  );
};

/**
 * The page builder (state, one active rect, one shown popup): rects added from the palette,
 * selected, moved (drag or arrow keys), resized (keeping the aspect ratio when set), layered, edited and deleted;
 * the page's height and background; popups, each with rects of its own: while one is shown, the rect events edit
 * its rects (the page's stay as they are). Every change is undoable (Ctrl+Z / Ctrl+Shift+Z), up to UNDO_LIMIT.
 * Loading and saving are actors the app provides (`loadPage`, `savePage`); a save refused for a stale version
 * keeps the edits and says so.
 */
export const pageBuilderMachine = setup({
  types: {
    context: {} as PageBuilderContext,
    events: {} as PageBuilderEvent,
    input: {} as PageBuilderInput,
  },
  actors: {
    loadPage: fromPromise<{ page: PageState; name: string; saved: SavedPage }, { id: number }>(async () => {
      throw new Error('loadPage is provided by the app');
    }),
    savePage: fromPromise<SavedPage, { page: PageState; name: string; saved: SavedPage | null }>(async () => {
      throw new Error('savePage is provided by the app');
    }),
  },
  guards: {
    hasId: ({ context }) => context.saved !== null,
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    hasActive: ({ context }) => activeIndex(context.page) >= 0,
    popShown: ({ context }) => shownPopIndex(context.page) >= 0,
    named: ({ context }) => context.name.trim().length > 0,
  },
}).createMachine({
  id: 'pageBuilder',
  context: ({ input }) => ({
    page: emptyPage(),
    name: '',
    saved: input.id ? { id: input.id, version: 0 } : null,
    past: [],
    future: [],
    dirty: false,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasId', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ id: context.saved!.id }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ page: event.output.page, name: event.output.name, saved: event.output.saved, error: null })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      on: {
        ADD_RECT: {
          actions: assign(({ context, event }) =>
            commit(context, (page) => {
              const layer = layerRects(page);
              const z = layer.reduce((m, r) => Math.max(m, r.zIndex), 0) + 1;
              const rects = layer.map((r) => ({ ...r, active: false }));
              return withLayer(page, [...rects, { ...newRect(event.rect ?? {}, z, page.pageData.height), component: event.component }]);
            }),
          ),
        },
        SELECT: {
          actions: assign(({ context, event }) =>
            commit(context, (page) => {
              const layer = layerRects(page);
              return !Number.isInteger(event.index) || event.index < 0 || event.index >= layer.length || layer[event.index].active
                ? page
                : withLayer(
                    page,
                    layer.map((r, j) => ({ ...r, active: j === event.index })),
                  );
            }),
          ),
        },
        DESELECT: {
          guard: 'hasActive',
          actions: assign(({ context }) =>
            commit(context, (page) =>
              withLayer(
                page,
                layerRects(page).map((r) => ({ ...r, active: false })),
              ),
            ),
          ),
        },
        NUDGE: {
          guard: 'hasActive',
          actions: assign(({ context, event }) =>
            commit(context, (page) => onActive(page, (r) => ({ ...r, left: r.left + (event.dx || 0), top: r.top + (event.dy || 0) }))),
          ),
        },
        MOVE_TO: {
          guard: 'hasActive',
          actions: assign(({ context, event }) =>
            commit(context, (page) => onActive(page, (r) => ({ ...r, left: event.left ?? r.left, top: event.top ?? r.top }))),
          ),
        },
        RESIZE: {
          guard: 'hasActive',
          actions: assign(({ context, event }) =>
            commit(context, (page) => onActive(page, (r) => ({ ...r, width: event.width ?? r.width, height: event.height ?? r.height }))),
          ),
        },
        SET_RECT: {
          guard: 'hasActive',
          actions: assign(({ context, event }) =>
            commit(context, (page) => onActive(page, (r) => ({ ...r, ...event.patch, active: true }))),
          ),
        },
        LAYER: {
          guard: 'hasActive',
          actions: assign(({ context, event }) =>
            commit(context, (page) =>
              onActive(page, (r) => ({ ...r, zIndex: clamp(r.zIndex + (event.direction === 'up' ? 1 : -1), 0, 9999) })),
            ),
          ),
        },
        DELETE: {
          guard: 'hasActive',
          actions: assign(({ context }) =>
            commit(context, (page) =>
              withLayer(
                page,
                layerRects(page).filter((r) => !r.active),
              ),
            ),
          ),
        },
        SET_PAGE: {
          actions: assign(({ context, event }) =>
            commit(context, (page) => {
              const height = event.height === undefined ? page.pageData.height : clamp(Math.round(event.height), 200, 20000);
              const pageData = { height, background: { ...page.pageData.background, ...event.background } };
              // A shorter page takes its rects, and its popups' rects, with it.
              return {
                ...page,
                pageData,
                rects: page.rects.map((r) => fitRect(r, height)),
                pops: page.pops.map((p) => (p.rects ? { ...p, rects: p.rects.map((r) => fitRect(r, height)) } : p)),
              };
            }),
          ),
        },
        ADD_POP: {
          actions: assign(({ context }) =>
            commit(context, (page) =>
              page.pops.length >= PAGE_LIMITS.maxPops
                ? page
                : { ...noneActive(page), pops: [...noneActive(page).pops.map((x) => ({ ...x, show: false })), { show: true, rects: [] }] },
            ),
          ),
        },
        SHOW_POP: {
          actions: assign(({ context, event }) =>
            commit(context, (page) => {
              const next = noneActive(page);
              return { ...next, pops: next.pops.map((x, j) => ({ ...x, show: j === (event.index ?? -1) })) };
            }),
          ),
        },
        DELETE_POP: {
          guard: 'popShown',
          actions: assign(({ context }) => commit(context, (page) => ({ ...page, pops: page.pops.filter((p) => !p.show) }))),
        },
        RENAME: { actions: assign({ name: ({ event }) => String(event.name ?? '').slice(0, 50), dirty: true }) },
        UNDO: {
          guard: 'canUndo',
          actions: assign(({ context }) => ({
            page: context.past.at(-1)!,
            past: context.past.slice(0, -1),
            future: [context.page, ...context.future],
            dirty: true,
          })),
        },
        REDO: {
          guard: 'canRedo',
          actions: assign(({ context }) => ({
            page: context.future[0],
            past: [...context.past, context.page],
            future: context.future.slice(1),
            dirty: true,
          })),
        },
        SAVE: [{ guard: 'named', target: 'saving' }, { actions: assign({ error: '页面名称不能为空' }) }],
      },
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'savePage',
        src: 'savePage',
        input: ({ context }) => ({ page: context.page, name: context.name, saved: context.saved }),
        onDone: { target: 'editing', actions: assign({ saved: ({ event }) => event.output, dirty: false }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      },
    },
  },
});
