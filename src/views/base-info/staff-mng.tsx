import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { baseInfoCalls, type StaffInput, type StaffRow } from '../../api/base-info-calls.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { staffSave } from '../../api/schema/staff.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FilterBar } from '../../kit/filter-bar.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { Pagination } from '../../kit/pagination.tsx';
import { useForm } from '../../kit/use-form.ts';
import { useListData, useListState } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

type StaffValues = { staffName: string; staffCode: string; phone: string; storeId: string };

/** The body a save sends: what the shared schema checks on both sides. */
const bodyOf = (row: StaffRow | null, v: StaffValues): StaffInput => ({
  ...(row ? { id: row.id } : {}),
  staffName: v.staffName,
  staffCode: v.staffCode,
  phone: v.phone,
  storeId: v.storeId.trim() === '' ? null : /^\d+$/.test(v.storeId.trim()) ? Number(v.storeId) : (v.storeId as unknown as number),
  userId: row?.userId ?? null,
});

/**
 * 基础数据 › 员工管理 on the real staff table (SPEC 7 staff/save): the staff the online list and accounts name. An
 * account is bound from the users page (its 绑定员工), where the account's scope is checked; here the staff's own
 * facts are kept.
 */
export default function StaffView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const calls = useMemo(() => baseInfoCalls(api), [api]);
  const [list, setList] = useListState(route.path, ['keyword']);
  const [keyword, setKeyword] = useState(list.filters.keyword);
  useEffect(() => setKeyword(list.filters.keyword), [list.filters.keyword]);
  const data = useListData(
    () => calls.staff({ pageNum: list.page, pageSize: list.size, keyword: list.filters.keyword || undefined }),
    [calls, list.page, list.size, list.filters.keyword],
  );
  const [editing, setEditing] = useState<StaffRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffRow | null>(null);
  const openAdd = useCallback(() => setEditing('new'), []);
  usePageActions([{ code: 'staff:add', label: t('staffAdd'), run: openAdd }]);

  const columns: Column<StaffRow>[] = [
    { key: 'staffName', title: t('staffName'), width: 130, render: (r) => r.staffName },
    { key: 'staffCode', title: t('staffCode'), width: 110, render: (r) => r.staffCode },
    { key: 'phone', title: t('phone'), width: 120, render: (r) => r.phone || '--' },
    { key: 'storeId', title: t('staffStore'), width: 90, render: (r) => r.storeId ?? '--' },
    { key: 'userName', title: t('staffAccount'), width: 130, render: (r) => r.userName ?? t('staffUnbound') },
    {
      key: 'actions',
      title: t('actions'),
      width: 150,
      render: (r) => (
        <div className={s.cellActions}>
          <Button size="small" appearance="subtle" aria-label={`${t('edit')} ${r.staffName}`} onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          <Button size="small" appearance="subtle" aria-label={`${t('delete')} ${r.staffName}`} onClick={() => setDeleting(r)}>
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={openAdd}>
            {t('staffAdd')}
          </Button>
        }
      />
      <FilterBar onSearch={() => setList({ filters: { keyword: keyword.trim() } })} onReset={() => setList({ filters: { keyword: '' } })}>
        <Input aria-label={t('staffKeyword')} placeholder={t('staffKeyword')} value={keyword} onChange={(_, d) => setKeyword(d.value)} />
      </FilterBar>
      <DataTable
        label={route.title}
        columns={columns}
        data={data}
        rowKey={(r) => r.id}
        empty={{ reason: list.filters.keyword ? t('emptyRecordsFiltered') : t('none') }}
      />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      {editing && (
        <StaffForm
          target={editing}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            await calls.saveStaff(input);
            setEditing(null);
            notify(t('operationDone'), 'success');
            data.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={t('confirmDeleteRecord', { name: deleting?.staffName ?? '' })}
        onConfirm={() => {
          const d = deleting!;
          setDeleting(null);
          calls.deleteStaff(d.id).then(
            () => {
              notify(t('operationDone'), 'success');
              data.reload();
            },
            () => undefined,
          );
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function StaffForm({
  target,
  onClose,
  onSave,
}: {
  target: StaffRow | 'new';
  onClose: () => void;
  onSave: (s: StaffInput) => Promise<void>;
}) {
  const t = useT();
  const row = target === 'new' ? null : target;
  const form = useForm<StaffValues>(
    { staffName: row?.staffName ?? '', staffCode: row?.staffCode ?? '', phone: row?.phone ?? '', storeId: row?.storeId?.toString() ?? '' },
    (v) => fieldProblems(staffSave, bodyOf(row, v)),
  );
  const input = (name: keyof StaffValues, label: string, required = false) => (
    <Field label={label} required={required} {...form.field(name)}>
      <Input value={form.values[name]} onChange={(_, d) => form.set(name, d.value)} onBlur={() => form.blur(name)} />
    </Field>
  );
  return (
    <FormDrawer
      open
      title={row ? t('staffEdit') : t('staffAdd')}
      dirty={form.dirty}
      saving={form.saving}
      onClose={onClose}
      onSubmit={() => form.submit((v) => onSave(bodyOf(row, v)))}
    >
      {input('staffName', t('staffName'), true)}
      {input('staffCode', t('staffCode'), true)}
      {input('phone', t('phone'))}
      {input('storeId', t('staffStore'))}
    </FormDrawer>
  );
}
