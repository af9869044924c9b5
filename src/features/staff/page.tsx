import { staffApi } from '@/api/table/base-info.ts';
import type { Sent } from '@/api/table/define.ts';
import { STAFF_FIELDS, staffSave, type StaffRow } from '@/api/schema/system/staff.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import { DeclaredFields, declaredColumns, useCellText } from '@/kit/form/declared-fields.tsx';
import { useApi } from '@/shell/session/api-context.ts';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { type Column } from '@/kit/table/data-table.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { type RowFormProps } from '@/kit/form/use-editor.ts';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useFilters } from '@/kit/list/use-filters.ts';
import { listed, usePageData } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

/** The body a save sends: the declared fields as typed (a store number as a number), the row and its bound account. */
const bodyOf = (row: StaffRow | null, v: Record<string, unknown>) =>
  ({ ...saveBody(STAFF_FIELDS, row, v), userId: row?.userId ?? null }) as Sent<typeof staffApi.save>;

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
    ...declaredColumns<StaffRow>(STAFF_FIELDS, useCellText(), { userName: { render: (r) => r.userName ?? t('staffUnbound') } }),
    actionsColumn({
      name: (r) => r.staffName,
      actions: (r) => [
        page.editAction(r, 'staff:edit'),
        page.deleteAction('staff:del', t('confirmDeleteRecord', { name: r.staffName }), () => api.send(staffApi.remove, { id: r.id })),
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
  const form = useSchemaForm<Record<string, unknown>>(formValues(STAFF_FIELDS, row), staffSave, (v) => bodyOf(row, v));
  const save = (v: Record<string, unknown>) => api.send(staffApi.save, bodyOf(row, v), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('staffEdit') : t('staffAdd')} form={form} onSave={save} onClose={onClose}>
      <DeclaredFields fields={STAFF_FIELDS} form={form} t={t} />
    </FormDrawer>
  );
}
