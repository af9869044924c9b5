import {
  Button,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { SnapshotFrom } from 'xstate';
import type { ExportJobEvent, exportJobMachine } from '@machines/export-job.machine.ts';
import { EXPORT_LIMITS } from '@/api/contract/jobs.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { formatBytes } from '@/lib/format.ts';
import { formatInstant } from '@/lib/time.ts';
import { useTimeZone } from '@/shell/time-zone.ts';
import { DialogShell } from './dialog-shell.tsx';

const count = (n: number) => n.toLocaleString('en-US');

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 'min(520px, 80vw)' },
  download: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontWeight: tokens.fontWeightSemibold },
});

export interface ExportJobDialogProps {
  open: boolean;
  /** what is exported (the table's name), for the title */
  label: string;
  state: SnapshotFrom<typeof exportJobMachine>;
  send: (event: ExportJobEvent) => void;
  /** hides the dialog; a job under way goes on, and opening the dialog again shows it */
  onClose: () => void;
}

/**
 * An export the server writes (beyond what the browser writes at once): the count, the rows written with cancel,
 * then the download link and until when it works, or why it failed. Closing while it runs leaves it running.
 */
export function ExportJobDialog({ open, label, state, send, onClose }: ExportJobDialogProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const zone = useTimeZone();
  const { job, error } = state.context;
  const running = state.matches('starting') || state.matches('writing') || state.matches('cancelling');
  const finish = () => {
    send({ type: 'RESET' });
    onClose();
  };
  return (
    <DialogShell
      open={open}
      title={t('exportJobTitle', { label })}
      onClose={running ? onClose : finish}
      contentClassName={s.body}
      actions={
        running ? (
          <>
            <Button onClick={() => send({ type: 'CANCEL' })} disabled={!state.matches('writing')}>
              {t('cancelExport')}
            </Button>
            <Button appearance="primary" onClick={onClose}>
              {t('runInBackground')}
            </Button>
          </>
        ) : (
          <Button appearance={state.matches('ready') ? 'secondary' : 'primary'} onClick={finish}>
            {t('close')}
          </Button>
        )
      }
    >
      {state.matches('starting') && <Spinner size="small" label={t('exportCounting')} />}
      {(state.matches('writing') || state.matches('cancelling')) && job && (
        <>
          <Field
            validationState="none"
            validationMessage={
              state.matches('cancelling')
                ? t('cancelling')
                : t('exportWriting', { processed: count(job.processed), total: count(job.total) })
            }
          >
            <ProgressBar value={job.total ? job.processed / job.total : 0} aria-label={t('exportJobTitle', { label })} />
          </Field>
          <Text size={200}>{t('exportOnServer', { rows: count(EXPORT_LIMITS.browserMaxRows) })}</Text>
        </>
      )}
      {state.matches('ready') && job?.url && (
        <>
          <MessageBar intent="success">
            <MessageBarBody>{t('exportReady', { total: count(job.total), size: formatBytes(job.bytes ?? 0) })}</MessageBarBody>
          </MessageBar>
          <Link href={job.url} download={job.fileName} className={s.download}>
            <ArrowDownloadRegular aria-hidden />
            {t('exportDownload', { fileName: job.fileName })}
          </Link>
          <Text size={200}>{t('exportLinkUntil', { time: formatInstant(job.expiresAt, zone, 'minutes') })}</Text>
        </>
      )}
      {state.matches('failed') && (
        <MessageBar intent="error">
          <MessageBarBody>{localize(error ?? '')}</MessageBarBody>
        </MessageBar>
      )}
      {state.matches('cancelled') && (
        <MessageBar intent="info">
          <MessageBarBody>{t('exportCancelled')}</MessageBarBody>
        </MessageBar>
      )}
    </DialogShell>
  );
}
