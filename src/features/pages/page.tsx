import { ResourceList } from '@/kit/list/resource-list.tsx';
import { pageApi, type PageRow } from '@/api/table/content.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { navigate, useHashSearch } from '@/shell/navigation/hash-location.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { type Column } from '@/kit/table/data-table.tsx';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useListData } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { Builder } from './builder.tsx';

/**
 * 内容与营销 › 自定义页面 (template/custom-page): the page builder. The list of the tenant's pages; a page
 * opens in the builder (`?page=<id>` or `?page=new`): rects from the component palette on a canvas at the
 * mini-program's size, dragged and resized (aspect ratio kept when set), layered and edited in the side panel,
 * popups shown one at a time; arrows move the selected rect (Shift: 10), Delete removes it, Ctrl+Z / Ctrl+Shift+Z
 * undo and redo. The statechart (machines/page-builder.machine.ts) holds it all; saving sends the version it was
 * made on.
 */
export default function CustomPageView({ route }: ViewProps) {
  const search = useHashSearch();
  const target = new URLSearchParams(search).get('page');
  if (target) {
    const id = target === 'new' ? null : Number(target);
    return <Builder key={target === 'new' ? 'new' : String(id)} route={route} id={Number.isInteger(id) ? id : null} />;
  }
  return <PageList route={route} />;
}

function PageList({ route }: ViewProps) {
  const t = useT();
  const formatInstant = useFormatInstant();
  const calls = useBound(pageApi);
  const data = useListData(
    () =>
      calls.query({ pageNum: 1, pageSize: 200 }).then((a) => ({ rows: a.values.filter((p): p is PageRow => p !== null), count: a.count })),
    [calls],
  );
  const page = useListPage({ data });
  const columns: Column<PageRow>[] = [
    { key: 'name', title: t('pageName'), width: 220, render: (r) => r.name },
    { key: 'rects', title: t('pageRects'), width: 90, render: (r) => r.rects.length },
    { key: 'updatedAt', title: t('updatedAt'), width: 160, render: (r) => formatInstant(r.updatedAt) },
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [
        { code: 'page:edit', label: t('edit'), run: () => navigate(`${route.path}?page=${r.id}`) },
        page.deleteAction('page:del', t('confirmDeleteRecord', { name: r.name }), () => calls.remove({ id: r.id })),
      ],
    }),
  ];
  return (
    <ResourcePage route={route} buttons={[{ code: 'page:add', label: t('newPage'), run: () => navigate(`${route.path}?page=new`) }]}>
      <ResourceList {...page.table} columns={columns} empty={{ reason: t('noPages') }} />
      {page.dialogs}
    </ResourcePage>
  );
}
