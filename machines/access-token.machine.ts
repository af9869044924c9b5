import { assign, fromPromise, setup } from 'xstate';

/** What a refresh hands back: the token, its deadline (epoch ms) and how long until it is due again. */
export interface AccessTokenGrant {
  token: string;
  deadline: number;
  /** deadline minus now, computed by the app when the grant arrived (machines do not read the clock) */
  refreshInMs: number;
}

export interface RefreshInput {
  /**
   * the token to replace: the one a refused call carried, else the one this tab holds. A live stored token other than
   * it means another tab has refreshed already, and is adopted instead of fetching.
   */
  staleToken: string | null;
}

export interface AccessTokenContext {
  token: string | null;
  deadline: number | null;
  refreshInMs: number;
  /** failed refreshes in a row */
  attempts: number;
  error: string | null;
  /** tokens this tab held before the current one (a few): failures that carried one of them are already handled */
  replaced: string[];
}

export type AccessTokenEvent =
  /**
   * A call was answered accessToken失效: refresh now. Ignored while a refresh is under way (single flight) and
   * when the call carried a token this tab has since replaced (it failed before the last refresh landed).
   */
  | { type: 'REFRESH'; failedToken?: string | null }
  /** another tab refreshed and broadcast its grant */
  | ({ type: 'TOKEN_RECEIVED' } & AccessTokenGrant);

/**
 * How long before its deadline a token is refreshed: a tenth of the time it had left when it arrived, at most 30 s. So
 * calls carry the next token before the server would refuse the last one (accessToken失效 shows an error).
 */
export const refreshLeadMs = (refreshInMs: number) => Math.min(30_000, Math.floor(Math.max(0, refreshInMs) / 10));

/** Retry after 1 s, 2 s, 4 s ... at most 60 s. */
export const retryDelayMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

/**
 * The access token: a timer set shortly before its deadline (refreshLeadMs) refreshes it from /anon/vue/token. The refresh
 * actor (given by the app) holds a cross-tab lock and adopts a token another tab already fetched, so all tabs
 * together make one refresh per deadline. A failed refresh is a state with a retry, never a silent stop.
 */
export const accessTokenMachine = setup({
  types: {
    context: {} as AccessTokenContext,
    events: {} as AccessTokenEvent,
  },
  actors: {
    refreshToken: fromPromise<AccessTokenGrant, RefreshInput>(async () => {
      throw new Error('refreshToken is provided by the app');
    }),
  },
  actions: {
    adoptGrant: assign(({ context }, grant: AccessTokenGrant) => ({
      replaced: context.token && context.token !== grant.token ? [context.token, ...context.replaced].slice(0, 4) : context.replaced,
      token: grant.token,
      deadline: grant.deadline,
      refreshInMs: Math.max(0, grant.refreshInMs),
      attempts: 0,
      error: null,
    })),
  },
  guards: {
    isNewerGrant: ({ context, event }) => event.type === 'TOKEN_RECEIVED' && event.deadline > (context.deadline ?? 0),
    failedWithoutBeingReplaced: ({ context, event }) =>
      event.type === 'REFRESH' && (!event.failedToken || !context.replaced.includes(event.failedToken)),
  },
  delays: {
    untilDue: ({ context }) => context.refreshInMs - refreshLeadMs(context.refreshInMs),
    retryDelay: ({ context }) => retryDelayMs(context.attempts),
  },
}).createMachine({
  id: 'accessToken',
  context: { token: null, deadline: null, refreshInMs: 0, attempts: 0, error: null, replaced: [] },
  initial: 'refreshing',
  states: {
    refreshing: {
      description: 'Getting a token: another tab’s fresh one if there is one, else /anon/vue/token. REFRESH joins this flight.',
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        input: ({ context, event }) => ({
          staleToken: event.type === 'REFRESH' && event.failedToken ? event.failedToken : context.token,
        }),
        onDone: {
          target: 'scheduled',
          actions: { type: 'adoptGrant', params: ({ event }) => event.output },
        },
        onError: {
          target: 'retrying',
          actions: assign({
            attempts: ({ context }) => context.attempts + 1,
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    scheduled: {
      description: 'A token is held; the timer fires a little before its deadline.',
      after: { untilDue: 'refreshing' },
      on: {
        REFRESH: { guard: 'failedWithoutBeingReplaced', target: 'refreshing' },
        TOKEN_RECEIVED: {
          guard: 'isNewerGrant',
          target: 'scheduled',
          reenter: true,
          actions: { type: 'adoptGrant', params: ({ event }) => event },
        },
      },
    },
    retrying: {
      description: 'The last refresh failed (error in context); it is tried again after a growing delay.',
      after: { retryDelay: 'refreshing' },
      on: {
        REFRESH: 'refreshing',
        TOKEN_RECEIVED: { target: 'scheduled', actions: { type: 'adoptGrant', params: ({ event }) => event } },
      },
    },
  },
});
