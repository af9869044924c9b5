import { FluentProvider, Toaster, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import type { MenuModel } from '../menu/menu-model.ts';
import { LanguageContext, SetLanguageContext, useT } from '../i18n/use-t.ts';
import { STORAGE_KEYS } from '../api/storage.ts';
import { useCallback, useState } from 'react';
import type { Language } from '../i18n/messages.ts';
import { loginPathFor } from '../lib/redirect.ts';
import { useHashPath, useHashSearch } from '../shell/hash-location.ts';
import { Layout } from '../shell/layout.tsx';
import { KeepAliveOutlet } from '../shell/keep-alive.tsx';
import { LoginPage } from '../shell/public-pages.tsx';
import { FindPasswordPage, RegisterPage } from '../shell/account-pages.tsx';
import { SessionContext } from '../shell/session-context.ts';
import { FailureScreen, FullPageSpinner } from '../shell/status-screens.tsx';
import { EmptyMenu, NotFound, RouteView, fixedRoute } from '../views/system-pages.tsx';
import { TOASTER_ID } from '../shell/toast.tsx';
import { LoadingOverlay } from '../shell/loading.tsx';
import { FailureBridge } from './failure-bridge.tsx';
import { SetThemeContext, ThemeContext, type ThemeName } from '../shell/theme.ts';

/** The fixed routes of SPEC 2 that live inside the layout, before the menu's runtime routes. */
function ContentRoutes({ model }: { model: MenuModel }) {
  const [path] = useLocation();
  const t = useT();
  return (
    <KeepAliveOutlet model={model} path={path} render={(r) => <RouteView route={r} />}>
      <Switch>
        <Route path="/">{model.home ? <Redirect to={model.home} replace /> : <EmptyMenu />}</Route>
        <Route path="/redirect/*">{(params) => <Redirect to={`/${params['*'] ?? ''}`} replace />}</Route>
        <Route path="/user-center/user-info">
          <RouteView route={fixedRoute('/user-center/user-info', t('userInfo'), 'user-center/user-info')} />
        </Route>
        <Route path="/setting-camp">
          <Redirect to="/setting-camp/campaign-info" replace />
        </Route>
        <Route path="/setting-camp/campaign-info">
          <RouteView
            route={fixedRoute('/setting-camp/campaign-info', t('campaignInfo'), 'content-manage/campaign-info', [t('settingCamp')])}
          />
        </Route>
        <Route path="/data-statistics">
          <Redirect to="/data-statistics/mall-statistics" replace />
        </Route>
        {model.routes.map((r) => (
          <Route key={r.path} path={r.path}>
            <RouteView route={r} />
          </Route>
        ))}
        <Route path="/data-statistics/mall-statistics">
          <RouteView
            route={fixedRoute('/data-statistics/mall-statistics', t('mallStatistics'), 'data-statistics/mall-statistics', [
              t('dataCenter'),
            ])}
          />
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </KeepAliveOutlet>
  );
}

/** Everything behind login: redirect when there is no session, wait while it boots, then the layout. */
function Protected() {
  const [path] = useLocation();
  const search = useSearch();
  const state = SessionContext.useSelector((s) => s);
  const session = SessionContext.useActorRef();
  if (state.matches('anonymous') || state.matches('expired') || state.matches('loggingIn')) {
    return <Redirect to={loginPathFor(search ? `${path}?${search}` : path)} replace />;
  }
  if (state.matches({ authenticated: 'failed' })) {
    return <FailureScreen onRetry={() => session.send({ type: 'RETRY' })} onLogout={() => session.send({ type: 'LOGOUT' })} />;
  }
  const model = state.context.routes as MenuModel | null;
  if (!model || !(state.matches({ authenticated: 'ready' }) || state.matches({ authenticated: 'loggingOut' }))) return <FullPageSpinner />;
  return (
    <Layout model={model}>
      <ContentRoutes model={model} />
    </Layout>
  );
}

export function App({ language: initialLanguage, theme: initialTheme = 'light' }: { language: Language; theme?: ThemeName }) {
  const [language, setLanguageState] = useState(initialLanguage);
  const [theme, setThemeState] = useState(initialTheme);
  // The user's choice is kept; until then the system's preference decides (main.tsx reads both).
  const setTheme = useCallback((next: ThemeName) => {
    localStorage.setItem(STORAGE_KEYS.theme, next);
    document.documentElement.style.colorScheme = next;
    setThemeState(next);
  }, []);
  // SPEC 4: the language is kept in local storage.
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEYS.language, next);
    document.documentElement.lang = next === 'en' ? 'en' : 'zh-CN';
    setLanguageState(next);
  }, []);
  return (
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} style={{ minHeight: '100vh' }}>
      <ThemeContext.Provider value={theme}>
        <SetThemeContext.Provider value={setTheme}>
          <SetLanguageContext.Provider value={setLanguage}>
            <LanguageContext.Provider value={language}>
              <Toaster toasterId={TOASTER_ID} position="top" />
              <FailureBridge />
              {/* inside the theme: the overlay's tokens are the theme's */}
              <LoadingOverlay />
              <Router hook={useHashPath} searchHook={useHashSearch} hrefs={(href) => `#${href}`}>
                <Switch>
                  <Route path="/login">
                    <LoginPage />
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
