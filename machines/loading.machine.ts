import { assign, setup } from 'xstate';

/** the overlay's default text, a 'loading...' message. */
export const DEFAULT_LOADING_TEXT = '加载中...';

export interface LoadingContext {
  /** open requests not yet closed; never negative */
  count: number;
  text: string;
}

export type LoadingEvent = { type: 'OPEN'; text?: string } | { type: 'CLOSE' };

/**
 * The global loading overlay: reference-counted. Each OPEN needs its CLOSE; the overlay hides only when
 * the count is back to zero. A CLOSE with nothing open is ignored, so the count never goes negative.
 */
export const loadingMachine = setup({
  types: { context: {} as LoadingContext, events: {} as LoadingEvent },
  guards: {
    isLastOpen: ({ context }) => context.count <= 1,
  },
  actions: {
    open: assign({
      count: ({ context }) => context.count + 1,
      // hidden always holds the default text (reset), so an OPEN without text keeps what is shown
      text: ({ context, event }) => (event.type === 'OPEN' && event.text) || context.text,
    }),
    closeOne: assign({ count: ({ context }) => Math.max(0, context.count - 1) }),
    reset: assign({ count: 0, text: DEFAULT_LOADING_TEXT }),
  },
}).createMachine({
  id: 'loading',
  context: { count: 0, text: DEFAULT_LOADING_TEXT },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'Nothing is loading; CLOSE is ignored here.',
      on: { OPEN: { target: 'shown', actions: 'open' } },
    },
    shown: {
      description: 'At least one OPEN has no CLOSE yet; the overlay shows the latest text.',
      on: {
        OPEN: { actions: 'open' },
        CLOSE: [{ guard: 'isLastOpen', target: 'hidden', actions: 'reset' }, { actions: 'closeOne' }],
      },
    },
  },
});
