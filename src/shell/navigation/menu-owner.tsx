import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';

/** A page outside the menu and the menu page it belongs to (the wizard and its campaign list). */
export interface MenuOwner {
  /** the path of the page that said so */
  at: string;
  /** the menu page to highlight while that page is on screen */
  owner: string;
}

const Ctx = createContext<{ owner: MenuOwner | null; set: (o: MenuOwner | null) => void }>({ owner: null, set: () => {} });

export function MenuOwnerProvider({ children }: { children: ReactNode }) {
  const [owner, set] = useState<MenuOwner | null>(null);
  return <Ctx.Provider value={{ owner, set }}>{children}</Ctx.Provider>;
}

/** The menu page to highlight for `path`: the owner a page on `path` named, else `path` itself. */
export function useHighlightedPath(path: string): string {
  const { owner } = useContext(Ctx);
  return owner && owner.at === path ? owner.owner : path;
}

/**
 * A page the menu does not list names the menu page it belongs to, so the side menu highlights that one (vben's
 * `activeMenu`). It counts only while the page's own path is on screen, so a kept page cannot hold it.
 * @example useMenuOwner(usePagePath('content-manage/lottery'))
 */
export function useMenuOwner(owner: string | null): void {
  const { set } = useContext(Ctx);
  const [at] = useLocation();
  useEffect(() => {
    if (!owner) return;
    set({ at, owner });
    return () => set(null);
  }, [set, at, owner]);
}
