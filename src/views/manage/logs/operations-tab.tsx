import { Button } from '@fluentui/react-components';
import { type OperationLogRow } from '../../../api/calls/system/log-calls.ts';
import { saveSheet } from '../../../lib/save-sheet.ts';
import { useFormatInstant, useTimeZone } from '../../../shell/time-zone.ts';
import { type Column } from '../../../kit/table/data-table.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { LogList, range, useLogCalls, type TabProps } from './log-list.tsx';
import { useSheetDownload } from '../../../kit/page/use-sheet-download.ts';
import { useListExport } from '../../../kit/page/use-list-export.tsx';
import { Mono } from '../../../kit/table/mono.tsx';

/** 操作日志: tracked clicks by user, page and time, and their export (the browser up to 10,000 rows, a server job beyond). */
export function OperationsTab(props: TabProps) {
  const t = useT();
  const calls = useLogCalls();
  const zone = useTimeZone();
  const formatInstant = useFormatInstant();
  const f = props.filters.list.filters;
  const columns: Column<OperationLogRow>[] = [
    { key: 'time', title: t('operationTime'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'user', title: t('account'), width: 120, render: (r) => r.userName, ellipsis: (r) => `${r.userName} ${r.nickname}` },
    { key: 'name', title: t('operationName'), width: 140, render: (r) => r.operationName },
    {
      key: 'page',
      title: t('operationPage'),
      width: 130,
      render: (r) => r.pageName || r.menuName || '--',
    },
    {
      key: 'code',
      title: t('operationCode'),
      width: 140,
      render: (r) => <Mono>{r.operationCode}</Mono>,
      ellipsis: (r) => r.operationCode,
    },
  ];
  const download = useSheetDownload();
  const query = { user: f.user || undefined, page: f.page || undefined, ...range(f, zone) };
  // Up to 10,000 rows the browser writes the file; beyond, the server does, as a job.
  const exporter = useListExport(props.label, () => calls.operationsExportJob, [calls]);
  const exportAll = (count: number) =>
    exporter.run(count, query, () =>
      download(async () => {
        const all = await calls.operations({ pageNum: 1, pageSize: 10, export: true, ...query });
        await saveSheet({
          fileName: `操作日志-${formatInstant(new Date(), 'date')}.xlsx`,
          columns: [t('operationTime'), t('account'), t('nickname'), t('operationName'), t('operationPage'), t('operationCode')],
          rows: all.rows.map((r) => [
            formatInstant(r.createdAt),
            r.userName,
            r.nickname,
            r.operationName,
            r.pageName || r.menuName,
            r.operationCode,
          ]),
        });
        return all;
      }),
    );
  return (
    <>
      <LogList
        {...props}
        fields={[
          { name: 'user', label: t('operator') },
          { name: 'page', label: t('operationPage') },
        ]}
        load={(x, q) => calls.operations({ ...q, user: x.user || undefined, page: x.page || undefined })}
        columns={columns}
        toolbar={(count) => (
          <Button onClick={() => void exportAll(count)} data-track-code="log:export">
            {t('exportButton')}
          </Button>
        )}
      />
      {exporter.dialog}
    </>
  );
}
