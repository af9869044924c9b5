import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { MenuNode, UserInfo } from '@/api/table/session.ts';
import { accessTokenMachine } from './access-token.machine.ts';
import { countdownMachine, type CountdownParentEvent } from './countdown.machine.ts';
import { logoutMachine } from './logout.machine.ts';

/** The route table is built by the app from the menu; the machine only carries it. */
export type RouteTable = unknown;

export interface SessionInput {
  /** a user token is already in storage */
  hasToken: boolean;
  /** a userToken from a link, to be exchanged for a session */
  linkToken?: string | null;
}

export interface SessionContext {
  /** a token was in storage when the page started */
  hasStoredToken: boolean;
  linkToken: string | null;
  userInfo: UserInfo | null;
  /** seconds the session has left, as /vue/userInfo said when it was fetched */
  tokenExpire: number;
  menu: MenuNode[];
  routes: RouteTable | null;
  /** why the user is on the login page or the failure screen */
  error: string | null;
  /** a message about something that did not happen (e.g. a refused logout) */
  notice: string | null;
  /** the tenant parameters the shell needs (settings: scrm_overall_params) */
  tenantParams: TenantParams;
}

export interface TenantParams {
  /** the watermark overlay; invalid or missing parameters mean off */
  enableWaterMark: boolean;
  /** the IANA zone the console shows times in (tenant parameter timeZone; default Asia/Shanghai) */
  timeZone: string;
}

/** The time zone of a tenant that names none. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export type SessionEvent =
  | { type: 'LOGIN'; userName: string; password: string }
  /** bind phone found the phone's own account: continue as it (the password is a single-use ticket) */
  | { type: 'SWITCH_ACCOUNT'; userName: string; password: string }
  | { type: 'LOGOUT' }
  | { type: 'EXPIRED'; message?: string }
  | { type: 'RETRY' }
  | { type: 'DISMISS_NOTICE' }
  /** the initial password was replaced: the session goes on to its permissions */
  | { type: 'PASSWORD_CHANGED' }
  /** the server pushed that this user's permissions, roles or menu changed: rebuild them in place */
  | { type: 'PERMISSIONS_CHANGED' }
  /** the server pushed that the tenant's parameters changed: read them again (the watermark follows at once) */
  | { type: 'TENANT_PARAMS_CHANGED' }
  | CountdownParentEvent;

/** Said when the session countdown reaches zero (the same words as an ended session). */
export const SESSION_ENDED = '登录失效，请重新登录';

export interface UserInfoOutput {
  userInfo: UserInfo;
  tokenExpire: number;
}

/** Steps 2 to 4 again, while the console stays in use: permissions, menu, routes. */
export interface PermissionsOutput {
  menu: MenuNode[];
  routes: RouteTable;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the app`));

/** Failures whose error says the session is over go to `expired`; the app marks them with `expired: true`. */
const isExpiredError = (error: unknown) => typeof error === 'object' && error !== null && (error as { expired?: unknown }).expired === true;

/** Where a step of session start goes when it fails for another reason than expiry: logged, not shown. */
const FAILED = {
  target: 'failed',
  actions: ['recordFailure', { type: 'reportFailure', params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }) }],
} as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The session: with no token the user signs in; with one the console loads user info,
 * initialises permissions, loads the menu, adds routes and replays navigation, in that order.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<string, { userName: string; password: string }>(notProvided('login')),
    loginByUserToken: fromPromise<string, { userToken: string }>(notProvided('loginByUserToken')),
    fetchUserInfo: fromPromise<UserInfoOutput>(notProvided('fetchUserInfo')),
    initUserPermission: fromPromise<void>(notProvided('initUserPermission')),
    fetchMenu: fromPromise<MenuNode[]>(notProvided('fetchMenu')),
    addRoutes: fromPromise<RouteTable, { menu: MenuNode[] }>(notProvided('addRoutes')),
    refreshPermissions: fromPromise<PermissionsOutput>(notProvided('refreshPermissions')),
    fetchTenantParams: fromPromise<TenantParams>(notProvided('fetchTenantParams')),
    /** the server's pushes for this session (force logout); the app reads them and reports an ended session */
    sessionEvents: fromCallback(() => {}),
    logout: logoutMachine,
    accessToken: accessTokenMachine,
    countdown: countdownMachine,
  },
  actions: {
    // I/O the app performs; the machine only says when.
    persistToken: (_, _params: { token: string }) => {},
    clearSession: () => {},
    replayNavigation: () => {},
    goToLogin: () => {},
    reportFailure: (_, _params: { error: unknown }) => {},
    /** phone change: alert '已切换账户，请刷新页面' and reload (the app does it) */
    reloadForAccountSwitch: () => {},
    /** the menu and routes were rebuilt in place: a page that lost its entry goes to the first leaf, with a message */
    permissionsRefreshed: (_, _params: { routes: RouteTable }) => {},
    /** bind phone: the account logged in with is remembered (the app keeps its name for the login form) */
    rememberAccount: (_, _params: { userName: string }) => {},
    recordFailure: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    resetSession: assign({
      userInfo: null,
      tokenExpire: 0,
      menu: [],
      routes: null,
      notice: null,
      tenantParams: { enableWaterMark: false, timeZone: DEFAULT_TIME_ZONE },
    }),
  },
  guards: {
    hasLinkToken: ({ context }) => Boolean(context.linkToken),
    hasStoredToken: ({ context }) => context.hasStoredToken,
    isExpiredError: ({ event }) => isExpiredError((event as { error?: unknown }).error),
    logoutSucceeded: ({ event }) => (event as { output?: { ok?: boolean } }).output?.ok === true,
    // from one non-empty phone to another means another account signed in (e.g. in another tab).
    phoneSwitched: ({ context, event }) => {
      if (event.type !== 'USER_INFO_REFRESHED') return false;
      const before = context.userInfo?.phone ?? '';
      const after = event.userInfo.phone ?? '';
      return before !== '' && after !== '' && before !== after;
    },
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    hasStoredToken: input.hasToken,
    linkToken: input.linkToken ?? null,
    userInfo: null,
    tokenExpire: 0,
    menu: [],
    routes: null,
    error: null,
    notice: null,
    tenantParams: { enableWaterMark: false, timeZone: DEFAULT_TIME_ZONE },
  }),
  initial: 'start',
  states: {
    start: {
      description: 'Decides where a fresh page begins: a link token, a stored token, or nothing.',
      always: [
        { guard: 'hasLinkToken', target: 'exchangingLink' },
        { guard: 'hasStoredToken', target: 'authenticated' },
        { target: 'anonymous' },
      ],
    },
    exchangingLink: {
      description: 'Logs in with the userToken a link carried; failure is only logged.',
      invoke: {
        id: 'loginByUserToken',
        src: 'loginByUserToken',
        input: ({ context }) => ({ userToken: context.linkToken ?? '' }),
        onDone: {
          target: 'authenticated',
          actions: [{ type: 'persistToken', params: ({ event }) => ({ token: event.output }) }, assign({ linkToken: null })],
        },
        onError: {
          target: 'anonymous',
          actions: [{ type: 'reportFailure', params: ({ event }) => ({ error: event.error }) }, assign({ linkToken: null })],
        },
      },
    },
    anonymous: {
      description: 'No session: the login page shows.',
      on: { LOGIN: 'loggingIn' },
    },
    loggingIn: {
      description: 'The encrypted credentials are on their way to the passport service.',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: 'LOGIN' | 'SWITCH_ACCOUNT' }>;
          return { userName: e.userName, password: e.password };
        },
        onDone: {
          target: 'authenticated',
          actions: [{ type: 'persistToken', params: ({ event }) => ({ token: event.output }) }, assign({ error: null })],
        },
        onError: { target: 'anonymous', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    authenticated: {
      description: 'A token exists; the session is being built or is in use.',
      initial: 'booting',
      // The failure policy has shown the call's message already: the login form does not repeat it (one message per event).
      on: { EXPIRED: { target: 'expired', actions: assign({ error: null }) } },
      states: {
        booting: {
          description: 'Step 1: load user info.',
          invoke: {
            id: 'fetchUserInfo',
            src: 'fetchUserInfo',
            onDone: [
              {
                guard: ({ event }) => event.output.userInfo.mustChangePassword === true,
                target: 'changingPassword',
                actions: assign({ userInfo: ({ event }) => event.output.userInfo, tokenExpire: ({ event }) => event.output.tokenExpire }),
              },
              {
                target: 'permissions',
                actions: assign({ userInfo: ({ event }) => event.output.userInfo, tokenExpire: ({ event }) => event.output.tokenExpire }),
              },
            ],
            onError: [{ guard: 'isExpiredError', target: '#session.expired' }, FAILED],
          },
        },
        changingPassword: {
          description:
            'Step 1b: the password was chosen or seen by someone else (an administrator, an import, a new tenant). It is replaced before the menu loads; the server answers nothing else meanwhile.',
          on: {
            PASSWORD_CHANGED: {
              target: 'permissions',
              // The flag goes: the user info is then as any other session's.
              actions: assign({
                userInfo: ({ context }) => {
                  if (!context.userInfo) return null;
                  const { mustChangePassword: _changed, ...rest } = context.userInfo;
                  return rest;
                },
              }),
            },
            LOGOUT: { target: '#session.anonymous', actions: ['clearSession', 'resetSession', 'goToLogin'] },
          },
        },
        permissions: {
          description: 'Step 2: initialise user permissions; the result must be ok.',
          invoke: {
            id: 'initUserPermission',
            src: 'initUserPermission',
            onDone: 'menu',
            onError: [{ guard: 'isExpiredError', target: '#session.expired' }, FAILED],
          },
        },
        menu: {
          description: 'Step 3: load the menu tree the server builds from the permissions.',
          invoke: {
            id: 'fetchMenu',
            src: 'fetchMenu',
            onDone: { target: 'routing', actions: assign({ menu: ({ event }) => event.output }) },
            onError: [{ guard: 'isExpiredError', target: '#session.expired' }, FAILED],
          },
        },
        routing: {
          description: 'Step 4: add the routes built from the menu.',
          invoke: {
            id: 'addRoutes',
            src: 'addRoutes',
            input: ({ context }) => ({ menu: context.menu }),
            onDone: { target: 'ready', actions: assign({ routes: ({ event }) => event.output }) },
            onError: FAILED,
          },
        },
        ready: {
          description: 'Step 5 done on entry: navigation is replayed; the console is in use and keeps an access token.',
          entry: 'replayNavigation',
          // Both live as long as the session is in use; the app reaches them as children of the session.
          invoke: [
            { id: 'accessToken', src: 'accessToken' },
            { id: 'countdown', src: 'countdown', input: ({ context }) => ({ seconds: context.tokenExpire }) },
            { id: 'sessionEvents', src: 'sessionEvents' },
          ],
          type: 'parallel',
          states: {
            menu: {
              initial: 'current',
              states: {
                current: {
                  description: 'Menu, routes and buttons are as the server last said.',
                  on: { PERMISSIONS_CHANGED: 'refreshing' },
                },
                refreshing: {
                  description:
                    'Steps 2 to 4 again after the server said the permissions changed; the old menu stays on screen until the new one is there.',
                  invoke: {
                    id: 'refreshPermissions',
                    src: 'refreshPermissions',
                    onDone: {
                      target: 'current',
                      actions: [
                        assign({ menu: ({ event }) => event.output.menu, routes: ({ event }) => event.output.routes }),
                        { type: 'permissionsRefreshed', params: ({ event }) => ({ routes: event.output.routes }) },
                      ],
                    },
                    onError: [
                      { guard: 'isExpiredError', target: '#session.expired' },
                      // The old menu stays; the next change or the next start tries again (logged only).
                      { target: 'current', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
                    ],
                  },
                  // Another change while rebuilding: start over, so the last change always wins.
                  on: { PERMISSIONS_CHANGED: { target: 'refreshing', reenter: true } },
                },
              },
            },
            params: {
              description: 'The tenant parameters (watermark, time zone): read on entry and again when the server says they changed.',
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchTenantParams',
                    src: 'fetchTenantParams',
                    onDone: { target: 'loaded', actions: assign({ tenantParams: ({ event }) => event.output }) },
                    // Logged only; the parameters stay as they were (the watermark off at first).
                    onError: { target: 'loaded', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                loaded: {},
              },
              // A change while reading: read again, so the last change always wins.
              on: { TENANT_PARAMS_CHANGED: { target: '.loading', reenter: true } },
            },
          },
          on: {
            LOGOUT: 'loggingOut',
            SWITCH_ACCOUNT: {
              target: '#session.loggingIn',
              actions: [{ type: 'rememberAccount', params: ({ event }) => ({ userName: event.userName }) }, 'resetSession'],
            },
            COUNTDOWN_ENDED: { target: '#session.expired', actions: assign({ error: SESSION_ENDED }) },
            USER_INFO_REFRESHED: [
              { guard: 'phoneSwitched', actions: 'reloadForAccountSwitch' },
              { actions: assign({ userInfo: ({ event }) => event.userInfo, tokenExpire: ({ event }) => event.tokenExpire }) },
            ],
            DISMISS_NOTICE: { actions: assign({ notice: null }) },
          },
        },
        loggingOut: {
          description: 'The logout machine asks the server; only data 200 ends the session.',
          // A call sent before the logout and answered after it meets the ended session (401): the logout the user
          // asked for finishes, rather than an expiry that sends them to /login with a redirect.
          on: { EXPIRED: { target: '#session.anonymous', actions: ['clearSession', 'resetSession', 'goToLogin'] } },
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: [
              { guard: 'logoutSucceeded', target: '#session.anonymous', actions: ['clearSession', 'resetSession', 'goToLogin'] },
              { target: 'ready', actions: assign({ notice: ({ event }) => event.output.message ?? null }) },
            ],
          },
        },
        failed: {
          description: 'User info, permissions or menu could not be loaded (logged only); retry or leave.',
          on: {
            RETRY: { target: 'booting', actions: assign({ error: null }) },
            LOGOUT: { target: '#session.anonymous', actions: ['clearSession', 'resetSession', 'goToLogin'] },
          },
        },
      },
    },
    expired: {
      description: 'The server said the session is over (401): menu, routes and user info are cleared; sign in again.',
      // No navigation here: the route guard sends the user to /login with the current path as redirect.
      entry: ['clearSession', 'resetSession'],
      on: { LOGIN: 'loggingIn' },
    },
  },
});
