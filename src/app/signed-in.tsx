import { lazy, useContext, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { splitHash } from '@/lib/redirect.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useHashSearch } from '@/shell/navigation/hash-location.ts';
import { installOperationLog } from './operation-log.ts';
import { OperationOutcomeContext } from '@/shell/operation-outcome.ts';
import type { MenuModel } from '@/menu/menu-model.ts';
import { useT } from '@/i18n/use-t.ts';
import { Layout } from '@/shell/layout/layout.tsx';
import type { ShellScreens } from '@/shell/layout/screens.ts';
import { KeepAliveOutlet } from '@/shell/tabs/keep-alive.tsx';
import { EmptyMenu, NoPermissionPage, NotFound, RouteView, fixedRoute } from '@/features/system-pages.tsx';
import { CAMPAIGN_PAGES } from '@/api/rules/campaign-pages.ts';

/** A fixed route shown only to holders of one of the menu pages (by component) whose calls it makes. */
function HoldersOnly({ model, pages, children }: { model: MenuModel; pages: readonly string[]; children: ReactNode }) {
  return model.routes.some((r) => pages.includes(r.component)) ? children : <NoPermissionPage />;
}

/** The fixed routes that live inside the layout, before the menu's runtime routes. */
function ContentRoutes({ model }: { model: MenuModel }) {
  const [path] = useLocation();
  const search = useHashSearch();
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
          {/* the campaign's id or type goes along (/setting-camp?id=) */}
          <Redirect to={`/setting-camp/campaign-info${search ? `?${search}` : ''}`} replace />
        </Route>
        <Route path="/setting-camp/campaign-info">
          <HoldersOnly model={model} pages={CAMPAIGN_PAGES}>
            <RouteView
              route={fixedRoute('/setting-camp/campaign-info', t('campaignInfo'), 'content-manage/campaign-info', [t('settingCamp')])}
            />
          </HoldersOnly>
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
          <HoldersOnly model={model} pages={['data-statistics/mall-statistics']}>
            <RouteView
              route={fixedRoute('/data-statistics/mall-statistics', t('mallStatistics'), 'data-statistics/mall-statistics', [
                t('dataCenter'),
              ])}
            />
          </HoldersOnly>
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </KeepAliveOutlet>
  );
}

/**
 * What the layout opens over the pages, each a chunk loaded when first opened: the online-user drawer (a table,
 * pager and dialogs from the page kit) and, for engineers, the event journal's panel.
 */
const screens: ShellScreens = {
  OnlineUsers: lazy(() => import('@/features/online/drawer.tsx').then((m) => ({ default: m.OnlineUsersDrawer }))),
  JournalPanel: lazy(() => import('@/journal/panel/journal-panel.tsx')),
};

/** The signed-in console: the layout around the content routes (a chunk of its own, see app.tsx). */
export default function SignedIn({ model }: { model: MenuModel }) {
  return (
    <Layout model={model} screens={screens}>
      <OperationLogger />
      <ContentRoutes model={model} />
    </Layout>
  );
}

/** Posts the operation log for tracked clicks, with the page and menu of the current route (signed in only). */
function OperationLogger() {
  const api = useApi();
  const outcomes = useContext(OperationOutcomeContext);
  const session = SessionContext.useActorRef();
  useEffect(
    () =>
      installOperationLog(
        api,
        () => ({
          model: session.getSnapshot().context.routes as MenuModel | null,
          path: splitHash(location.hash)[0],
        }),
        outcomes,
      ),
    [api, session, outcomes],
  );
  return null;
}
