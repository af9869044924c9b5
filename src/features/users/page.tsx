import { useEffect, useState } from 'react';
import { userApi } from '@/api/table/users.ts';
import type { UserRow } from '@/api/calls/system/user-calls.ts';
import { roleApi, type RoleRow } from '@/api/table/roles.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { SessionContext } from '@/shell/session/session-context.ts';
import { BatchBar } from '@/kit/list/batch-bar.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { useCellText } from '@/kit/form/declared-fields.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useFilters } from '@/kit/list/use-filters.ts';
import { listed, usePageData } from '@/kit/list/use-list.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { UserForm } from './user-form.tsx';
import { UserImportDialog } from './user-import-dialog.tsx';
import { useUserColumns, userFilterFields } from './columns.tsx';
import { useUserNames, userDetailItems, userListQuery } from './user-names.ts';
import { useUserSheets } from './sheets.ts';
import { loadUserDetail, userRowActions, type UserDetail } from './actions.ts';

const FILTERS = ['keyword', 'status', 'userType', 'roleId', 'departId'] as const;
/**
 * 系统管理 › 用户管理, on the page kit: filters, sort and page in the address; add and edit in a drawer; enable or
 * disable in place; delete one or many. Every change is checked again by the server (scope, escalation).
 */
export default function UsersView({ route }: ViewProps) {
  const t = useT();
  const api = useApi();
  const cell = useCellText();
  const me = SessionContext.useSelector((st) => st.context.userInfo);
  const departs = me?.allDepartList ?? [];
  const filters = useFilters(route.path, FILTERS);
  const { list } = filters;
  const [roles, setRoles] = useState<RoleRow[]>([]);

  useEffect(() => {
    api.send(roleApi.list, {}).then(
      ({ values }) => setRoles(values),
      () => setRoles([]),
    );
  }, [api]);

  // What the list shows, and what its export writes: the filters and sort applied.
  const listQuery = userListQuery(list);
  const data = usePageData(list, (page) => api.send(userApi.list, { ...page, ...listQuery }).then(listed), [
    api,
    JSON.stringify(listQuery),
  ]);
  const { departNames, roleNames } = useUserNames(departs, roles);
  const english = useLanguage()[0] === 'en';
  const { exporter, downloadTemplate } = useUserSheets(route.title, listQuery);

  const page = useListPage<UserRow, number, UserDetail>({
    data,
    filters,
    newest: { sortField: 'createdAt', sortOrder: 'descend' },
    toEdit: (r) => r.id,
    form: (p) => (
      <UserForm id={p.row} roles={roles} departs={departs} myUserType={me?.userType ?? 1} onClose={p.onClose} onSaved={p.onSaved} />
    ),
    detail: {
      title: t('detail'),
      load: loadUserDetail(api),
      items: (d) => userDetailItems(cell, d, { departNames, roleNames }),
    },
    importer: (p) => <UserImportDialog {...p} downloadTemplate={downloadTemplate} />,
    exporter,
  });
  const { askEach, enableEach, setStatus } = userRowActions(api, t, page.each);
  const columns = useUserColumns({
    myId: me?.id,
    departNames,
    roleNames,
    setStatus,
    openDetail: page.showDetail,
    edit: page.edit,
    remove: (r) => askEach('delete', [r]),
  });

  const { chosen } = page;
  return (
    <ResourcePage
      route={route}
      buttons={[
        { code: 'user:add', label: t('addUser'), run: page.add },
        { code: 'user:import', label: t('importButton'), paletteLabel: t('importUsers'), run: page.startImport },
        { code: 'user:export', label: t('exportButton'), paletteLabel: t('exportUsers'), run: page.exportList },
      ]}
    >
      <ResourceList
        {...page.table}
        {...page.selectable}
        fields={userFilterFields(t, { roles, departs, english })}
        toolbar={
          <BatchBar count={chosen.length} onClear={page.clearChosen}>
            <PermissionButton code="user:edit" appearance="secondary" onClick={() => enableEach(chosen)}>
              {t('batchEnable')}
            </PermissionButton>
            <PermissionButton code="user:edit" appearance="secondary" onClick={() => askEach('disable', chosen)}>
              {t('batchDisable')}
            </PermissionButton>
            <PermissionButton code="user:del" onClick={() => askEach('delete', chosen)}>
              {t('batchDelete')}
            </PermissionButton>
          </BatchBar>
        }
        columns={columns}
        empty={{
          reason: t('emptyUsers'),
          offerMain: true,
          filteredReason: t('emptyUsersFiltered'),
        }}
      />
      {page.dialogs}
    </ResourcePage>
  );
}
