import { useEditor } from '@/kit/form/use-editor.ts';
import { useMemo, useState } from 'react';
import { recordApi } from '@/api/table/records.ts';
import { exportJobCalls } from '@/kit/page/export-job-logic.ts';
import type { MetaRecord, RecordSchema } from '@/api/contract/records.ts';
import { useApi, useBound } from '@/shell/session/api-context.ts';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { BatchBar } from '@/kit/list/batch-bar.tsx';
import { useRowSelection } from '@/kit/list/use-row-selection.ts';
import { useConfirm } from '@/kit/page/confirm.tsx';
import { DetailDialog } from '@/kit/page/detail-dialog.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useFilters } from '@/kit/list/use-filters.ts';
import { useRunEach } from '@/kit/page/use-run-each.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { saveSheet } from '@/lib/save-sheet.ts';
import { RecordForm } from './record-form.tsx';
import { ImportDialog } from './record-import.tsx';
import { useShow } from './record-show.tsx';
import { useRecordList, useScopedDeparts } from './records-data.ts';
import { RecordFilters, recordDetailItems, recordTitle, useRecordColumns } from './records-columns.tsx';
import { useSheetDownload } from '@/kit/page/use-sheet-download.ts';
import { useListExport } from '@/kit/page/use-list-export.tsx';

export function RecordsPage({ route, schema }: ViewProps & { schema: RecordSchema }) {
  const t = useT();
  const api = useApi();
  const calls = useBound(recordApi);
  const show = useShow();
  const departs = useScopedDeparts();
  const { table, fields, codes } = schema;
  const searchable = fields.filter((f) => f.searchable);
  const filterNames = useMemo(() => searchable.map((f) => f.name), [schema]);
  const filters = useFilters(route.path, filterNames);
  const [detail, setDetail] = useState<MetaRecord | null>(null);
  const [importing, setImporting] = useState(false);
  const [ask, confirmDialog] = useConfirm();
  const runEach = useRunEach();

  const { data, query } = useRecordList(calls, schema, filters);
  const selection = useRowSelection(data.rows);

  const editor = useEditor<MetaRecord>(data.reload, filters);
  const openAdd = editor.add;

  // The record as it is now (a failure is shown by the shell).
  const fresh = (row: MetaRecord, then: (r: MetaRecord) => void) =>
    calls.detail({ tableId: table.id, id: row.id }).then(
      (a) => then(a.values),
      () => undefined,
    );
  const openEdit = (row: MetaRecord) => fresh(row, editor.edit);
  const openDetail = (row: MetaRecord) => fresh(row, setDetail);

  const download = useSheetDownload();
  // Beyond what the browser writes at once, the server writes the file as a job; the button brings a running one back.
  const exporter = useListExport(table.label, () => exportJobCalls(api, recordApi.exportJob, { tableId: table.id }), [api, table.id]);
  const exportList = () =>
    exporter.run(data.count, query, () =>
      download(async () => {
        const { values: sheet } = await calls.sheet({ tableId: table.id, ...query });
        await saveSheet(sheet);
        return sheet;
      }),
    );

  const askRemove = (rows: MetaRecord[]) =>
    ask({
      message:
        rows.length > 1
          ? t('confirmDeleteRecords', { count: rows.length, label: table.label })
          : t('confirmDeleteRecord', { name: title(rows[0]) }),
      run: () => runEach(rows, (r) => calls.remove({ tableId: table.id, id: r.id }), data.reload),
      quiet: true,
    });

  const title = recordTitle(fields, show);
  const columns = useRecordColumns({
    schema,
    counted: { count: data.count, countEstimated: data.answer?.countEstimated },
    route,
    show,
    detail: (r) => void openDetail(r),
    edit: (r) => void openEdit(r),
    remove: (r) => askRemove([r]),
  });

  const { chosen } = selection;
  return (
    <ResourcePage
      route={route}
      buttons={[
        { code: codes.add, label: t('add'), paletteLabel: t('recordAction', { action: t('add'), label: table.label }), run: openAdd },
        {
          code: codes.import,
          label: t('importButton'),
          paletteLabel: t('recordAction', { action: t('importButton'), label: table.label }),
          run: () => setImporting(true),
        },
        {
          code: codes.export,
          label: t('exportButton'),
          paletteLabel: t('recordAction', { action: t('exportButton'), label: table.label }),
          run: () => void exportList(),
        },
      ]}
    >
      <ResourceList
        filters={filters}
        toolbar={
          <>
            <RecordFilters fields={searchable} tableId={table.id} departs={departs} filters={filters} />
            <BatchBar count={chosen.length} onClear={selection.clear}>
              <PermissionButton code={codes.del} onClick={() => askRemove(chosen)}>
                {t('batchDelete')}
              </PermissionButton>
            </BatchBar>
          </>
        }
        columns={columns}
        data={data}
        selected={selection.selected}
        onSelect={selection.onSelect}
        empty={{
          reason: t('emptyRecords', { label: table.label }),
          offerMain: true,
          filteredReason: t('emptyRecordsFiltered'),
        }}
      />
      {editor.open && <RecordForm schema={schema} editing={editor.row} departs={departs} onClose={editor.close} onSaved={editor.saved} />}
      <DetailDialog
        title={t('recordDetail', { label: table.label })}
        onClose={() => setDetail(null)}
        items={detail && recordDetailItems(fields, detail, show, { createdAt: t('createdAt'), updatedAt: t('updatedAt') })}
      />
      {confirmDialog}
      {exporter.dialog}
      <ImportDialog open={importing} schema={schema} onClose={() => setImporting(false)} onImported={data.reload} />
    </ResourcePage>
  );
}
