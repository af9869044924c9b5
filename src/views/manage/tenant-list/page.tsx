import { Badge, Button } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { TenantRow } from '../../../api/contract.ts';
import { platformCalls } from '../../../api/calls/platform-calls.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { navigate } from '../../../shell/navigation/hash-location.ts';
import { SessionContext } from '../../../shell/session/session-context.ts';
import { useFormatInstant } from '../../../shell/time-zone.ts';
import { useNotify } from '../../../shell/toast.tsx';
import { DataTable, type Column } from '../../../kit/list/data-table.tsx';
import { FilterFields, emptyState } from '../../../kit/list/filter-bar.tsx';
import { Pagination } from '../../../kit/list/pagination.tsx';
import { ResourcePage } from '../../../kit/page/resource-page.tsx';
import { actionsColumn } from '../../../kit/list/row-actions.tsx';
import { useEditor } from '../../../kit/form/use-editor.ts';
import { useFilters } from '../../../kit/list/use-filters.ts';
import { useListData } from '../../../kit/list/use-list.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { ViewProps } from '../../view-props.ts';
import { SettingsDrawer } from './settings-drawer.tsx';
import { TenantForm } from './tenant-form.tsx';

const FILTERS = ['keyword', 'status'] as const;

/**
 * 租户管理 › 租户列表 (the platform operator's): tenants with their state, add (with the first admin, whose initial
 * password is shown once), edit, and each tenant's pages and parameters.
 */
export default function TenantListView({ route }: ViewProps) {
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => platformCalls(api), [api]);
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const filters = useFilters(route.path, FILTERS);
  const { list, setList } = filters;
  const f = list.filters;
  const editor = useEditor<TenantRow>(() => undefined);
  const [settingsOf, setSettingsOf] = useState<TenantRow | null>(null);
  const data = useListData(
    () =>
      calls.tenants({
        pageNum: list.page,
        pageSize: list.size,
        keyword: f.keyword || undefined,
        status: f.status === '' ? undefined : (Number(f.status) as 0 | 1),
      }),
    [calls, list.page, list.size, f.keyword, f.status],
  );
  // The tenant pages page wherever the menu put it (an operator may move it); none: the action is not offered.
  const pagesPath = SessionContext.useSelector(
    (st) =>
      (st.context.routes as { routes: Array<{ component: string; path: string }> } | null)?.routes.find(
        (r) => r.component === 'manage/tenant-pages',
      )?.path ?? null,
  );

  const state = (r: TenantRow) => {
    const expired = r.expiresAt !== null && Date.parse(r.expiresAt) <= Date.now();
    if (r.status === 0)
      return (
        <Badge appearance="tint" color="danger">
          {t('disabled')}
        </Badge>
      );
    if (expired)
      return (
        <Badge appearance="tint" color="warning">
          {t('expired')}
        </Badge>
      );
    return (
      <Badge appearance="tint" color="success">
        {t('enabled')}
      </Badge>
    );
  };
  const columns: Column<TenantRow>[] = [
    { key: 'id', title: 'ID', width: 60, render: (r) => r.id },
    {
      key: 'name',
      title: t('tenantName'),
      width: 170,
      render: (r) => (r.platform ? t('nameWithNote', { name: r.name, note: t('platformTenant') }) : r.name),
      ellipsis: (r) => r.name,
    },
    { key: 'code', title: t('tenantCode'), width: 110, render: (r) => r.code, ellipsis: (r) => r.code },
    {
      key: 'contact',
      title: t('contactName'),
      width: 150,
      render: (r) => [r.contactName, r.contactPhone].filter(Boolean).join(' ') || '--',
      ellipsis: (r) => [r.contactName, r.contactPhone].filter(Boolean).join(' '),
    },
    { key: 'status', title: t('status'), width: 80, render: state },
    {
      key: 'expiresAt',
      title: t('expiresAt'),
      width: 150,
      render: (r) => (r.expiresAt ? formatInstant(r.expiresAt, 'minutes') : t('never')),
    },
    { key: 'userCount', title: t('userCountTitle'), width: 70, render: (r) => r.userCount },
    actionsColumn({
      title: t('actions'),
      route,
      width: 180,
      name: (r) => r.name,
      actions: (r) => [
        { code: 'tenant:edit', label: t('edit'), run: () => editor.edit(r) },
        {
          code: 'tenant:pages',
          label: t('tenantPagesAction'),
          read: true,
          hidden: !pagesPath,
          run: () => navigate(`${pagesPath}?tenant=${r.id}`),
        },
        { code: 'tenant:parameters', label: t('parametersAction'), run: () => setSettingsOf(r) },
      ],
    }),
  ];

  return (
    <ResourcePage route={route} buttons={[{ code: 'tenant:add', label: t('addTenant'), run: editor.add }]}>
      <FilterFields
        filters={filters}
        fields={[
          { name: 'keyword', label: t('keywordTenants') },
          {
            name: 'status',
            label: t('status'),
            kind: 'select',
            options: [
              { value: '1', label: t('active') },
              { value: '0', label: t('inactive') },
            ],
          },
        ]}
      />
      <DataTable
        label={route.title}
        columns={columns}
        data={data}
        rowKey={(r) => r.id}
        empty={emptyState(filters, {
          reason: t('emptyTenants'),
          filteredReason: t('emptyFiltered'),
          action: (
            <Button size="small" onClick={editor.add}>
              {t('addTenant')}
            </Button>
          ),
        })}
      />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      {editor.open && (
        <TenantForm
          tenant={editor.row}
          onClose={editor.close}
          onSaved={(created) => {
            editor.close();
            // a new tenant's dialog was its message
            if (!created) notify(t('operationDone'), 'success');
            data.reload();
          }}
        />
      )}
      {settingsOf && <SettingsDrawer tenant={settingsOf} onClose={() => setSettingsOf(null)} />}
    </ResourcePage>
  );
}
