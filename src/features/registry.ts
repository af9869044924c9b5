import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '@/lib/chunk-load.ts';
import type { ViewProps } from './view-props.ts';
import type { InstalledView } from './view-names.ts';

type Loader = () => Promise<{ default: ComponentType<ViewProps> }>;

/**
 * Page modules by the menu's `component` name. Each group is its own chunk, loaded when first opened.
 * A component name missing here is the records page's: it renders the meta table the tenant's data dictionary
 * gives that component, and the honest "module not installed" page when there is none (DECISIONS.md).
 */
const loaders: Record<InstalledView, Loader> = {
  'user-center/user-info': () => import('./user-center/user-info.tsx'),
  'manage/users': () => import('./users/page.tsx'),
  'manage/roles': () => import('./roles/page.tsx'),
  'manage/parameters': () => import('./parameters/page.tsx'),
  'manage/menu-list': () => import('./menus/page.tsx'),
  'manage/interface-list': () => import('./interfaces/page.tsx'),
  'manage/tenant-pages': () => import('./tenant-pages/page.tsx'),
  'tenant-manage/tenant-list': () => import('./tenants/page.tsx'),
  'manage/meta-data': () => import('./dictionary/page.tsx'),
  'manage/mongo-tables': () => import('./collections/page.tsx'),
  'manage/logs': () => import('./logs/page.tsx'),
  'manage/tasks': () => import('./tasks/page.tsx'),
  'manage/sms-platform': () => import('./sms-platforms/page.tsx'),
  'open-platform/api-key': () => import('./api-keys/page.tsx'),
  'open-platform/subscription': () => import('./webhooks/page.tsx'),
  'data-statistics/dashboard': () => import('./statistics/dashboard.tsx'),
  'data-statistics/mall-statistics': () => import('./statistics/mall-statistics.tsx'),
  'base-info/department': () => import('./departs/page.tsx'),
  'base-info/staff-mng': () => import('./staff/page.tsx'),
  'open-platform/user-api-doc': () => import('./api-doc/page.tsx'),
  'user-center/set-password': () => import('./user-center/set-password.tsx'),
  'template/custom-page': () => import('./pages/page.tsx'),
  'content-manage/campaign-info': () => import('./campaigns/campaign-info.tsx'),
  'content-manage/lottery': () => import('./campaigns/campaign-list.tsx'),
  'content-manage/vote': () => import('./campaigns/campaign-list.tsx'),
  'content-manage/check-in': () => import('./campaigns/campaign-list.tsx'),
  'content-manage/cashback': () => import('./campaigns/campaign-list.tsx'),
  'content-manage/fission': () => import('./campaigns/campaign-list.tsx'),
  'campaign-audit/list': () => import('./campaigns/campaign-audit.tsx'),
};

/** Any other component: the records page, which renders the tenant's meta table of that component, if any. */
const records: Loader = () => import('./records/records-page.tsx');

const cache = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

export function viewFor(component: string): LazyExoticComponent<ComponentType<ViewProps>> | null {
  const load = (loaders as Record<string, Loader | undefined>)[component] ?? (component ? records : undefined);
  if (!load) return null;
  let view = cache.get(component);
  if (!view) {
    // A failed load is forgotten, so a chunk that was only slow can load when the page is opened again (a chunk
    // the browser failed to fetch stays failed in its module map until the reload the error screen offers).
    view = lazy(() =>
      loadChunk(load).catch((err: unknown) => {
        cache.delete(component);
        throw err;
      }),
    );
    cache.set(component, view);
  }
  return view;
}
