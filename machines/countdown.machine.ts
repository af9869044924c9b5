import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { UserInfo } from '@/api/table/session.ts';

export interface CountdownInput {
  /** seconds the session has left (tokenExpire of /vue/userInfo) */
  seconds: number;
}

export interface CountdownContext {
  remaining: number;
}

export type CountdownEvent = { type: 'HIDDEN' } | { type: 'VISIBLE' };

export interface RefreshedUserInfo {
  userInfo: UserInfo;
  tokenExpire: number;
}

/** What the countdown tells the session: fresh user info after the page was hidden, and the end of the session. */
export type CountdownParentEvent = ({ type: 'USER_INFO_REFRESHED' } & RefreshedUserInfo) | { type: 'COUNTDOWN_ENDED' };

/**
 * The session countdown: from tokenExpire it ticks each second; it stops while the page is hidden and,
 * when the page is visible again, re-fetches user info and starts again from the new tokenExpire. At zero it
 * tells the session, which ends.
 */
export const countdownMachine = setup({
  types: {
    input: {} as CountdownInput,
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
  },
  actors: {
    fetchUserInfo: fromPromise<RefreshedUserInfo>(async () => {
      throw new Error('fetchUserInfo is provided by the app');
    }),
  },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
    isOver: ({ context }) => context.remaining <= 0,
  },
  actions: {
    tick: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }),
    tellEnded: sendParent({ type: 'COUNTDOWN_ENDED' }),
    tellRefreshed: sendParent((_, info: RefreshedUserInfo) => ({ type: 'USER_INFO_REFRESHED', ...info })),
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ remaining: Math.max(0, Math.floor(input.seconds)) }),
  initial: 'check',
  states: {
    check: {
      description: 'Decides whether there is time left to count.',
      always: [{ guard: 'isOver', target: 'ended' }, { target: 'running' }],
    },
    running: {
      description: 'Ticks once a second while the page is visible.',
      after: {
        1000: [
          { guard: 'isLastSecond', target: 'ended', actions: 'tick' },
          { target: 'running', reenter: true, actions: 'tick' },
        ],
      },
      on: { HIDDEN: 'paused' },
    },
    paused: {
      description: 'The page is hidden: no ticking.',
      on: { VISIBLE: 'refreshing' },
    },
    refreshing: {
      description: 'Visible again: user info is re-fetched; the new tokenExpire restarts the count.',
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        onDone: {
          target: 'check',
          actions: [
            assign({ remaining: ({ event }) => Math.max(0, Math.floor(event.output.tokenExpire)) }),
            { type: 'tellRefreshed', params: ({ event }) => event.output },
          ],
        },
        // A failed fetch (the network) keeps counting from where it was; an ended session is told by the client.
        onError: 'check',
      },
      on: { HIDDEN: 'paused' },
    },
    ended: {
      description: 'Zero: the session is over.',
      type: 'final',
      entry: 'tellEnded',
    },
  },
});

/** hh:mm:ss of a number of seconds (durations as hours, minutes and seconds). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
