import { useEffect, useState } from 'react';
import type { MetaFieldRow } from '@/api/contract/records.ts';
import type { MetaTableRow } from '@/api/table/meta.ts';
import { metaApi } from '@/api/table/meta.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { useConfirm } from '@/kit/page/confirm.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { SubList } from '@/kit/list/sub-list.tsx';
import { useEditor } from '@/kit/form/use-editor.ts';
import { useFilters } from '@/kit/list/use-filters.ts';
import { lastPage } from '@/kit/list/list-query.ts';
import { listed, usePageData, useRowsOf } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { FieldForm } from './meta-field-form.tsx';
import { TableForm } from './table-form.tsx';
import { useMetaColumns } from './columns.tsx';
import { PublishDialog } from './publish-dialog.tsx';

const FILTERS = ['keyword', 'table'] as const;

/**
 * 系统管理 › 数据字典: the tenant's data tables and their typed fields, the schema business pages are rendered from.
 * The chosen table is in the address (?table=), its fields below the list.
 */
export default function MetaDataView({ route }: ViewProps) {
  const t = useT();
  const calls = useBound(metaApi);
  const filters = useFilters(route.path, FILTERS, { keep: ['table'] });
  const { list, setList } = filters;
  const f = list.filters;
  const [allTables, setAllTables] = useState<MetaTableRow[]>([]);
  const [ask, confirmDialog] = useConfirm();
  const data = usePageData(list, (page) => calls.tables({ ...page, keyword: f.keyword || undefined }).then(listed), [calls, f.keyword]);
  useEffect(() => {
    calls.tables({ pageNum: 1, pageSize: 500 }).then(
      (r) => setAllTables(r.values),
      () => setAllTables([]),
    );
  }, [calls, data.rows]);
  const table = allTables.find((x) => String(x.id) === f.table) ?? data.rows?.find((x) => String(x.id) === f.table) ?? null;
  const fields = useRowsOf(table, (chosen) => calls.fields({ tableId: chosen.id }).then((a) => a.values), [calls, data.rows]);
  const showTable = (id: number | '') => setList({ filters: { keyword: f.keyword, table: String(id) } });
  const tableEditor = useEditor<MetaTableRow>(data.reload);
  const fieldEditor = useEditor<MetaFieldRow>(data.reload);
  const [publishing, setPublishing] = useState<MetaTableRow | null>(null);

  const { columns, fieldColumns } = useMetaColumns({
    tables: allTables,
    showTable,
    editTable: tableEditor.edit,
    removeTable: (r) =>
      ask({
        message: t('confirmDeleteMetaTable', { name: r.label, fields: r.fieldCount }),
        run: () => calls.removeTable({ id: r.id }),
        then: () => {
          if (String(r.id) === f.table) showTable('');
          data.reload();
        },
      }),
    publishTable: setPublishing,
    editField: fieldEditor.edit,
    removeField: (r) =>
      ask({
        message: r.inUse ? t('confirmDeleteMetaFieldInUse', { name: r.label }) : t('confirmDeleteMetaField', { name: r.label }),
        run: () => calls.removeField({ id: r.id, confirm: true }),
        then: data.reload,
      }),
  });

  return (
    <ResourcePage route={route} buttons={[{ code: 'meta:save', label: t('addMetaTable'), run: tableEditor.add }]}>
      <ResourceList
        filters={filters}
        fields={[{ name: 'keyword', label: t('keywordMeta') }]}
        columns={columns}
        data={data}
        empty={{
          reason: t('emptyMetaTables'),
          offerMain: true,
        }}
      />
      {table && (
        <SubList
          title={t('fieldsOf', { name: table.label })}
          actions={
            <PermissionButton code="meta:save" onClick={fieldEditor.add}>
              {t('addMetaField')}
            </PermissionButton>
          }
          columns={fieldColumns}
          data={fields}
          empty={{ reason: t('emptyMetaFields') }}
        />
      )}
      {tableEditor.open && (
        <TableForm
          row={tableEditor.row}
          onClose={tableEditor.close}
          onSaved={(id) => {
            const isNew = tableEditor.row === null;
            tableEditor.saved();
            // A new table is the newest, and tables are listed by id: it is on the last page of the whole list, which
            // is shown with the new table chosen (a search that would hide it is cleared). The list is counted again
            // for it: the rows on screen may not have loaded yet, or be another search's.
            if (isNew) {
              const show = (count: number) => setList({ filters: { keyword: '', table: String(id) }, page: lastPage(count, list.size) });
              calls.tables({ pageNum: 1, pageSize: 1 }).then(
                (r) => show(r.count),
                () => show(1),
              );
            }
          }}
        />
      )}
      {fieldEditor.open && table && (
        <FieldForm table={table} row={fieldEditor.row} tables={allTables} onClose={fieldEditor.close} onSaved={fieldEditor.saved} />
      )}
      {confirmDialog}
      {publishing && <PublishDialog table={publishing} onClose={() => setPublishing(null)} onPublished={data.reload} />}
    </ResourcePage>
  );
}
