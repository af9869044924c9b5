import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { isButtonPermitted } from '@/menu/button-permission.ts';
import type { AppRoute } from '@/menu/menu-model.ts';

/** A type-2 button a page offers to the command palette: its code (as in the menu), label and handler. */
export interface PageAction {
  code: string;
  label: string;
  run: () => void;
}

/** Holds the actions of the page on screen; pages register on mount and are gone on unmount. */
export class PageActionStore {
  private actions: readonly PageAction[] = [];
  private listeners = new Set<() => void>();
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };
  get = () => this.actions;
  register(actions: readonly PageAction[]): () => void {
    this.actions = [...this.actions, ...actions];
    this.emit();
    return () => {
      this.actions = this.actions.filter((a) => !actions.includes(a));
      this.emit();
    };
  }
  private emit() {
    for (const fn of this.listeners) fn();
  }
}

const Ctx = createContext<PageActionStore | null>(null);

export function PageActionsProvider({ store, children }: { store: PageActionStore; children: ReactNode }) {
  return <Ctx.Provider value={store}>{children}</Ctx.Provider>;
}

/**
 * A page offers its button actions to the palette. Handlers may change between renders; the registration
 * follows the codes and labels only.
 * @example usePageActions([{ code: 'user:add', label: '新增用户', run: openAddDialog }])
 */
export function usePageActions(actions: PageAction[]): void {
  const store = useContext(Ctx);
  const latest = useRef(actions);
  latest.current = actions;
  const key = actions.map((a) => `${a.code}\u0000${a.label}`).join('\u0001');
  useEffect(() => {
    if (!store) return;
    const stable = latest.current.map((a, i) => ({ code: a.code, label: a.label, run: () => latest.current[i]?.run() }));
    return store.register(stable);
  }, [store, key]);
}

/** The registered actions the user may run on this route (a code the route does not grant never shows). */
export function usePermittedPageActions(route: Pick<AppRoute, 'needButtonPermission' | 'buttons'> | undefined): PageAction[] {
  const store = useContext(Ctx);
  const all = useSyncExternalStore(store?.subscribe ?? noopSubscribe, store?.get ?? empty, store?.get ?? empty);
  return useMemo(() => all.filter((a) => isButtonPermitted(route, a.code)), [all, route]);
}

const noopSubscribe = () => () => {};
const none: readonly PageAction[] = [];
const empty = () => none;
