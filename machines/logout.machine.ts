import { assign, fromPromise, setup } from 'xstate';
import type { LogoutAnswer } from '@/api/contract/session.ts';

export interface LogoutOutput {
  ok: boolean;
  /** why logout did not proceed, for the user */
  message?: string;
}

/** Shown when the server answers logout with anything but data 200. */
export const LOGOUT_REFUSED = '退出失败，请重试';

/**
 * Logout: it succeeds only when the answer's data equals 200. Anything else, or no answer, ends in
 * `refused` and the session stays as it is.
 */
export const logoutMachine = setup({
  types: {
    context: {} as { ok: boolean; message?: string },
    output: {} as LogoutOutput,
  },
  actors: {
    requestLogout: fromPromise<LogoutAnswer>(async () => {
      throw new Error('requestLogout is provided by the app');
    }),
  },
  guards: {
    isData200: ({ event }) => (event as { output?: LogoutAnswer }).output?.data === 200,
  },
}).createMachine({
  id: 'logout',
  context: { ok: false },
  initial: 'requesting',
  states: {
    requesting: {
      description: 'POST /anon/vue/logout is under way.',
      invoke: {
        id: 'requestLogout',
        src: 'requestLogout',
        onDone: [
          { guard: 'isData200', target: 'succeeded', actions: assign({ ok: true }) },
          { target: 'refused', actions: assign({ message: LOGOUT_REFUSED }) },
        ],
        onError: {
          target: 'refused',
          actions: assign({ message: ({ event }) => (event.error instanceof Error && event.error.message) || LOGOUT_REFUSED }),
        },
      },
    },
    succeeded: {
      description: 'The server ended the session (data 200).',
      type: 'final',
    },
    refused: {
      description: 'The server did not confirm; the user stays signed in.',
      type: 'final',
    },
  },
  output: ({ context }) => (context.ok ? { ok: true } : { ok: false, message: context.message ?? LOGOUT_REFUSED }),
});
