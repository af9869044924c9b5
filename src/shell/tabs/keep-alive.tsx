import { createActorContext } from '@xstate/react';
import { Fragment, useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { tabsMachine } from '@machines/tabs.machine.ts';
import { KEEP_ALIVE_PAGES, NO_SCROLL_RESET_PAGE, SCROLL_RESET_DELAY_MS } from '@/menu/keep-alive.ts';
import { findRoute, type AppRoute, type MenuModel } from '@/menu/menu-model.ts';
import { KeptVisibleContext } from './kept-visible.ts';
import { usePageKeys } from './page-refresh.ts';
import { STORAGE_KEYS, readStored } from '@/api/storage.ts';

/** The keep-alive list's actor (machines/tabs.machine.ts); the layout provides it. */
export const TabsContext = createActorContext(tabsMachine);

const readList = (key: string): string[] => {
  try {
    const v: unknown = JSON.parse(readStored(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** The kept pages and the open tabs a reload restores. */
export const readTabsInput = () => ({
  pages: readList(STORAGE_KEYS.keepAlivePages),
  tabs: readList(STORAGE_KEYS.openTabs),
  tabsMax: Number(readStored(STORAGE_KEYS.tabsLimit)) || undefined,
});

export const keepAliveLogic = tabsMachine.provide({
  actions: {
    persist: (_, { pages, tabs }) => {
      localStorage.setItem(STORAGE_KEYS.keepAlivePages, JSON.stringify(pages));
      localStorage.setItem(STORAGE_KEYS.openTabs, JSON.stringify(tabs));
    },
  },
});

const cacheable = (route: AppRoute | undefined) => Boolean(route && KEEP_ALIVE_PAGES.has(route.name));

/** The pages to keep mounted now: the machine's list, with the current page already counted in. */
export function useKeptRoutes(model: MenuModel, path: string): AppRoute[] {
  const tabs = TabsContext.useActorRef();
  const pages = TabsContext.useSelector((s) => s.context.pages);
  const max = TabsContext.useSelector((s) => s.context.max);
  const route = findRoute(model, path);
  const isCacheable = cacheable(route);
  useEffect(() => {
    if (route) tabs.send({ type: 'OPEN', path: route.path, cacheable: isCacheable });
  }, [route, isCacheable, tabs]);
  const effective = isCacheable && !pages.includes(path) ? [...pages, path].slice(-max) : pages;
  return effective.map((p) => findRoute(model, p)).filter((r): r is AppRoute => r !== undefined);
}

/**
 * Renders the kept pages, the current one visible and the others hidden but mounted (state kept), and `children`
 * (the ordinary routes) when the current page is not kept.
 */
export function KeepAliveOutlet({
  model,
  path,
  render,
  children,
}: {
  model: MenuModel;
  path: string;
  render: (route: AppRoute) => ReactNode;
  children: ReactNode;
}) {
  const kept = useKeptRoutes(model, path);
  const current = kept.some((r) => r.path === path);
  // A page reloaded from its tab mounts afresh under a new key.
  const keyOf = usePageKeys();
  return (
    <>
      {kept.map((r) => (
        <div key={r.path} hidden={r.path !== path} data-keep-alive={r.path}>
          <KeptVisibleContext.Provider key={keyOf(r.path)} value={r.path === path}>
            {render(r)}
          </KeptVisibleContext.Provider>
        </div>
      ))}
      {!current && <Fragment key={keyOf(path)}>{children}</Fragment>}
    </>
  );
}

/**
 * Scroll on route change: a kept page gets its scroll position back; any other page scrolls to the top
 * 500 ms later, except new-page-content-handle, or when focus has moved into the page by then.
 */
export function useContentScroll(container: RefObject<HTMLElement | null>, model: MenuModel, path: string) {
  const positions = useRef(new Map<string, number>());
  const pages = TabsContext.useSelector((s) => s.context.pages);
  const current = useRef(path);
  // Positions are recorded as the user scrolls: by the time the route changes the old page is already hidden.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onScroll = () => positions.current.set(current.current, el.scrollTop);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [container]);
  const kept = useRef(pages);
  kept.current = pages;
  useLayoutEffect(() => {
    const el = container.current;
    current.current = path;
    if (!el) return;
    const saved = positions.current.get(path);
    if (kept.current.includes(path) && saved !== undefined) {
      el.scrollTop = saved;
      return;
    }
    if (findRoute(model, path)?.name === NO_SCROLL_RESET_PAGE || path.split('/').pop() === NO_SCROLL_RESET_PAGE) return;
    // Focus the user (or the page) moves into the content before the reset scrolled its target into view: jumping
    // to the top then would hide what has focus (and its tooltip), so the reset gives way.
    const onFocus = (e: FocusEvent) => e.target !== el && clearTimeout(timer);
    const timer = setTimeout(() => el.scrollTo({ top: 0 }), SCROLL_RESET_DELAY_MS);
    el.addEventListener('focusin', onFocus);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('focusin', onFocus);
    };
  }, [path, container, model]);
}
