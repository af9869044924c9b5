import { Button } from '@fluentui/react-components';
import { logApi, type OperationLogRow } from '@/api/table/logs.ts';
import { saveSheet } from '@/lib/save-sheet.ts';
import { useFormatInstant, useTimeZone } from '@/shell/time-zone.ts';
import { type Column } from '@/kit/table/data-table.tsx';
import { useT } from '@/i18n/use-t.ts';
import { LogList, range, type TabProps } from './log-list.tsx';
import { useApi } from '@/shell/session/api-context.ts';
import { listed } from '@/kit/list/use-list.ts';
import { useSheetDownload } from '@/kit/page/use-sheet-download.ts';
import { useListExport } from '@/kit/page/use-list-export.tsx';
import { exportJobCalls } from '@/kit/page/export-job-logic.ts';
import { Mono } from '@/kit/table/mono.tsx';
import { choice } from '@/kit/list/filter-bar.tsx';
import { OPERATION_OUTCOMES, type OperationOutcome } from '@/api/schema/system/log.ts';
import { OutcomeBadge } from './outcome-badge.tsx';

/** 操作日志: tracked clicks by user, page and time, and their export (the browser up to 10,000 rows, a server job beyond). */
export function OperationsTab(props: TabProps) {
  const t = useT();
  const api = useApi();
  const zone = useTimeZone();
  const formatInstant = useFormatInstant();
  const f = props.filters.list.filters;
  const columns: Column<OperationLogRow>[] = [
    { key: 'time', title: t('operationTime'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'user', title: t('account'), width: 120, render: (r) => r.userName, ellipsis: (r) => `${r.userName} ${r.nickname}` },
    { key: 'name', title: t('operationName'), width: 140, render: (r) => r.operationName },
    // what it led to, beside what it was (at 1024 px the page and code are the columns that scroll)
    {
      key: 'outcome',
      title: t('operationOutcome'),
      width: 90,
      render: (r) => (r.outcome ? <OutcomeBadge outcome={r.outcome} /> : '--'),
      // a failure's refusal, in the words the user saw
      ellipsis: (r) => (r.refusal ? `${outcomeWord(r.outcome)}：${r.refusal}` : ''),
    },
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
  const outcomeWord = (o: OperationOutcome | null) => (o ? t(`operationOutcome_${o}`) : '');
  const download = useSheetDownload();
  const outcome = (OPERATION_OUTCOMES as readonly string[]).includes(f.outcome ?? '') ? (f.outcome as OperationOutcome) : undefined;
  const query = { user: f.user || undefined, page: f.pageName || undefined, outcome, ...range(f, zone) };
  // Up to 10,000 rows the browser writes the file; beyond, the server does, as a job.
  const exporter = useListExport(props.label, () => exportJobCalls(api, logApi.operationsExportJob), [api]);
  const exportAll = (count: number) =>
    exporter.run(count, query, () =>
      download(async () => {
        const all = await api.send(logApi.operations, { pageNum: 1, pageSize: 10, export: true, ...query }).then(listed);
        await saveSheet({
          fileName: `操作日志-${formatInstant(new Date(), 'date')}.xlsx`,
          columns: [
            t('operationTime'),
            t('account'),
            t('nickname'),
            t('operationName'),
            t('operationPage'),
            t('operationCode'),
            t('operationOutcome'),
            t('failureReason'),
          ],
          rows: all.rows.map((r) => [
            formatInstant(r.createdAt),
            r.userName,
            r.nickname,
            r.operationName,
            r.pageName || r.menuName,
            r.operationCode,
            outcomeWord(r.outcome),
            r.refusal,
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
          // the call's `page` (SPEC 7); in the address `pageName`, since `page` there is the list's page number
          { name: 'pageName', label: t('operationPage') },
          choice('outcome', t('operationOutcome'), ...OPERATION_OUTCOMES.map((o) => [o, outcomeWord(o)] as [string, string])),
        ]}
        load={(x, q) =>
          api
            .send(logApi.operations, {
              ...q,
              user: x.user || undefined,
              page: x.pageName || undefined,
              outcome: (OPERATION_OUTCOMES as readonly string[]).includes(x.outcome ?? '') ? (x.outcome as OperationOutcome) : undefined,
            })
            .then(listed)
        }
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
