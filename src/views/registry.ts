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
  'manage/users': () => import('./manage/users/page.tsx'),
  'manage/roles': () => import('./manage/roles/page.tsx'),
  'manage/parameters': () => import('./manage/parameters/page.tsx'),
  'manage/menu-list': () => import('./manage/menu-list/page.tsx'),
  'manage/interface-list': () => import('./manage/interface-list/page.tsx'),
  'manage/tenant-pages': () => import('./manage/tenant-pages.tsx'),
  'tenant-manage/tenant-list': () => import('./manage/tenant-list/page.tsx'),
  'manage/meta-data': () => import('./manage/meta-data/page.tsx'),
  'manage/mongo-tables': () => import('./manage/mongo-tables/page.tsx'),
  'manage/logs': () => import('./manage/logs/page.tsx'),
  'manage/tasks': () => import('./manage/tasks/page.tsx'),
  'manage/sms-platform': () => import('./manage/sms-platform/page.tsx'),
  'open-platform/api-key': () => import('./open-platform/api-key/page.tsx'),
  'open-platform/subscription': () => import('./open-platform/subscription/page.tsx'),
  'data-statistics/dashboard': () => import('./data-statistics/dashboard.tsx'),
  'data-statistics/mall-statistics': () => import('./data-statistics/mall-statistics.tsx'),
  'base-info/department': () => import('./base-info/department.tsx'),
  'base-info/staff-mng': () => import('./base-info/staff-mng.tsx'),
  'open-platform/user-api-doc': () => import('./open-platform/user-api-doc.tsx'),
  'user-center/set-password': () => import('./user-center/set-password.tsx'),
  'template/custom-page': () => import('./template/custom-page/page.tsx'),
  'content-manage/campaign-info': () => import('./content-manage/campaign-info.tsx'),
  'content-manage/lottery': () => import('./content-manage/campaign-list.tsx'),
  'content-manage/vote': () => import('./content-manage/campaign-list.tsx'),
  'content-manage/check-in': () => import('./content-manage/campaign-list.tsx'),
  'content-manage/cashback': () => import('./content-manage/campaign-list.tsx'),
  'content-manage/fission': () => import('./content-manage/campaign-list.tsx'),
  'campaign-audit/list': () => import('./content-manage/campaign-audit.tsx'),
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
