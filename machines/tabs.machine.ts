import { assign, setup } from 'xstate';

/** SPEC 2/9: the content area keeps at most 3 pages alive (DECISIONS.md: the larger of the two readings). */
export const KEEP_ALIVE_MAX = 3;

export interface TabsContext {
  /** paths of the pages kept alive, least recently used first */
  pages: string[];
  max: number;
}

export type TabsEvent =
  /** a page was shown; `cacheable` when its name is on the keep-alive whitelist */
  | { type: 'OPEN'; path: string; cacheable: boolean }
  /** a page may no longer be kept (e.g. it left the menu) */
  | { type: 'DROP'; path: string };

/**
 * Keep-alive (SPEC 2): whitelisted pages stay mounted (state and scroll kept) up to `max`; opening another evicts
 * the least recently used. The app stores `pages` so that the open pages survive a reload.
 */
export const tabsMachine = setup({
  types: { context: {} as TabsContext, events: {} as TabsEvent, input: {} as { pages?: string[]; max?: number } },
  actions: {
    /** the app writes the list to storage */
    persist: (_, _params: { pages: string[] }) => {},
  },
  guards: {
    isCacheable: ({ event }) => event.type === 'OPEN' && event.cacheable,
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => {
    const max = Math.max(1, input.max ?? KEEP_ALIVE_MAX);
    const pages = [...new Set((input.pages ?? []).filter((p) => typeof p === 'string' && p.startsWith('/')))].slice(-max);
    return { pages, max };
  },
  initial: 'active',
  states: {
    active: {
      description: 'Keeps the most recently used whitelisted pages, at most max.',
      on: {
        OPEN: {
          guard: 'isCacheable',
          actions: [
            assign({
              pages: ({ context, event }) => [...context.pages.filter((p) => p !== event.path), event.path].slice(-context.max),
            }),
            { type: 'persist', params: ({ context }) => ({ pages: context.pages }) },
          ],
        },
        DROP: {
          actions: [
            assign({ pages: ({ context, event }) => context.pages.filter((p) => p !== event.path) }),
            { type: 'persist', params: ({ context }) => ({ pages: context.pages }) },
          ],
        },
      },
    },
  },
});
