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
