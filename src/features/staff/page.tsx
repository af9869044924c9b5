import { staffApi } from '@/api/table/base-info.ts';
import type { StaffRow } from '@/api/schema/system/staff.ts';
import type { Sent } from '@/api/table/define.ts';
import { listed } from '@/kit/list/use-list.ts';
import { staffSave } from '@/api/schema/system/staff.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { type Column } from '@/kit/table/data-table.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { type RowFormProps } from '@/kit/form/use-editor.ts';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useFilters } from '@/kit/list/use-filters.ts';
import { usePageData } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

type StaffValues = { staffName: string; staffCode: string; phone: string; storeId: string };

/** The body a save sends: what the shared schema checks on both sides. */
const bodyOf = (row: StaffRow | null, v: StaffValues): Sent<typeof staffApi.save> => ({
  ...(row ? { id: row.id } : {}),
  staffName: v.staffName,
  staffCode: v.staffCode,
  phone: v.phone,
  storeId: v.storeId.trim() === '' ? null : /^\d+$/.test(v.storeId.trim()) ? Number(v.storeId) : (v.storeId as unknown as number),
  userId: row?.userId ?? null,
});

/**
 * 基础数据 › 员工管理 on the real staff table (staff/save): the staff the online list and accounts name. An
 * account is bound from the users page (its 绑定员工), where the account's scope is checked; here the staff's own
 * facts are kept.
 */
export default function StaffView({ route }: ViewProps) {
  const t = useT();
  const api = useApi();
  const filters = useFilters(route.path, ['keyword']);
  const { list } = filters;
  const keyword = list.filters.keyword || undefined;
  const data = usePageData(list, (page) => api.send(staffApi.list, { ...page, keyword }).then(listed), [api, keyword]);
  const page = useListPage({ data, filters, form: (p: RowFormProps<StaffRow>) => <StaffForm {...p} /> });
  const columns: Column<StaffRow>[] = [
    { key: 'staffName', title: t('staffName'), width: 130, render: (r) => r.staffName },
    { key: 'staffCode', title: t('staffCode'), width: 110, render: (r) => r.staffCode },
    { key: 'phone', title: t('phone'), width: 120, render: (r) => r.phone || '--' },
    { key: 'storeId', title: t('staffStore'), width: 90, render: (r) => r.storeId ?? '--' },
    { key: 'userName', title: t('staffAccount'), width: 130, render: (r) => r.userName ?? t('staffUnbound') },
    actionsColumn({
      name: (r) => r.staffName,
      actions: (r) => [
        { code: 'staff:edit', label: t('edit'), run: () => page.edit(r) },
        {
          code: 'staff:del',
          label: t('delete'),
          run: () => page.confirm(t('confirmDeleteRecord', { name: r.staffName }), () => api.send(staffApi.remove, { id: r.id })),
        },
      ],
    }),
  ];
  return (
    <ResourcePage route={route} buttons={[{ code: 'staff:add', label: t('staffAdd'), run: page.add }]}>
      <ResourceList
        {...page.table}
        fields={[{ name: 'keyword', label: t('staffKeyword') }]}
        columns={columns}
        empty={{ reason: t('none'), filteredReason: t('emptyRecordsFiltered') }}
      />
      {page.dialogs}
    </ResourcePage>
  );
}

function StaffForm({ row, onClose, onSaved }: RowFormProps<StaffRow>) {
  const t = useT();
  const api = useApi();
  const form = useSchemaForm<StaffValues>(
    { staffName: row?.staffName ?? '', staffCode: row?.staffCode ?? '', phone: row?.phone ?? '', storeId: row?.storeId?.toString() ?? '' },
    staffSave,
    (v) => bodyOf(row, v),
  );
  const save = (v: StaffValues) => api.send(staffApi.save, bodyOf(row, v), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('staffEdit') : t('staffAdd')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="staffName" label={t('staffName')} required />
      <TextField form={form} name="staffCode" label={t('staffCode')} required />
      <TextField form={form} name="phone" label={t('phone')} />
      <TextField form={form} name="storeId" label={t('staffStore')} />
    </FormDrawer>
  );
}
