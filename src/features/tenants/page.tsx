import { useState } from 'react';
import type { TenantRow } from '@/api/table/platform.ts';
import { tenantApi } from '@/api/table/platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { navigate } from '@/shell/navigation/hash-location.ts';
import { useNotify } from '@/shell/toast.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useEditor } from '@/kit/form/use-editor.ts';
import { useFilters } from '@/kit/list/use-filters.ts';
import { listed, usePageData } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import { choice } from '@/kit/list/filter-bar.tsx';
import type { ViewProps } from '../view-props.ts';
import { SettingsDrawer } from './settings-drawer.tsx';
import { useTenantColumns } from './columns.tsx';
import { TenantForm } from './tenant-form.tsx';
import { usePagePath } from '@/shell/session/page-path.ts';

const FILTERS = ['keyword', 'status'] as const;

/**
 * 租户管理 › 租户列表 (the platform operator's): tenants with their state, add (with the first admin, whose initial
 * password is shown once), edit, and each tenant's pages and parameters.
 */
export default function TenantListView({ route }: ViewProps) {
  const t = useT();
  const calls = useBound(tenantApi);
  const notify = useNotify();
  const filters = useFilters(route.path, FILTERS);
  const { list } = filters;
  const f = list.filters;
  const editor = useEditor<TenantRow>(() => undefined);
  const [settingsOf, setSettingsOf] = useState<TenantRow | null>(null);
  const status = f.status === '' ? undefined : (Number(f.status) as 0 | 1);
  const data = usePageData(list, (page) => calls.list({ ...page, keyword: f.keyword || undefined, status }).then(listed), [
    calls,
    f.keyword,
    status,
  ]);
  // The tenant pages page wherever the menu put it (an operator may move it); none: the action is not offered.
  const pagesPath = usePagePath('manage/tenant-pages');

  const columns = useTenantColumns({
    edit: editor.edit,
    showPages: pagesPath ? (r) => navigate(`${pagesPath}?tenant=${r.id}`) : null,
    showSettings: setSettingsOf,
  });

  return (
    <ResourcePage route={route} buttons={[{ code: 'tenant:add', label: t('addTenant'), run: editor.add }]}>
      <ResourceList
        filters={filters}
        fields={[{ name: 'keyword', label: t('keywordTenants') }, choice('status', t('status'), ['1', t('active')], ['0', t('inactive')])]}
        columns={columns}
        data={data}
        empty={{
          reason: t('emptyTenants'),
          offerMain: true,
        }}
      />
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
