import { useEffect, useState } from 'react';
import type { InterfaceRow } from '@/api/table/platform.ts';
import { menuApi, type CatalogueNode } from '@/api/table/platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useEditor, type RowFormProps } from '@/kit/form/use-editor.ts';
import { useFilters } from '@/kit/list/use-filters.ts';
import { listed, usePageData } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import { choice } from '@/kit/list/filter-bar.tsx';
import type { ViewProps } from '../view-props.ts';
import { InterfaceForm } from './interface-form.tsx';
import { RelationsDrawer } from './relations-drawer.tsx';
import { useInterfaceColumns } from './columns.tsx';

const FILTERS = ['keyword', 'source'] as const;

/**
 * 系统管理 › 接口列表 (the platform operator's): the server's own calls and an external backend's, who may call each
 * (anonymous, any signed-in user, or the pages and buttons related to it), and the relations themselves.
 */
export default function InterfaceListView({ route }: ViewProps) {
  const t = useT();
  const calls = useBound(menuApi);
  const filters = useFilters(route.path, FILTERS);
  const { list } = filters;
  const f = list.filters;
  const source = f.source === 'server' || f.source === 'external' ? f.source : undefined;
  const data = usePageData(list, (page) => calls.interfaces({ ...page, keyword: f.keyword || undefined, source }).then(listed), [
    calls,
    f.keyword,
    source,
  ]);
  const page = useListPage({ data, form: (p: RowFormProps<InterfaceRow>) => <InterfaceForm {...p} calls={calls} /> });
  const relations = useEditor<InterfaceRow>(data.reload);
  // Entry names by id, so a row says which pages and buttons may call it (reloaded with the list: relations change).
  const [names, setNames] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    calls.catalogue({}).then(
      ({ values: nodes }) => {
        const out = new Map<number, string>();
        const walk = (list: CatalogueNode[], parent: string) =>
          list.forEach((n) => {
            const name = n.uriType === 2 ? `${parent} · ${n.name}` : n.name || t('wrapperEntry');
            out.set(n.id, name);
            walk(n.children, name);
          });
        walk(nodes, '');
        setNames(out);
      },
      () => setNames(new Map()),
    );
  }, [calls, data.rows]);
  const columns = useInterfaceColumns({
    names,
    relate: relations.edit,
    edit: page.edit,
    remove: (r) => page.confirm(t('confirmDeleteInterface', { path: r.path }), () => calls.removeInterface({ id: r.id })),
  });
  return (
    <ResourcePage route={route} buttons={[{ code: 'interface:add', label: t('addExternalInterface'), run: page.add }]}>
      <ResourceList
        {...page.table}
        filters={filters}
        fields={[
          { name: 'keyword', label: t('keywordInterfaces') },
          choice('source', t('source'), ['server', t('sourceServer')], ['external', t('sourceExternal')]),
        ]}
        columns={columns}
        empty={{ reason: t('emptyInterfaces') }}
      />
      {relations.row && <RelationsDrawer {...relations.form} row={relations.row} calls={calls} />}
      {page.dialogs}
    </ResourcePage>
  );
}
