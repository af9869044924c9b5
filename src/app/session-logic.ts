import { onlineApi } from '@/api/table/logs.ts';
import { fromCallback, fromPromise } from 'xstate';
import { DEFAULT_TIME_ZONE, sessionMachine, type PermissionsOutput } from '@machines/session.machine.ts';
import { logoutMachine } from '@machines/logout.machine.ts';
import type { ApiClient } from '@/api/client.ts';
import {
  fetchMenuTree,
  fetchSettings,
  fetchUserInfo,
  initUserPermission,
  login,
  loginByUserToken,
  requestLogout,
} from '@/api/calls/session/session-calls.ts';
import { STORAGE_KEYS, type KeyValueStore } from '@/api/storage.ts';
import type { MenuModel } from '@/menu/menu-model.ts';

// The menu model is built once signed in: its module travels with the shell, not with the login route. Its titles
// are in the console's language (an entry's English name where it has one).
const buildMenuModel = async (menu: Parameters<typeof import('@/menu/menu-model.ts').buildMenuModel>[0], english: boolean) =>
  (await import('@/menu/menu-model.ts')).buildMenuModel(menu, undefined, english);
import { safeRedirect, splitHash } from '@/lib/redirect.ts';
import { isTimeZone } from '@/lib/time.ts';
import { localizeStored } from '@/i18n/use-t.ts';
import { readLanguage } from '@/i18n/messages.ts';
import { loadSignedIn } from './load-signed-in.ts';
import { navigate } from '@/shell/navigation/hash-location.ts';
import { accessTokenMachine } from '@machines/access-token.machine.ts';
import { countdownMachine } from '@machines/countdown.machine.ts';
import { createRefreshToken, type TabCoordination } from './access-token-logic.ts';
import { subscribeSessionEvents } from '@/api/session-events.ts';
import { classifyAnswer } from '@/api/errors.ts';
import { failureSink } from './failure-sink.ts';

const PUBLIC_PATHS = ['/login', '/register', '/find-password'];
/** Routes that do not come from the menu: they stay whatever the permissions. */
const FIXED_PATHS = ['/user-center/user-info', '/setting-camp', '/data-statistics/mall-statistics', '/redirect'];
export const PAGE_REVOKED = '您的权限已变更，当前页面已不可用，已返回首页';

/** The session machine with the app's actors: real calls, real storage, real navigation. */
/** The boot's calls, started early (see createSessionLogic). */
export interface EarlyBoot {
  userInfo?: Promise<Awaited<ReturnType<typeof fetchUserInfo>>>;
  permissions?: Promise<void>;
  menu?: Promise<Awaited<ReturnType<typeof fetchMenuTree>>>;
}

/** Starts the boot's calls for a stored session: user info beside permissions -> menu. Unused ones fail silently. */
export function startEarlyBoot(api: ApiClient): EarlyBoot {
  const userInfo = fetchUserInfo(api);
  const permissions = initUserPermission(api);
  const menu = permissions.then(() => fetchMenuTree(api));
  for (const p of [userInfo, permissions, menu]) p.catch(() => {}); // never an unhandled rejection
  return { userInfo, permissions, menu };
}

export function createSessionLogic(
  api: ApiClient,
  store: KeyValueStore,
  tabs: TabCoordination,
  /**
   * For a stored session, main.tsx starts the boot's calls before the page has rendered: user info, and beside it
   * permissions then menu (in SPEC's order: the menu is asked for only after initUserPermission answered). The
   * first boot takes them; a failed one is asked again by the boot itself, so failures are met as they always are.
   */
  early: EarlyBoot = {},
) {
  const english = () => readLanguage(store.getItem(STORAGE_KEYS.language)) === 'en';
  const take = <T>(key: keyof EarlyBoot, call: () => Promise<T>): Promise<T> => {
    const taken = early[key] as Promise<T> | undefined;
    delete early[key];
    return taken ? taken.catch(() => call()) : call();
  };
  const dropAccessToken = () => {
    store.removeItem(STORAGE_KEYS.accessToken);
    store.removeItem(STORAGE_KEYS.accessTokenDeadline);
  };
  return sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => {
        // The shell's chunk downloads while the password is checked.
        void loadSignedIn().catch(() => {});
        return login(api, input);
      }),
      loginByUserToken: fromPromise(({ input }) => loginByUserToken(api, input.userToken)),
      fetchUserInfo: fromPromise(() => take('userInfo', () => fetchUserInfo(api))),
      initUserPermission: fromPromise(() => take('permissions', () => initUserPermission(api))),
      fetchMenu: fromPromise(() => take('menu', () => fetchMenuTree(api))),
      // The routes, and the shell that renders them: `ready` paints the layout at once (load-signed-in.ts).
      addRoutes: fromPromise(async ({ input }) => (await Promise.all([buildMenuModel(input.menu, english()), loadSignedIn()]))[0]),
      refreshPermissions: fromPromise(async (): Promise<PermissionsOutput> => {
        await initUserPermission(api);
        const menu = await fetchMenuTree(api);
        return { menu, routes: await buildMenuModel(menu, english()) };
      }),
      fetchTenantParams: fromPromise(async () => {
        const params = await fetchSettings(api, 'scrm_overall_params');
        return {
          enableWaterMark: params.enableWaterMark === true,
          timeZone: isTimeZone(params.timeZone) ? params.timeZone : DEFAULT_TIME_ZONE,
        };
      }),
      logout: logoutMachine.provide({ actors: { requestLogout: fromPromise(() => requestLogout(api)) } }),
      accessToken: accessTokenMachine.provide({ actors: { refreshToken: createRefreshToken(api, store, tabs) } }),
      // A session ended elsewhere (force logout) is told at once, and handled like the 401 a call would get; a change
      // of this user's permissions, roles or menu rebuilds them in place; a change of the tenant's parameters
      // reads them again.
      sessionEvents: fromCallback(({ sendBack }) =>
        subscribeSessionEvents({
          store,
          onEvent: (event, data) => {
            if (event === 'permissions') return sendBack({ type: 'PERMISSIONS_CHANGED' });
            if (event === 'settings') return sendBack({ type: 'TENANT_PARAMS_CHANGED' });
            if (event !== 'revoked') return;
            // the event's data says why (an administrator forced it off), as the 401 of the next call would
            const reason = typeof data === 'object' && data !== null ? (data as { reason?: unknown }).reason : undefined;
            const failure = classifyAnswer({ result: 401, errmsg: 'userToken失效', reason })!;
            failureSink.handle(failure, { path: onlineApi.events.path, quiet: false, fieldErrors: false, accessToken: null });
          },
        }),
      ),
      countdown: countdownMachine.provide({ actors: { fetchUserInfo: fromPromise(() => fetchUserInfo(api)) } }),
    },
    actions: {
      // A new session never carries another session's access token.
      persistToken: (_, { token }) => {
        store.setItem(STORAGE_KEYS.userToken, token);
        dropAccessToken();
      },
      clearSession: () => {
        store.removeItem(STORAGE_KEYS.userToken);
        dropAccessToken();
        api.forgetKept();
      },
      // back to where the user was headed, when that was an in-app path.
      replayNavigation: () => {
        const [path, search] = splitHash(location.hash);
        if (!PUBLIC_PATHS.includes(path)) return;
        navigate(safeRedirect(new URLSearchParams(search).get('redirect')) ?? '/', { replace: true });
      },
      goToLogin: () => navigate('/login'),
      // The page on screen lost its menu entry: go to the first leaf and say why (buttons of pages that remain
      // enable or disable in place, as they read the new routes).
      permissionsRefreshed: (_, { routes }) => {
        const model = routes as MenuModel;
        const [path] = splitHash(location.hash);
        if (FIXED_PATHS.some((p) => path === p || path.startsWith(`${p}/`)) || model.routes.some((r) => r.path === path)) return;
        navigate(model.home ?? '/', { replace: true });
        failureSink.handle(
          { kind: 'error', message: PAGE_REVOKED, duration: 5000, level: 'warning' },
          { path: onlineApi.events.path, quiet: false, fieldErrors: false, accessToken: null },
        );
      },
      reportFailure: (_, { error }) => console.error('[session]', error),
      // another account is signed in (e.g. in another tab). The hash is dropped when the URL has a query.
      rememberAccount: (_, { userName }) => store.setItem(STORAGE_KEYS.rememberedAccount, userName),
      reloadForAccountSwitch: () => {
        alert(localizeStored('已切换账户，请刷新页面', store.getItem(STORAGE_KEYS.language)));
        if (location.search) location.href = location.origin + location.pathname + location.search;
        else location.reload();
      },
    },
  });
}
