import { FluentProvider } from '@fluentui/react-components';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import type { MenuModel } from '@/menu/menu-model.ts';
import { LanguageContext, SetLanguageContext } from '@/i18n/use-t.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';
import { Suspense, lazy, useCallback, useState } from 'react';
import { loadDictionary, type Language } from '@/i18n/messages.ts';
import { loginPathFor } from '@/lib/redirect.ts';
import { useHashPath, useHashSearch } from '@/shell/navigation/hash-location.ts';
import { LoginPage } from '@/shell/public/public-pages.tsx';
import { SessionContext } from '@/shell/session/session-context.ts';
import { FailureScreen, FullPageSpinner } from '@/shell/layout/status-screens.tsx';
import { Toasts, type ToasterPreload } from '@/shell/toast.tsx';
import { LoadingOverlay } from '@/shell/layout/loading.tsx';
import { FailureBridge } from './failure-bridge.tsx';
import { SetThemeContext, ThemeContext, fluentTheme, loadTheme, type ThemeName } from '@/shell/theme.ts';
import { loadSignedIn, loadedSignedIn, signedInFailed } from './load-signed-in.ts';

// The login route carries only what it shows: the signed-in shell (layout, menu, palette, pages) and the account
// pages are their own chunks. A stored session starts fetching the shell before it has booted (main.tsx).
const SignedIn = lazy(loadSignedIn);
const RegisterPage = lazy(() => import('@/shell/public/account-pages.tsx').then((m) => ({ default: m.RegisterPage })));
const InitialPassword = lazy(() => import('@/features/user-center/initial-password.tsx'));
const FindPasswordPage = lazy(() => import('@/shell/public/account-pages.tsx').then((m) => ({ default: m.FindPasswordPage })));

/** The failure screen's 重试: boot again, or reload when the shell's chunk failed (it stays failed in this document). */
function useRetryBoot() {
  const session = SessionContext.useActorRef();
  return useCallback(() => (signedInFailed() ? location.reload() : session.send({ type: 'RETRY' })), [session]);
}

/** /login, or, signed in with a password someone else chose, its change first (then on to ?redirect). */
function LoginRoute({ onRetry }: { onRetry: () => void }) {
  const changing = SessionContext.useSelector((s) => s.matches({ authenticated: 'changingPassword' }));
  return changing ? (
    <Suspense fallback={<FullPageSpinner />}>
      <InitialPassword />
    </Suspense>
  ) : (
    <LoginPage onRetry={onRetry} />
  );
}

/** Everything behind login: redirect when there is no session, wait while it boots, then the layout. */
function Protected() {
  const [path] = useLocation();
  const search = useSearch();
  // What to show, and the routes: not the whole snapshot, whose every change (the tenant's parameters arriving, a
  // refreshed user info) would render the whole shell again from here.
  const view = SessionContext.useSelector((s) =>
    s.matches('anonymous') || s.matches('expired') || s.matches('loggingIn')
      ? 'login'
      : s.matches({ authenticated: 'failed' })
        ? 'failed'
        : s.matches({ authenticated: 'ready' }) || s.matches({ authenticated: 'loggingOut' })
          ? 'shell'
          : s.matches({ authenticated: 'changingPassword' })
            ? 'password'
            : 'wait',
  );
  const model = SessionContext.useSelector((s) => s.context.routes as MenuModel | null);
  const session = SessionContext.useActorRef();
  const retry = useRetryBoot();
  if (view === 'login') return <Redirect to={loginPathFor(search ? `${path}?${search}` : path)} replace />;
  if (view === 'failed') return <FailureScreen onRetry={retry} onLogout={() => session.send({ type: 'LOGOUT' })} />;
  if (view === 'password')
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <InitialPassword />
      </Suspense>
    );
  if (!model || view !== 'shell') return <FullPageSpinner />;
  const Shell = loadedSignedIn()?.default;
  if (Shell) return <Shell model={model} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedIn model={model} />
    </Suspense>
  );
}

export function App({ language: initialLanguage, theme: initialTheme = 'light' }: { language: Language; theme?: ThemeName }) {
  const [language, setLanguageState] = useState(initialLanguage);
  const [theme, setThemeState] = useState(initialTheme);
  const retryBoot = useRetryBoot();
  // The screen the user came for is decided (not booting): the toaster may load after the shell has painted, or
  // once the user engages a public page (toast.tsx).
  const preload = SessionContext.useSelector((s): ToasterPreload => {
    if (s.matches('anonymous') || s.matches('expired')) return 'engaged';
    return s.matches({ authenticated: 'ready' }) ||
      s.matches({ authenticated: 'failed' }) ||
      s.matches({ authenticated: 'changingPassword' })
      ? 'idle'
      : false;
  });
  // The user's choice is kept; until then the system's preference decides (main.tsx reads both).
  const setTheme = useCallback((next: ThemeName) => {
    localStorage.setItem(STORAGE_KEYS.theme, next);
    document.documentElement.style.colorScheme = next;
    // The dark tokens are their own chunk: switch once they are here.
    void loadTheme(next).then(() => setThemeState(next));
  }, []);
  // the language is kept in local storage.
  const session = SessionContext.useActorRef();
  const setLanguage = useCallback(
    (next: Language) => {
      localStorage.setItem(STORAGE_KEYS.language, next);
      document.documentElement.lang = next === 'en' ? 'en' : 'zh-CN';
      // English is its own chunk: switch once its texts are here. The menu is built again in the new language (its
      // entries' English names), as after a change of permissions.
      void loadDictionary(next).then(() => {
        setLanguageState(next);
        session.send({ type: 'PERMISSIONS_CHANGED' });
      });
    },
    [session],
  );
  return (
    <FluentProvider theme={fluentTheme(theme)} style={{ minHeight: '100vh' }}>
      <ThemeContext.Provider value={theme}>
        <SetThemeContext.Provider value={setTheme}>
          <SetLanguageContext.Provider value={setLanguage}>
            <LanguageContext.Provider value={language}>
              <Toasts preload={preload} />
              <FailureBridge />
              {/* inside the theme: the overlay's tokens are the theme's */}
              <LoadingOverlay />
              <Router hook={useHashPath} searchHook={useHashSearch} hrefs={(href) => `#${href}`}>
                <Switch>
                  <Route path="/login">
                    <LoginRoute onRetry={retryBoot} />
                  </Route>
                  <Route path="/register">
                    <RegisterPage />
                  </Route>
                  <Route path="/find-password">
                    <FindPasswordPage />
                  </Route>
                  <Route>
                    <Protected />
                  </Route>
                </Switch>
              </Router>
            </LanguageContext.Provider>
          </SetLanguageContext.Provider>
        </SetThemeContext.Provider>
      </ThemeContext.Provider>
    </FluentProvider>
  );
}
