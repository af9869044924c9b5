import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ViewProps } from './view-props.ts';

type Loader = () => Promise<{ default: ComponentType<ViewProps> }>;

/**
 * Page modules by the menu's `component` name. Each group of SPEC 2 is its own chunk, loaded when first opened.
 * A component name missing here renders the honest "module not installed" page (DECISIONS.md).
 */
const loaders: Record<string, Loader> = {
  'user-center/user-info': () => import('./user-center/user-info.tsx'),
};

const cache = new Map<string, LazyExoticComponent<ComponentType<ViewProps>>>();

export function viewFor(component: string): LazyExoticComponent<ComponentType<ViewProps>> | null {
  const load = loaders[component];
  if (!load) return null;
  let view = cache.get(component);
  if (!view) {
    view = lazy(load);
    cache.set(component, view);
  }
  return view;
}

export const installedViews = (): string[] => Object.keys(loaders);
