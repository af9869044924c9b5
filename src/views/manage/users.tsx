import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { userCalls, type UserRow } from '../../api/user-calls.ts';
import { roleCalls, type RoleRow } from '../../api/role-calls.ts';
import { ApiFailure } from '../../api/errors.ts';
import { useApi } from '../../shell/api-context.ts';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useLoading } from '../../shell/loading.tsx';
import { PermissionButton, PermissionSwitch } from '../../shell/permission-button.tsx';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { SessionContext } from '../../shell/session-context.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FilterBar } from '../../kit/filter-bar.tsx';
import { nextSort } from '../../kit/list-query.ts';
import { PageHeader } from '../../kit/page-header.tsx';
import { Pagination } from '../../kit/pagination.tsx';
import { useListData, useListState } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { UserForm, type UserFormTarget } from './user-form.tsx';
import { UserImportDialog, downloadSheet } from './user-import-dialog.tsx';

const FILTERS = ['keyword', 'status', 'userType', 'roleId', 'departId'] as const;
const num = (v: string) => (v === '' ? undefined : Number(v));

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  batch: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    marginBottom: tokens.spacingVerticalS,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  detail: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    margin: 0,
  },
  dd: { margin: 0 },
});

type Pending = { kind: 'delete' | 'disable'; rows: UserRow[] } | null;

/**
 * 系统管理 › 用户管理, on the page kit: filters, sort and page in the address; add and edit in a drawer; enable or
 * disable in place; delete one or many. Every change is checked again by the server (scope, escalation).
 */
export default function UsersView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const formatInstant = useFormatInstant();
  const calls = useMemo(() => userCalls(api), [api]);
  const notify = useNotify();
  const withLoading = useLoading();
  const me = SessionContext.useSelector((st) => st.context.userInfo);
  const departs = me?.allDepartList ?? [];
  const [list, setList] = useListState(route.path, FILTERS);
  const f = list.filters;
  const [draft, setDraft] = useState(list.filters);
  useEffect(() => setDraft(list.filters), [list.filters]);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<UserFormTarget | null>(null);
  const [detail, setDetail] = useState<(UserRow & { staff: string }) | null>(null);
  const [pending, setPending] = useState<Pending>(null);

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

  const [importing, setImporting] = useState(false);
  const openAdd = useCallback(() => setEditing({ kind: 'new' }), []);
  const openImport = useCallback(() => setImporting(true), []);
  usePageActions([
    { code: 'user:add', label: t('addUser'), run: openAdd },
    { code: 'user:import', label: t('importUsers'), run: openImport },
  ]);
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

  /** Runs a change per row; one message for the whole batch. */
  const runEach = async (rows: UserRow[], change: (row: UserRow) => Promise<unknown>) => {
    let failed = 0;
    await withLoading(async () => {
      for (const row of rows) await change(row).catch(() => void failed++);
    }, t('operating'));
    if (rows.length === 1) {
      if (!failed) notify(t('operationDone'), 'success');
    } else notify(t('batchDone', { done: rows.length - failed, failed }), failed ? 'warning' : 'success');
    data.reload();
  };

  const setStatus = (row: UserRow, on: boolean) =>
    on ? void runEach([row], (r) => calls.modifyStatus(r.id, 1)) : setPending({ kind: 'disable', rows: [row] });

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
        <div className={s.cellActions}>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('detail')} ${r.userName}`}
            onClick={() => void openDetail(r)}
            data-track-code="user:detail"
          >
            {t('detail')}
          </Button>
          <PermissionButton
            code="user:edit"
            route={route}
            appearance="subtle"
            aria-label={`${t('edit')} ${r.userName}`}
            onClick={() => setEditing({ kind: 'edit', id: r.id })}
          >
            {t('edit')}
          </PermissionButton>
          <PermissionButton
            code="user:del"
            route={route}
            aria-label={`${t('delete')} ${r.userName}`}
            onClick={() => setPending({ kind: 'delete', rows: [r] })}
          >
            {t('delete')}
          </PermissionButton>
        </div>
      ),
    },
  ];

  const openDetail = async (row: UserRow) => {
    try {
      const [user, staff] = await Promise.all([calls.detail(row.id), calls.staffOf(row.id)]);
      setDetail({ ...user, staff: staff ? `${staff.staffName}（${staff.staffCode}）` : '--' });
    } catch {
      /* shown by the shell (SPEC 8) */
    }
  };

  const chosen = (data.rows ?? []).filter((r) => selected.has(r.id));
  const filtered = Object.values(f).some(Boolean);

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <>
            <PermissionButton code="user:add" route={route} size="medium" onClick={openAdd}>
              {t('addUser')}
            </PermissionButton>
            <PermissionButton code="user:import" route={route} size="medium" appearance="secondary" onClick={openImport}>
              {t('importButton')}
            </PermissionButton>
            <Button onClick={() => void exportList()} data-track-code="user:export">
              {t('exportButton')}
            </Button>
          </>
        }
      />
      <FilterBar
        onSearch={() => setList({ filters: { ...draft, keyword: draft.keyword.trim() } })}
        onReset={() => setList({ filters: Object.fromEntries(FILTERS.map((k) => [k, ''])) })}
      >
        <Input
          aria-label={t('keywordUsers')}
          placeholder={t('keywordUsers')}
          value={draft.keyword}
          onChange={(_, d) => setDraft({ ...draft, keyword: d.value })}
        />
        <Select aria-label={t('status')} value={draft.status} onChange={(_, d) => setDraft({ ...draft, status: d.value })}>
          <option value="">{t('labelValue', { label: t('status'), value: t('all') })}</option>
          <option value="1">{t('enabled')}</option>
          <option value="0">{t('disabled')}</option>
        </Select>
        <Select aria-label={t('userType')} value={draft.userType} onChange={(_, d) => setDraft({ ...draft, userType: d.value })}>
          <option value="">{t('labelValue', { label: t('userType'), value: t('all') })}</option>
          {[0, 2, 1].map((v) => (
            <option key={v} value={v}>
              {typeName(v)}
            </option>
          ))}
        </Select>
        <Select aria-label={t('roles')} value={draft.roleId} onChange={(_, d) => setDraft({ ...draft, roleId: d.value })}>
          <option value="">{t('labelValue', { label: t('roles'), value: t('all') })}</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Select>
        <Select aria-label={t('departments')} value={draft.departId} onChange={(_, d) => setDraft({ ...draft, departId: d.value })}>
          <option value="">{t('labelValue', { label: t('departments'), value: t('all') })}</option>
          {departs.map((d) => (
            <option key={d.id} value={d.id}>
              {d.departName}
            </option>
          ))}
        </Select>
      </FilterBar>

      {chosen.length > 0 && (
        <div className={s.batch} role="region" aria-label={t('selectedRows', { count: chosen.length })}>
          <span>{t('selectedRows', { count: chosen.length })}</span>
          <PermissionButton
            code="user:edit"
            route={route}
            appearance="secondary"
            onClick={() => setPending({ kind: 'disable', rows: chosen })}
          >
            {t('batchDisable')}
          </PermissionButton>
          <PermissionButton code="user:del" route={route} onClick={() => setPending({ kind: 'delete', rows: chosen })}>
            {t('batchDelete')}
          </PermissionButton>
          <Button size="small" appearance="subtle" onClick={() => setSelected(new Set())}>
            {t('clearSelection')}
          </Button>
        </div>
      )}

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
        empty={{
          reason: filtered ? t('emptyUsersFiltered') : t('emptyUsers'),
          action: filtered ? (
            <Button size="small" onClick={() => setList({ filters: Object.fromEntries(FILTERS.map((k) => [k, ''])) })}>
              {t('reset')}
            </Button>
          ) : (
            <PermissionButton code="user:add" route={route} onClick={openAdd}>
              {t('addUser')}
            </PermissionButton>
          ),
        }}
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

      <Dialog open={detail !== null} onOpenChange={(_, d) => !d.open && setDetail(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('detail')}</DialogTitle>
            <DialogContent>
              {detail && (
                <dl className={s.detail}>
                  {(
                    [
                      [t('account'), detail.userName],
                      [t('nickname'), detail.nickname],
                      [t('phone'), detail.phone || '--'],
                      [t('userType'), typeName(detail.userType)],
                      [t('departments'), departNames(detail.departIds)],
                      [t('roles'), detail.roleNames || '--'],
                      [t('boundStaff'), detail.staff],
                      [t('status'), detail.status === 1 ? t('enabled') : t('disabled')],
                      [t('createdAt'), formatInstant(detail.createdAt)],
                    ] as const
                  ).map(([term, value]) => (
                    <div key={term} style={{ display: 'contents' }}>
                      <dt>{term}</dt>
                      <dd className={s.dd}>{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDetail(null)}>{t('close')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>

      <ConfirmDialog
        open={pending !== null}
        message={
          !pending
            ? ''
            : pending.kind === 'delete'
              ? pending.rows.length > 1
                ? t('confirmBatchDelete', { count: pending.rows.length })
                : t('confirmDeleteUser')
              : pending.rows.length > 1
                ? t('confirmBatchDisable', { count: pending.rows.length })
                : t('confirmDisableUser')
        }
        onConfirm={() => {
          const p = pending!;
          setPending(null);
          void runEach(p.rows, (r) => (p.kind === 'delete' ? calls.remove(r.id) : calls.modifyStatus(r.id, 0)));
        }}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
