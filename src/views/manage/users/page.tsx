import { Button } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { userCalls, type UserRow } from '../../../api/calls/user-calls.ts';
import { roleCalls, type RoleRow } from '../../../api/calls/role-calls.ts';
import { ApiFailure } from '../../../api/errors.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { useFormatInstant } from '../../../shell/time-zone.ts';
import { useLoading } from '../../../shell/layout/loading.tsx';
import { PermissionButton, PermissionSwitch } from '../../../shell/session/permission-button.tsx';
import { SessionContext } from '../../../shell/session/session-context.ts';
import { useNotify } from '../../../shell/toast.tsx';
import { BatchBar } from '../../../kit/list/batch-bar.tsx';
import { useConfirm } from '../../../kit/page/confirm.tsx';
import { DataTable, type Column } from '../../../kit/list/data-table.tsx';
import { DetailDialog } from '../../../kit/page/detail-dialog.tsx';
import { FilterFields, emptyState } from '../../../kit/list/filter-bar.tsx';
import { nextSort } from '../../../kit/list/list-query.ts';
import { Pagination } from '../../../kit/list/pagination.tsx';
import { ResourcePage } from '../../../kit/page/resource-page.tsx';
import { RowActions } from '../../../kit/list/row-actions.tsx';
import { useFilters } from '../../../kit/list/use-filters.ts';
import { useListData } from '../../../kit/list/use-list.ts';
import { useRunEach } from '../../../kit/page/use-run-each.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { ViewProps } from '../../view-props.ts';
import { UserForm, type UserFormTarget } from './user-form.tsx';
import { UserImportDialog, downloadSheet } from './user-import-dialog.tsx';

const FILTERS = ['keyword', 'status', 'userType', 'roleId', 'departId'] as const;
const num = (v: string) => (v === '' ? undefined : Number(v));

/**
 * 系统管理 › 用户管理, on the page kit: filters, sort and page in the address; add and edit in a drawer; enable or
 * disable in place; delete one or many. Every change is checked again by the server (scope, escalation).
 */
export default function UsersView({ route }: ViewProps) {
  const t = useT();
  const api = useApi();
  const formatInstant = useFormatInstant();
  const calls = useMemo(() => userCalls(api), [api]);
  const notify = useNotify();
  const withLoading = useLoading();
  const me = SessionContext.useSelector((st) => st.context.userInfo);
  const departs = me?.allDepartList ?? [];
  const filters = useFilters(route.path, FILTERS);
  const { list, setList } = filters;
  const f = list.filters;
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<UserFormTarget | null>(null);
  const [detail, setDetail] = useState<(UserRow & { staff: string }) | null>(null);
  const [importing, setImporting] = useState(false);
  const [ask, confirmDialog] = useConfirm();
  const runEach = useRunEach();

  useEffect(() => {
    roleCalls(api)
      .list()
      .then(setRoles, () => setRoles([]));
  }, [api]);

  const data = useListData(
    () =>
      calls.list({
        pageNum: list.page,
        pageSize: list.size,
        keyword: f.keyword || undefined,
        status: num(f.status) as 0 | 1 | undefined,
        userType: num(f.userType) as 0 | 1 | 2 | undefined,
        roleId: num(f.roleId),
        departId: num(f.departId),
        sortField: list.sortField ?? undefined,
        sortOrder: list.sortOrder ?? undefined,
      }),
    [calls, list.page, list.size, list.sortField, list.sortOrder, f.keyword, f.status, f.userType, f.roleId, f.departId],
  );
  // A selection belongs to the rows on screen.
  useEffect(() => setSelected(new Set()), [data.rows]);

  const openAdd = () => setEditing({ kind: 'new' });
  const listQuery = {
    keyword: f.keyword || undefined,
    status: num(f.status),
    userType: num(f.userType),
    roleId: num(f.roleId),
    departId: num(f.departId),
    sortField: list.sortField ?? undefined,
    sortOrder: list.sortOrder ?? undefined,
  };
  const exportList = async () => {
    try {
      const sheet = await withLoading(() => downloadSheet(api, { type: 'userExport', ...listQuery }), t('operating'));
      if (sheet.truncated) notify(t('exportTruncated'), 'warning');
    } catch (err) {
      // A refused call was shown by the shell; anything else (writing the file) is said here.
      if (!(err instanceof ApiFailure)) notify(err instanceof Error ? err.message : String(err), 'error');
    }
  };
  const downloadTemplate = () =>
    void downloadSheet(api, { type: 'userTemplate' }).catch((err: unknown) => {
      if (!(err instanceof ApiFailure)) notify(err instanceof Error ? err.message : String(err), 'error');
    });

  const departNames = (ids: number[]) =>
    ids.map((id) => departs.find((d) => d.id === id)?.departName ?? `#${id}`).join('、') || t('noDepartment');
  const typeName = (type: number) => ([0, 1, 2].includes(type) ? t(`userType${type as 0 | 1 | 2}`) : String(type));

  /** Deleting or disabling one row or the chosen ones, confirmed first. */
  const askEach = (kind: 'delete' | 'disable', rows: UserRow[]) =>
    ask({
      message:
        kind === 'delete'
          ? rows.length > 1
            ? t('confirmBatchDelete', { count: rows.length })
            : t('confirmDeleteUser')
          : rows.length > 1
            ? t('confirmBatchDisable', { count: rows.length })
            : t('confirmDisableUser'),
      run: () => runEach(rows, (r) => (kind === 'delete' ? calls.remove(r.id) : calls.modifyStatus(r.id, 0)), data.reload),
      quiet: true,
    });
  const setStatus = (row: UserRow, on: boolean) =>
    on ? void runEach([row], (r) => calls.modifyStatus(r.id, 1), data.reload) : askEach('disable', [row]);

  const columns: Column<UserRow>[] = [
    { key: 'userName', title: t('account'), width: 130, sortable: true, render: (r) => r.userName, ellipsis: (r) => r.userName },
    { key: 'nickname', title: t('nickname'), width: 130, sortable: true, render: (r) => r.nickname, ellipsis: (r) => r.nickname },
    { key: 'phone', title: t('phone'), width: 120, render: (r) => r.phone || '--' },
    { key: 'userType', title: t('userType'), width: 120, sortable: true, render: (r) => typeName(r.userType) },
    {
      key: 'departs',
      title: t('departments'),
      width: 140,
      render: (r) => departNames(r.departIds),
      ellipsis: (r) => departNames(r.departIds),
    },
    { key: 'roles', title: t('roles'), width: 140, render: (r) => r.roleNames || '--', ellipsis: (r) => r.roleNames },
    {
      key: 'status',
      title: t('status'),
      width: 80,
      sortable: true,
      render: (r) => (
        <PermissionSwitch
          code="user:edit"
          route={route}
          checked={r.status === 1}
          disabled={r.id === me?.id}
          label={t('userStatusOf', { name: r.userName })}
          onChange={(on) => setStatus(r, on)}
        />
      ),
    },
    {
      key: 'createdAt',
      title: t('createdAt'),
      width: 160,
      sortable: true,
      render: (r) => formatInstant(r.createdAt),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 190,
      render: (r) => (
        <RowActions
          route={route}
          name={r.userName}
          actions={[
            { code: 'user:detail', label: t('detail'), read: true, run: () => void openDetail(r) },
            { code: 'user:edit', label: t('edit'), run: () => setEditing({ kind: 'edit', id: r.id }) },
            { code: 'user:del', label: t('delete'), run: () => askEach('delete', [r]) },
          ]}
        />
      ),
    },
  ];

  const openDetail = async (row: UserRow) => {
    try {
      const [user, staff] = await Promise.all([calls.detail(row.id), calls.staffOf(row.id)]);
      setDetail({ ...user, staff: staff ? `${staff.staffName}（${staff.staffCode}）` : '--' });
    } catch {
      /* shown by the shell */
    }
  };

  const chosen = (data.rows ?? []).filter((r) => selected.has(r.id));
  const typeOptions = [0, 2, 1].map((v) => ({ value: String(v), label: typeName(v) }));
  return (
    <ResourcePage
      route={route}
      buttons={[
        { code: 'user:add', label: t('addUser'), run: openAdd },
        { code: 'user:import', label: t('importButton'), paletteLabel: t('importUsers'), run: () => setImporting(true) },
      ]}
      extra={
        <Button onClick={() => void exportList()} data-track-code="user:export">
          {t('exportButton')}
        </Button>
      }
    >
      <FilterFields
        filters={filters}
        fields={[
          { name: 'keyword', label: t('keywordUsers') },
          {
            name: 'status',
            label: t('status'),
            kind: 'select',
            options: [
              { value: '1', label: t('enabled') },
              { value: '0', label: t('disabled') },
            ],
          },
          { name: 'userType', label: t('userType'), kind: 'select', options: typeOptions },
          { name: 'roleId', label: t('roles'), kind: 'select', options: roles.map((r) => ({ value: String(r.id), label: r.name })) },
          {
            name: 'departId',
            label: t('departments'),
            kind: 'select',
            options: departs.map((d) => ({ value: String(d.id), label: d.departName })),
          },
        ]}
      />
      <BatchBar count={chosen.length} onClear={() => setSelected(new Set())}>
        <PermissionButton code="user:edit" route={route} appearance="secondary" onClick={() => askEach('disable', chosen)}>
          {t('batchDisable')}
        </PermissionButton>
        <PermissionButton code="user:del" route={route} onClick={() => askEach('delete', chosen)}>
          {t('batchDelete')}
        </PermissionButton>
      </BatchBar>
      <DataTable
        label={route.title}
        columns={columns}
        data={data}
        rowKey={(r) => r.id}
        sortField={list.sortField}
        sortOrder={list.sortOrder}
        onSort={(field) => setList(nextSort(list, field))}
        selected={selected}
        onSelect={setSelected}
        empty={emptyState(filters, {
          reason: t('emptyUsers'),
          filteredReason: t('emptyUsersFiltered'),
          action: (
            <PermissionButton code="user:add" route={route} onClick={openAdd}>
              {t('addUser')}
            </PermissionButton>
          ),
        })}
      />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      <UserImportDialog open={importing} onClose={() => setImporting(false)} onImported={data.reload} downloadTemplate={downloadTemplate} />
      {editing && (
        <UserForm
          target={editing}
          roles={roles}
          departs={departs}
          myUserType={me?.userType ?? 1}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify(t('operationDone'), 'success');
            data.reload();
          }}
        />
      )}
      <DetailDialog
        title={t('detail')}
        onClose={() => setDetail(null)}
        items={
          detail && [
            [t('account'), detail.userName],
            [t('nickname'), detail.nickname],
            [t('phone'), detail.phone || '--'],
            [t('userType'), typeName(detail.userType)],
            [t('departments'), departNames(detail.departIds)],
            [t('roles'), detail.roleNames || '--'],
            [t('boundStaff'), detail.staff],
            [t('status'), detail.status === 1 ? t('enabled') : t('disabled')],
            [t('createdAt'), formatInstant(detail.createdAt)],
          ]
        }
      />
      {confirmDialog}
    </ResourcePage>
  );
}
