import { Button, Field, MessageBar, MessageBarBody, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import type { ImportProblem, ImportStatus } from '@/api/contract/jobs.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { DataTable, type Column } from '@/kit/table/data-table.tsx';
import { useSayFailure } from '@/kit/page/use-sheet-download.ts';
import { useT } from '@/i18n/use-t.ts';
import { downloadSheet } from './sheets.ts';

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' } });

/** An import's outcome: how many rows were saved, and each refused row with its reasons (also as a sheet). */
function ImportReport({ job }: { job: ImportStatus }) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const say = useSayFailure();
  const failed = job.report.length;
  const columns: Column<ImportProblem & { key: number }>[] = [
    { key: 'row', title: t('colRow'), width: 70, render: (p) => p.row },
    { key: 'field', title: t('colField'), width: 90, render: (p) => p.field },
    { key: 'reason', title: t('colReason'), width: 320, render: (p) => p.reason, ellipsis: (p) => p.reason },
  ];
  return (
    <>
      <MessageBar intent={failed ? 'warning' : 'success'}>
        <MessageBarBody>{t('importDone', { created: job.created, failed: job.total - job.created })}</MessageBarBody>
      </MessageBar>
      {failed > 0 && (
        <div className={s.row}>
          {/* The refused rows as the sheet had them, each with its reasons: fixed in place, the file imports as it is. */}
          <Button size="small" onClick={() => void downloadSheet(api, { type: 'userImportErrors', jobId: job.jobId }).catch(say)}>
            {t('downloadImportErrors')}
          </Button>
          <span>{t('importErrorsHint')}</span>
        </div>
      )}
      {failed > 0 && (
        <DataTable label={t('importUsers')} columns={columns} rows={job.report.map((p, key) => ({ ...p, key }))} rowKey={(p) => p.key} />
      )}
    </>
  );
}

/**
 * Everything after 开始导入, by the import's state: the upload's bytes, the server's rows processed (or the cancel on
 * its way), then the report, the rows saved before a cancel, or why it failed.
 */
export function ImportProgress({
  stage,
  loaded,
  size,
  job,
  error,
}: {
  stage: string;
  loaded: number;
  size: number;
  job: ImportStatus | null;
  error: string | null;
}) {
  const t = useT();
  if (stage === 'uploading') {
    const label = t('uploading', { percent: size ? Math.floor((loaded / size) * 100) : 0 });
    return (
      <Field validationMessage={label} validationState="none">
        <ProgressBar value={size ? loaded / size : 0} aria-label={label} />
      </Field>
    );
  }
  if (stage === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{error}</MessageBarBody>
      </MessageBar>
    );
  }
  if (stage === 'cancelled') {
    return (
      <MessageBar intent="info">
        <MessageBarBody>{t('importCancelled', { created: job?.created ?? 0 })}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!job) return null;
  if (stage === 'report') return <ImportReport job={job} />;
  const processing = t('processing', { processed: job.processed, total: job.total });
  return (
    <Field validationMessage={stage === 'cancelling' ? t('cancelling') : processing} validationState="none">
      <ProgressBar value={job.total ? job.processed / job.total : 0} aria-label={processing} />
    </Field>
  );
}
