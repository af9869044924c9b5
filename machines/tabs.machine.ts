import { assign, setup } from 'xstate';

/** the content area keeps at most 3 pages alive (DECISIONS.md: the larger of the two readings). */
export const KEEP_ALIVE_MAX = 3;
/** The tab bar shows at most this many opened pages unless the user sets another limit; then it asks which to close. */
export const TABS_MAX = 10;
/** The limits a user may choose. */
export const TABS_LIMITS = { min: 2, max: 30 } as const;

export interface TabsContext {
  /** paths of the pages kept alive, least recently used first */
  pages: string[];
  max: number;
  /** the tab bar: paths of the opened pages, in the order they were first opened */
  tabs: string[];
  tabsMax: number;
  /** the home page's tab: pinned first, never closed, never pushed out by a full bar (null: none yet) */
  home: string | null;
  /** a page opened while the bar was full: shown, its tab waiting until the user says which tab closes (EVICT) */
  pending: { path: string; cacheable: boolean } | null;
}

export type TabsEvent =
  /** a page was shown; `cacheable` when its name is on the keep-alive whitelist */
  | { type: 'OPEN'; path: string; cacheable: boolean }
  /** a page may no longer be kept (e.g. it left the menu) */
  | { type: 'DROP'; path: string }
  /** the user closed a tab: the page is neither shown in the bar nor kept */
  | { type: 'CLOSE'; path: string }
  /** the user closed every tab but this one (and the pinned home tab) */
  | { type: 'CLOSE_OTHERS'; path: string }
  /** the user closed the tabs left (or right) of this one, the pinned home tab excepted */
  | { type: 'CLOSE_LEFT'; path: string }
  | { type: 'CLOSE_RIGHT'; path: string }
  /** the user closed every tab but the pinned home tab */
  | { type: 'CLOSE_ALL' }
  /** the menu's home page (it follows the menu: a new one is pinned in the old one's place) */
  | { type: 'HOME'; path: string | null }
  /** the user moved a tab (drag, or the keyboard): it goes before `before` (null: last); the home tab stays first */
  | { type: 'MOVE'; path: string; before: string | null }
  /** the user set the bar's limit: a lower one closes the oldest tabs but the home one */
  | { type: 'LIMIT'; max: number }
  /** the full bar's answer: this tab closes and the waiting page gets its tab */
  | { type: 'EVICT'; path: string };

/** After every change: the app stores both lists. */
const persistLists = {
  type: 'persist' as const,
  params: ({ context }: { context: TabsContext }) => ({ pages: context.pages, tabs: context.tabs }),
};

const validPaths = (v: unknown) =>
  Array.isArray(v) ? [...new Set(v.filter((p): p is string => typeof p === 'string' && p.startsWith('/')))] : [];

/**
 * Keep-alive and the tab bar (the multi-tab bar of the mature consoles): every page shown gets a tab (at
 * most tabsMax, the oldest closing first; the home page's tab is pinned first and never closes); whitelisted pages also stay mounted (state and scroll kept) up to `max`,
 * the least recently used evicted. Closing a tab ends its kept page too. The app stores both lists, so the open
 * tabs and pages survive a reload. Which page to show after the current tab closes is the app's (it navigates).
 */
export const tabsMachine = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
    input: {} as { pages?: string[]; tabs?: string[]; max?: number; tabsMax?: number; home?: string | null },
  },
  actions: {
    /** the app writes the lists to storage */
    persist: (_, _params: { pages: string[]; tabs: string[] }) => {},
  },
  guards: {
    isCacheable: ({ event }) => event.type === 'OPEN' && event.cacheable,
    /** a new page (not the home one) while every tab is taken: the user says which closes */
    barIsFull: ({ context, event }) =>
      event.type === 'OPEN' && !context.tabs.includes(event.path) && event.path !== context.home && context.tabs.length >= context.tabsMax,
    /** a tab that may close for the waiting page */
    mayEvict: ({ context, event }) =>
      event.type === 'EVICT' &&
      context.pending !== null &&
      !context.tabs.includes(context.pending.path) &&
      event.path !== context.home &&
      context.tabs.includes(event.path),
    /** a tab that may move there: not the home one, to a place that exists */
    mayMove: ({ context, event }) =>
      event.type === 'MOVE' &&
      event.path !== context.home &&
      event.path !== event.before &&
      context.tabs.includes(event.path) &&
      (event.before === null || context.tabs.includes(event.before)),
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => {
    const max = Math.max(1, input.max ?? KEEP_ALIVE_MAX);
    const tabsMax = limitOf(input.tabsMax ?? TABS_MAX);
    const home = validPaths([input.home])[0] ?? null;
    const tabs = validPaths(input.tabs);
    // A kept page always has its tab (older storage had pages only: they become tabs).
    const pages = validPaths(input.pages).slice(-max);
    for (const p of pages) if (!tabs.includes(p)) tabs.push(p);
    return pinned({ pages, max, tabs, tabsMax, home: null, pending: null }, home);
  },
  initial: 'active',
  states: {
    active: {
      description: 'Every opened page has a tab (at most tabsMax); the most recently used whitelisted pages are kept, at most max.',
      on: {
        OPEN: [
          {
            guard: 'barIsFull',
            actions: assign(({ event }) => ({ pending: { path: event.path, cacheable: event.cacheable } })),
          },
          {
            guard: 'isCacheable',
            actions: [
              assign(({ context, event }) => {
                const tabs = withTab(context, event.path);
                const pages = [...context.pages.filter((p) => p !== event.path), event.path].slice(-context.max);
                return { ...unchangedKept(context, { tabs, pages: pages.filter((p) => tabs.includes(p)) }), pending: null };
              }),
              persistLists,
            ],
          },
          {
            actions: [
              assign(({ context, event }) => {
                const tabs = withTab(context, event.path);
                return { ...unchangedKept(context, { tabs, pages: context.pages.filter((p) => tabs.includes(p)) }), pending: null };
              }),
              persistLists,
            ],
          },
        ],
        // A page that left the menu loses its tab, the home page's too (the menu's next home is pinned by HOME).
        DROP: {
          actions: [
            assign(({ context, event }) => ({ ...without(context, event.path), home: context.home === event.path ? null : context.home })),
            persistLists,
          ],
        },
        CLOSE: {
          actions: [assign(({ context, event }) => keeping(context, (p) => p !== event.path)), persistLists],
        },
        CLOSE_OTHERS: {
          actions: [assign(({ context, event }) => keeping(context, (p) => p === event.path)), persistLists],
        },
        CLOSE_LEFT: {
          actions: [assign(({ context, event }) => keeping(context, (_, i) => i >= context.tabs.indexOf(event.path))), persistLists],
        },
        CLOSE_RIGHT: {
          actions: [
            assign(({ context, event }) => {
              const at = context.tabs.indexOf(event.path);
              return keeping(context, (_, i) => at >= 0 && i <= at);
            }),
            persistLists,
          ],
        },
        CLOSE_ALL: { actions: [assign(({ context }) => keeping(context, () => false)), persistLists] },
        HOME: {
          guard: ({ context, event }) => (validPaths([event.path])[0] ?? null) !== context.home,
          actions: [assign(({ context, event }) => withRoom(pinned(context, validPaths([event.path])[0] ?? null))), persistLists],
        },
        EVICT: {
          guard: 'mayEvict',
          actions: [
            assign(({ context, event }) => {
              const { path, cacheable } = context.pending!;
              const tabs = [...context.tabs.filter((p) => p !== event.path), path];
              const kept = context.pages.filter((p) => p !== event.path);
              const pages = cacheable ? [...kept.filter((p) => p !== path), path].slice(-context.max) : kept;
              return { ...unchangedKept(context, { tabs, pages }), pending: null };
            }),
            persistLists,
          ],
        },
        MOVE: {
          guard: 'mayMove',
          actions: [
            assign(({ context, event }) => {
              const rest = context.tabs.filter((p) => p !== event.path);
              const at = event.before === null ? rest.length : rest.indexOf(event.before);
              // nothing goes before the pinned home tab
              const place = context.home !== null && rest[0] === context.home ? Math.max(1, at) : at;
              const tabs = [...rest.slice(0, place), event.path, ...rest.slice(place)];
              return unchangedKept(context, { tabs, pages: context.pages });
            }),
            persistLists,
          ],
        },
        LIMIT: {
          actions: [
            assign(({ context, event }) => withRoom(pinned({ ...context, tabsMax: limitOf(event.max) }, context.home))),
            persistLists,
          ],
        },
      },
    },
  },
});

/**
 * The tab list with `path` in it: a new path is appended (the home page's goes first), the oldest tab but the
 * home one closing when the bar is full.
 */
function withTab({ tabs, tabsMax, home }: TabsContext, path: string): string[] {
  if (tabs.includes(path)) return tabs;
  const next = path === home ? [path, ...tabs] : [...tabs, path];
  if (next.length <= tabsMax) return next;
  const oldest = next.findIndex((p) => p !== home);
  return next.filter((_, i) => i !== oldest);
}

/** The lists with `home` pinned: its tab first, then the most recent others the bar holds. */
function pinned(context: TabsContext, home: string | null): TabsContext {
  const others = context.tabs.filter((p) => p !== home);
  const tabs = home ? [home, ...others.slice(-(context.tabsMax - 1))] : context.tabs.slice(-context.tabsMax);
  return { ...context, ...unchangedKept(context, { tabs, pages: context.pages.filter((p) => tabs.includes(p)) }), home };
}

/** The tabs `keep` keeps (by path and place), the pinned home tab always, and their kept pages. */
function keeping(context: TabsContext, keep: (path: string, index: number) => boolean) {
  const tabs = context.tabs.filter((p, i) => p === context.home || keep(p, i));
  return withRoom({ ...context, ...unchangedKept(context, { tabs, pages: context.pages.filter((p) => tabs.includes(p)) }) });
}

/** A limit the user may choose, whole and within bounds. */
const limitOf = (max: number) => Math.min(TABS_LIMITS.max, Math.max(TABS_LIMITS.min, Math.round(Number.isFinite(max) ? max : TABS_MAX)));

/** A page waiting for its tab gets it once the bar has room (the user closed tabs or raised the limit). */
function withRoom(context: TabsContext): TabsContext {
  const { pending } = context;
  if (pending && context.tabs.includes(pending.path)) return { ...context, pending: null };
  if (!pending || context.tabs.length >= context.tabsMax) return context;
  const tabs = [...context.tabs, pending.path];
  const pages = pending.cacheable ? [...context.pages.filter((p) => p !== pending.path), pending.path].slice(-context.max) : context.pages;
  return { ...context, tabs, pages, pending: null };
}

const without = (context: TabsContext, path: string) =>
  unchangedKept(context, {
    tabs: context.tabs.filter((p) => p !== path),
    pages: context.pages.filter((p) => p !== path),
  });

const samePaths = (a: string[], b: string[]) => a.length === b.length && a.every((p, i) => p === b[i]);

/**
 * The lists as they were when nothing in them changed: the app selects each list by identity, so reopening the page
 * on top (every reload does) renders nothing again.
 */
function unchangedKept(context: TabsContext, next: { tabs: string[]; pages: string[] }) {
  return {
    tabs: samePaths(next.tabs, context.tabs) ? context.tabs : next.tabs,
    pages: samePaths(next.pages, context.pages) ? context.pages : next.pages,
  };
}
