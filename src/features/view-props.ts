import type { AppRoute } from '@/menu/menu-model.ts';

/** What every page module receives: the route it was opened by (title, buttons, trail). */
export interface ViewProps {
  route: AppRoute;
}
