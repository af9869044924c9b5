import type { UserRow } from '@/api/calls/system/user-calls.ts';
import type { RoleRow } from '@/api/table/roles.ts';
import type { FilterField } from '@/kit/list/filter-bar.tsx';
import type { T } from '@/i18n/use-t.ts';
import { PermissionSwitch } from '@/shell/session/permission-switch.tsx';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useT } from '@/i18n/use-t.ts';
import { localName } from '@/api/contract/language.ts';
import { USER_FIELDS } from '@/api/schema/system/user.ts';
import { declaredColumns, declaredFilters, useCellText } from '@/kit/form/declared-fields.tsx';

export interface UserColumnsOptions {
  /** the signed-in user: their own status cannot be switched, nor their account deleted */
  myId: number | undefined;
  departNames: (ids: number[]) => string;
  roleNames: (ids: number[], sent: string) => string;
  setStatus: (row: UserRow, on: boolean) => void;
  openDetail: (row: UserRow) => void;
  edit: (row: UserRow) => void;
  remove: (row: UserRow) => void;
}

/** The users table: account, name, phone, type, departments, roles, status (switched in place), created, actions. */
export function useUserColumns({
  myId,
  departNames,
  roleNames,
  setStatus,
  openDetail,
  edit,
  remove,
}: UserColumnsOptions): Column<UserRow>[] {
  const t = useT();
  return [
    ...declaredColumns<UserRow>(USER_FIELDS, useCellText(), {
      status: {
        render: (r) => (
          <PermissionSwitch
            code="user:edit"
            checked={r.status === 1}
            unavailable={r.id === myId ? t('ownAccountStatus') : undefined}
            label={t('userStatusOf', { name: r.userName })}
            onChange={(on) => setStatus(r, on)}
          />
        ),
      },
      // the keys the table's kept settings (列设置) know these columns by
      departIds: { key: 'departs', render: (r) => departNames(r.departIds) },
      roleIds: { key: 'roles', render: (r) => roleNames(r.roleIds, r.roleNames) || '--' },
    }),
    actionsColumn({
      name: (r) => r.userName,
      actions: (r) => [
        { code: 'user:detail', label: t('detail'), run: () => openDetail(r) },
        { code: 'user:edit', label: t('edit'), run: () => edit(r) },
        // One's own account: off, saying why, rather than refused after the confirmation (issue 45).
        { code: 'user:del', label: t('delete'), run: () => remove(r), unavailable: r.id === myId ? t('ownAccountDelete') : undefined },
      ],
    }),
  ];
}

/** The users list's filters: a keyword, status, type, role and department. */
export function userFilterFields(
  t: T,
  {
    roles,
    departs,
    english = false,
  }: {
    roles: readonly RoleRow[];
    departs: ReadonlyArray<{ id: number; departName: string }>;
    english?: boolean;
  },
): FilterField[] {
  return [
    { name: 'keyword', label: t('keywordUsers') },
    ...declaredFilters(USER_FIELDS, t),
    {
      name: 'roleId',
      label: t('roles'),
      kind: 'select',
      options: roles.map((r) => ({ value: String(r.id), label: localName(r, english) })),
    },
    {
      name: 'departId',
      label: t('departments'),
      kind: 'select',
      options: departs.map((d) => ({ value: String(d.id), label: d.departName })),
    },
  ];
}
