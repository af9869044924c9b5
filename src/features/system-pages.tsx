import { Button } from '@fluentui/react-components';
import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { AppRoute } from '@/menu/menu-model.ts';
import { useT } from '@/i18n/use-t.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import { FullPageSpinner, StatusScreen } from '@/shell/layout/status-screens.tsx';
import { PageRouteContext } from '@/shell/session/permission-button.tsx';
import { viewFor } from './registry.ts';
import { ModuleNotInstalled } from './not-installed.tsx';

export { ModuleNotInstalled };
import { ChunkLoadError } from '@/lib/chunk-load.ts';
import { messageOf, reportError } from '@/lib/error-bus.ts';

/** A route of the spec's fixed table, shaped like a menu route so the same view machinery renders it. */
export function fixedRoute(path: string, title: string, component: string, trail: string[] = []): AppRoute {
  const name = path.split('/').pop() ?? '';
  return { path, name, title, component, hidden: true, needButtonPermission: false, buttons: [], trail, menuId: null, section: '' };
}

/** A status screen whose one way on is the landing page. */
function BackHomeScreen({ title, hint }: { title: MessageKey; hint: MessageKey }) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <StatusScreen title={t(title)} hint={t(hint)}>
      <Button appearance="primary" onClick={() => navigate('/')}>
        {t('backHome')}
      </Button>
    </StatusScreen>
  );
}

export const NotFound = () => <BackHomeScreen title="notFound" hint="notFoundHint" />;

/**
 * A fixed route that belongs to pages of the menu the user does not hold: said on the page, before any
 * call is refused (the server checks the same pages).
 */
export const NoPermissionPage = () => <BackHomeScreen title="noPermission" hint="noPermissionHint" />;

export function EmptyMenu() {
  const t = useT();
  return <StatusScreen title={t('none')} hint={t('emptyMenu')} />;
}

class ViewErrorBoundary extends Component<{ children: ReactNode; fallback: (error: Error) => ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    // The error log hears of it (the app's reporter): a chunk that failed, or a page's own bug.
    reportError({ message: messageOf(error), kind: error instanceof ChunkLoadError ? 'chunk' : 'error' });
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Renders the page module a route names, lazily. A module that fails or times out (120 s) shows an error
 * with reload in the content area only; the boundary is per route, so the rest of the shell and other pages work.
 */
export function RouteView({ route }: { route: AppRoute }) {
  const t = useT();
  const View = viewFor(route.component);
  if (!View) return <ModuleNotInstalled title={route.title} path={route.path} component={route.component} />;
  return (
    <ViewErrorBoundary
      key={route.path}
      fallback={(error) => (
        <StatusScreen
          title={t('loadFailed')}
          hint={
            error instanceof ChunkLoadError
              ? t(error.kind === 'timeout' ? 'chunkTimeout' : error.kind === 'css' ? 'chunkCssFailed' : 'chunkFailed')
              : error.message
          }
        >
          <Button appearance="primary" onClick={() => location.reload()}>
            {t('reload')}
          </Button>
        </StatusScreen>
      )}
    >
      <PageRouteContext value={route}>
        <Suspense fallback={<FullPageSpinner />}>
          <View route={route} />
        </Suspense>
      </PageRouteContext>
    </ViewErrorBoundary>
  );
}
