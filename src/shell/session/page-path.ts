import { SessionContext } from './session-context.ts';

/**
 * Where the menu put a page (by its component), or null where this user's menu has no such page: links between
 * pages follow the menu, which an operator may rearrange, and are not offered to someone without the page.
 * @example const auditPath = usePagePath('campaign-audit/list');
 */
export const usePagePath = (component: string): string | null =>
  SessionContext.useSelector(
    (st) =>
      (st.context.routes as { routes: ReadonlyArray<{ component: string; path: string }> } | null)?.routes.find(
        (r) => r.component === component,
      )?.path ?? null,
  );

/**
 * A page's name as this user's menu says it, in the console's language (the menu is built in it), or `fallback`
 * for a page the menu does not list: names the server sends (a landing page's links) follow the menu.
 * @example const titleOf = usePageTitles(); titleOf('/manage/users', '用户管理')
 */
export function usePageTitles(): (path: string, fallback: string) => string {
  const routes = SessionContext.useSelector(
    (st) => (st.context.routes as { routes: ReadonlyArray<{ path: string; title: string }> } | null)?.routes,
  );
  return (path, fallback) => routes?.find((r) => r.path === path)?.title ?? fallback;
}

/**
 * A page's first-level section as this user's menu names it, in the console's language, or `fallback` for a page the
 * menu does not list: the landing page groups its tables by the sections the server names in Chinese.
 * @example const sectionOf = usePageSections(); sectionOf('/base-info/store-mng', '基础数据')
 */
export function usePageSections(): (path: string | null | undefined, fallback: string) => string {
  const routes = SessionContext.useSelector(
    (st) => (st.context.routes as { routes: ReadonlyArray<{ path: string; trail: readonly string[] }> } | null)?.routes,
  );
  return (path, fallback) => (path ? routes?.find((r) => r.path === path)?.trail[0] : undefined) ?? fallback;
}
