import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../lib/chunk-load.ts';
import type { ViewProps } from './view-props.ts';

type Loader = () => Promise<{ default: ComponentType<ViewProps> }>;

/**
 * Page modules by the menu's `component` name. Each group of SPEC 2 is its own chunk, loaded when first opened.
 * A component name missing here renders the honest "module not installed" page (DECISIONS.md).
 */
const loaders: Record<string, Loader> = {
  'user-center/user-info': () => import('./user-center/user-info.tsx'),
  'manage/users': () => import('./manage/users.tsx'),
  'manage/roles': () => import('./manage/roles.tsx'),
};

const cache = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

export function viewFor(component: string): LazyExoticComponent<ComponentType<ViewProps>> | null {
  const load = loaders[component];
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

export const installedViews = (): string[] => Object.keys(loaders);
