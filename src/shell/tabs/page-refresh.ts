import { useSyncExternalStore } from 'react';

/** How many times each page was reloaded from its tab: a page is mounted under its count, so a new count remounts it. */
const counts = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** 重新加载: the page at `path` mounts afresh (its state and rows reloaded; its query, in the address, stays). */
export function reloadPage(path: string): void {
  counts.set(path, (counts.get(path) ?? 0) + 1);
  version += 1;
  for (const l of listeners) l();
}

/** The key a page at a path mounts under; it changes when the page is reloaded from its tab. */
export function usePageKeys(): (path: string) => string {
  useSyncExternalStore(subscribe, () => version);
  return (path) => String(counts.get(path) ?? 0);
}
