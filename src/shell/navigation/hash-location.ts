import { useSyncExternalStore } from 'react';
import { splitHash } from '@/lib/redirect.ts';

/**
 * Hash routing with the query inside the hash, as the product's links are written: /#/login?redirect=%2Fmanage.
 * wouter's own hash hook puts the query before the '#', which would break those links; this one keeps it after.
 */
const subscribe = (cb: () => void) => {
  addEventListener('hashchange', cb);
  addEventListener('popstate', cb);
  return () => {
    removeEventListener('hashchange', cb);
    removeEventListener('popstate', cb);
  };
};

const currentPath = () => splitHash(location.hash)[0];
const currentSearch = () => splitHash(location.hash)[1];

/** Goes to an in-app path (with an optional ?query), pushing history unless replace is set. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(location.href);
  url.hash = `#${to.startsWith('/') ? to : `/${to}`}`;
  if (url.href === location.href) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange'));
}

export const useHashPath = (): [string, typeof navigate] => [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
export const useHashSearch = (): string => useSyncExternalStore(subscribe, currentSearch, () => '');

/** The current in-app path and query, as they go into a redirect query. */
export const currentHashTarget = (): string => {
  const [path, search] = splitHash(location.hash);
  return search ? `${path}?${search}` : path;
};

/**
 * The query each path was last shown with in this page load. A page the keep-alive does not keep comes back from
 * its tab, or the side menu, as it was left (its filters, its page), as a kept one does.
 */
const lastSearch = new Map<string, string>();
const remember = () => {
  const [path, search] = splitHash(location.hash);
  lastSearch.set(path, search);
};
if (typeof window !== 'undefined' && typeof addEventListener === 'function') {
  addEventListener('hashchange', remember);
  addEventListener('popstate', remember);
  remember();
}

/** `path` with the query it was last shown with, if any: where a tab or a menu entry takes the user back to. */
export const withLastSearch = (path: string): string => {
  const search = lastSearch.get(path);
  return search ? `${path}?${search}` : path;
};
