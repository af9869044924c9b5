import { ResourceList } from '@/kit/list/resource-list.tsx';
import { departApi, type DepartRow } from '@/api/table/base-info.ts';
import { fetchUserInfo } from '@/api/calls/session/session-calls.ts';
import { DEPART_FIELDS, departSave } from '@/api/schema/system/depart.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import type { Sent } from '@/api/table/define.ts';
import { DeclaredFields, declaredColumns, useCellText } from '@/kit/form/declared-fields.tsx';
import { useApi } from '@/shell/session/api-context.ts';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { type Column } from '@/kit/table/data-table.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { type RowFormProps } from '@/kit/form/use-editor.ts';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useAllRows } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

/**
 * 基础数据 › 部门管理 on the real department table: the departments accounts belong to and department scope reads.
 * Each row says how many accounts and business records are in it; one that holds any cannot be deleted. Changes go
 * by the depart:add, depart:edit and depart:del buttons (super administrators', as shipped).
 */
export default function DepartmentView({ route }: ViewProps) {
  const t = useT();
  const api = useApi();
  const data = useAllRows(() => api.send(departApi.list, {}).then((a) => a.values), [api]);
  // The shell's own department list (filters, scope messages) comes with the user info: read it again.
  const session = SessionContext.useActorRef();
  const changed = () => {
    data.reload();
    fetchUserInfo(api).then(
      (fresh) => session.send({ type: 'USER_INFO_REFRESHED', userInfo: fresh.userInfo, tokenExpire: fresh.tokenExpire }),
      () => undefined,
    );
  };
  const page = useListPage({ data: { ...data, reload: changed }, form: (p: RowFormProps<DepartRow>) => <DepartForm {...p} /> });
  const columns: Column<DepartRow>[] = [
    ...declaredColumns<DepartRow>(DEPART_FIELDS, useCellText()),
    actionsColumn({
      name: (r) => r.departName,
      actions: (r) => [
        page.editAction(r, 'depart:edit'),
        page.deleteAction('depart:del', t('confirmDeleteRecord', { name: r.departName }), () => api.send(departApi.remove, { id: r.id })),
      ],
    }),
  ];
  return (
    <ResourcePage route={route} buttons={[{ code: 'depart:add', label: t('departAdd'), run: page.add }]}>
      <ResourceList {...page.table} columns={columns} empty={{ reason: t('none') }} />
      {page.dialogs}
    </ResourcePage>
  );
}

function DepartForm({ row, onClose, onSaved }: RowFormProps<DepartRow>) {
  const t = useT();
  const api = useApi();
  const bodyOf = (v: Record<string, unknown>) => saveBody(DEPART_FIELDS, row, v) as Sent<typeof departApi.save>;
  const form = useSchemaForm<Record<string, unknown>>(formValues(DEPART_FIELDS, row), departSave, bodyOf);
  const save = (v: Record<string, unknown>) => api.send(departApi.save, bodyOf(v), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('departEdit') : t('departAdd')} form={form} onSave={save} onClose={onClose}>
      <DeclaredFields fields={DEPART_FIELDS} form={form} t={t} />
    </FormDrawer>
  );
}
