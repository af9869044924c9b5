import type { UserRow } from '@/api/calls/system/user-calls.ts';
import type { RoleRow } from '@/api/table/roles.ts';
import { localName } from '@/api/contract/language.ts';
import { USER_FIELDS, USER_SORT_FIELDS } from '@/api/schema/system/user.ts';
import { declaredDetails, type CellText } from '@/kit/form/declared-fields.tsx';
import type { ListState } from '@/kit/list/list-query.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';

/** A user's details as 详情 lists them, the bound staff record included. */
export function userDetailItems(
  cell: CellText,
  detail: UserRow & { staff: string },
  {
    departNames,
    roleNames = (_ids, sent) => sent,
  }: {
    departNames: (ids: number[]) => string;
    roleNames?: (ids: number[], sent: string) => string;
  },
): Array<[string, string]> {
  const { t } = cell;
  const items = declaredDetails(USER_FIELDS, cell, detail, {
    departIds: (d) => departNames(d.departIds),
    roleIds: (d) => roleNames(d.roleIds, d.roleNames) || '--',
  });
  // the staff record bound to the account follows its roles
  const roles = items.findIndex(([term]) => term === t('roles'));
  return [...items.slice(0, roles + 1), [t('boundStaff'), detail.staff], ...items.slice(roles + 1)];
}

const num = (v: string | undefined) => (v ? Number(v) : undefined);

/** The list's query from its state in the address: the filters and sort applied (what an export writes too). */
export const userListQuery = ({ filters: f, sortField, sortOrder }: ListState) => ({
  keyword: f.keyword || undefined,
  status: num(f.status) as 0 | 1 | undefined,
  userType: num(f.userType) as 0 | 1 | 2 | undefined,
  roleId: num(f.roleId),
  departId: num(f.departId),
  // the address may name any column: the list sorts by one it knows, else by its default
  sortField: USER_SORT_FIELDS.find((known) => known === sortField),
  sortOrder: sortOrder ?? undefined,
});

/** A user's departments and roles as words. */
export function useUserNames(departs: ReadonlyArray<{ id: number; departName: string }>, roles: readonly RoleRow[] = []) {
  const t = useT();
  const english = useLanguage()[0] === 'en';
  return {
    /** the roles' names in the console's language; the server's (Chinese) while the role list has not come */
    roleNames: (ids: number[], sent: string) => {
      const found = ids.map((id) => roles.find((r) => r.id === id));
      return found.every(Boolean) ? found.map((r) => localName(r!, english)).join('、') : sent;
    },
    departNames: (ids: number[]) =>
      ids.map((id) => departs.find((d) => d.id === id)?.departName ?? `#${id}`).join('、') || t('noDepartment'),
  };
}
