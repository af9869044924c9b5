import { JOURNAL_BUTTON, JOURNAL_PAGE } from '@/api/contract/platform.ts';
import type { AppRoute, MenuModel } from './menu-model.ts';

/**
 * a control is allowed unless its route asks for button permission and the code is not among the
 * route's type-2 children. No route (a fixed page) asks for nothing.
 * @example isButtonPermitted({ needButtonPermission: true, buttons: ['user:add'] }, 'user:del') // false
 */
export function isButtonPermitted(route: Pick<AppRoute, 'needButtonPermission' | 'buttons'> | undefined, code: string): boolean {
  if (!route || !route.needButtonPermission) return true;
  return route.buttons.includes(code);
}

/** a code with a segment del, dele or delete is a danger control; anything else is primary. */
export function isDangerCode(code: string): boolean {
  return code
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((seg) => seg === 'del' || seg === 'dele' || seg === 'delete');
}

/** Whether the user may open the event journal: the engineer button under 个人信息 is granted. */
export function mayOpenJournal(model: Pick<MenuModel, 'routes'>): boolean {
  return model.routes.some((r) => r.component === JOURNAL_PAGE && r.buttons.includes(JOURNAL_BUTTON));
}
