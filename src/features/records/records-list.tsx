import { useMemo } from 'react';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { recordApi } from '@/api/table/records.ts';
import { exportJobCalls } from '@/kit/page/export-job-logic.ts';
import type { MetaRecord, RecordSchema } from '@/api/contract/records.ts';
import { useApi, useBound } from '@/shell/session/api-context.ts';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { ResourceList } from '@/kit/list/resource-list.tsx';
import { BatchBar } from '@/kit/list/batch-bar.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useFilters } from '@/kit/list/use-filters.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { saveSheet } from '@/lib/save-sheet.ts';
import { RecordForm } from './record-form.tsx';
import { ImportDialog } from './record-import.tsx';
import { useShow } from './record-show.tsx';
import { useRecordList, useScopedDeparts } from './records-data.ts';
import { RecordFilters, recordDetailItems, recordTitle, useRecordColumns } from './records-columns.tsx';
import { useSheetDownload } from '@/kit/page/use-sheet-download.ts';

export function RecordsPage({ route, schema }: ViewProps & { schema: RecordSchema }) {
  const t = useT();
  const api = useApi();
  const calls = useBound(recordApi);
  const departs = useScopedDeparts();
  const { table, fields, codes } = schema;
  const searchable = fields.filter((f) => f.searchable);
  const filterNames = useMemo(() => searchable.map((f) => f.name), [schema]);
  const filters = useFilters(route.path, filterNames);
  const { data, query } = useRecordList(calls, schema, filters);
  const download = useSheetDownload();
  // The record as it is now (a failure is shown by the shell).
  const fresh = (row: MetaRecord) => calls.detail({ tableId: table.id, id: row.id }).then((a) => a.values);
  const show = useShow();
  const title = recordTitle(fields, show);

  const page = useListPage<MetaRecord, MetaRecord>({
    data,
    filters,
    toEdit: fresh,
    form: (p) => <RecordForm schema={schema} editing={p.row} departs={departs} onClose={p.onClose} onSaved={p.onSaved} />,
    detail: {
      title: t('recordDetail', { label: table.label }),
      load: fresh,
      items: (d) => recordDetailItems(fields, d, show, { createdAt: t('createdAt'), updatedAt: t('updatedAt') }),
    },
    importer: (p) => <ImportDialog {...p} schema={schema} />,
    // Beyond what the browser writes at once, the server writes the file as a job; the button brings a running one back.
    exporter: {
      label: table.label,
      jobs: () => exportJobCalls(api, recordApi.exportJob, { tableId: table.id }),
      deps: [api, table.id],
      query,
      inBrowser: () =>
        download(async () => {
          const { values: sheet } = await calls.sheet({ tableId: table.id, ...query });
          await saveSheet(sheet);
          return sheet;
        }),
    },
  });

  const askRemove = (rows: MetaRecord[]) =>
    page.each(
      rows,
      (r) => calls.remove({ tableId: table.id, id: r.id }),
      rows.length > 1
        ? t('confirmDeleteRecords', { count: rows.length, label: table.label })
        : t('confirmDeleteRecord', { name: title(rows[0]!) }),
    );

  const columns = useRecordColumns({
    schema,
    counted: { count: data.count, countEstimated: data.answer?.countEstimated },
    route,
    show,
    detail: page.showDetail,
    edit: page.edit,
    remove: (r) => askRemove([r]),
  });

  const { chosen } = page;
  return (
    <ResourcePage
      route={route}
      buttons={[
        { code: codes.add, label: t('add'), paletteLabel: t('recordAction', { action: t('add'), label: table.label }), run: page.add },
        {
          code: codes.import,
          label: t('importButton'),
          paletteLabel: t('recordAction', { action: t('importButton'), label: table.label }),
          run: page.startImport,
        },
        {
          code: codes.export,
          label: t('exportButton'),
          paletteLabel: t('recordAction', { action: t('exportButton'), label: table.label }),
          run: page.exportList,
        },
      ]}
    >
      <ResourceList
        {...page.table}
        {...page.selectable}
        toolbar={
          <>
            <RecordFilters fields={searchable} tableId={table.id} departs={departs} filters={filters} />
            <BatchBar count={chosen.length} onClear={page.clearChosen}>
              <PermissionButton code={codes.del} onClick={() => askRemove(chosen)}>
                {t('batchDelete')}
              </PermissionButton>
            </BatchBar>
          </>
        }
        columns={columns}
        empty={{
          reason: t('emptyRecords', { label: table.label }),
          offerMain: true,
          filteredReason: t('emptyRecordsFiltered'),
        }}
      />
      {page.dialogs}
    </ResourcePage>
  );
}
