import {
  Checkbox,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useAppActor } from '../../../journal/actor-hooks.ts';
import { useState } from 'react';
import { passwordProblem } from '../../../api/contract.ts';
import { userImportCalls } from '../../../api/calls/user-calls.ts';
import { useApi, useCalls } from '../../../shell/session/api-context.ts';
import { DataTable, type Column } from '../../../kit/list/data-table.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useRestoreFocus } from '../../../shell/restore-focus.ts';
import { createUserImportLogic } from './user-import-logic.ts';
import type { ImportProblem } from '../../../api/contract.ts';
import { saveSheet } from '../../../lib/save-sheet.ts';
import { useSayFailure } from '../../../kit/page/use-sheet-download.ts';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 'min(560px, 80vw)' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

export interface UserImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** the import saved rows: the list reloads */
  onImported: () => void;
  downloadTemplate: () => void;
}

/** 导入用户: file and initial password, upload then processing progress, cancel, and the per-row report. */
export function UserImportDialog({ open, onClose, onImported, downloadTemplate }: UserImportDialogProps) {
  useRestoreFocus(open);
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const logic = useCalls(createUserImportLogic);
  const [state, send] = useAppActor(logic);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const [tried, setTried] = useState(false);
  const { job, loaded, size, error } = state.context;
  const busy = state.matches('uploading') || state.matches('processing') || state.matches('cancelling');
  const fileProblem = !file ? t('chooseXlsx') : /\.xlsx$/i.test(file.name) ? null : t('chooseXlsx');
  const pwProblem = passwordProblem(password);
  const failed = job?.report.length ?? 0;
  const say = useSayFailure();
  // The refused rows as the sheet had them, each with its reasons: fixed in place, the file imports as it is.
  const downloadErrors = (jobId: number) => downloadSheet(api, { type: 'userImportErrors', jobId }).catch(say);

  const close = () => {
    if (busy) return;
    if (job && job.created > 0) onImported();
    send({ type: 'RESET' });
    setFile(null);
    setPassword('');
    setTried(false);
    onClose();
  };
  const columns: Column<ImportProblem & { key: number }>[] = [
    { key: 'row', title: t('colRow'), width: 70, render: (p) => p.row },
    { key: 'field', title: t('colField'), width: 90, render: (p) => p.field },
    { key: 'reason', title: t('colReason'), width: 320, render: (p) => p.reason, ellipsis: (p) => p.reason },
  ];

  return (
    <Dialog open={open} modalType={busy ? 'alert' : 'modal'} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('importUsers')}</DialogTitle>
          <DialogContent className={s.body}>
            {state.matches('idle') && (
              <>
                <div className={s.row}>
                  <Button size="small" onClick={downloadTemplate}>
                    {t('downloadTemplate')}
                  </Button>
                </div>
                <Field
                  label={t('chooseFile')}
                  required
                  {...(tried && fileProblem ? { validationState: 'error' as const, validationMessage: fileProblem } : {})}
                >
                  <input
                    type="file"
                    accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                </Field>
                <Field
                  label={t('initialPassword')}
                  required
                  {...(tried && pwProblem
                    ? { validationState: 'error' as const, validationMessage: pwProblem }
                    : { hint: t('importPasswordHint') })}
                >
                  <Input type="password" autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
                </Field>
                <Checkbox
                  label={t('mustChangeAtFirstSignIn')}
                  checked={mustChange}
                  onChange={(_, d) => setMustChange(d.checked === true)}
                />
              </>
            )}
            {state.matches('uploading') && (
              <Field validationMessage={t('uploading', { percent: size ? Math.floor((loaded / size) * 100) : 0 })} validationState="none">
                <ProgressBar
                  value={size ? loaded / size : 0}
                  aria-label={t('uploading', { percent: size ? Math.floor((loaded / size) * 100) : 0 })}
                />
              </Field>
            )}
            {(state.matches('processing') || state.matches('cancelling')) && job && (
              <Field
                validationMessage={
                  state.matches('cancelling') ? t('cancelling') : t('processing', { processed: job.processed, total: job.total })
                }
                validationState="none"
              >
                <ProgressBar
                  value={job.total ? job.processed / job.total : 0}
                  aria-label={t('processing', { processed: job.processed, total: job.total })}
                />
              </Field>
            )}
            {state.matches('report') && job && (
              <>
                <MessageBar intent={failed ? 'warning' : 'success'}>
                  <MessageBarBody>{t('importDone', { created: job.created, failed: job.total - job.created })}</MessageBarBody>
                </MessageBar>
                {failed > 0 && (
                  <div className={s.row}>
                    <Button size="small" onClick={() => void downloadErrors(job.jobId)}>
                      {t('downloadImportErrors')}
                    </Button>
                    <span>{t('importErrorsHint')}</span>
                  </div>
                )}
                {failed > 0 && (
                  <DataTable
                    label={t('importUsers')}
                    columns={columns}
                    rows={job.report.map((p, key) => ({ ...p, key }))}
                    rowKey={(p) => p.key}
                  />
                )}
              </>
            )}
            {state.matches('cancelled') && (
              <MessageBar intent="info">
                <MessageBarBody>{t('importCancelled', { created: job?.created ?? 0 })}</MessageBarBody>
              </MessageBar>
            )}
            {state.matches('failed') && (
              <MessageBar intent="error">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            {state.matches('idle') && (
              <Button
                appearance="primary"
                onClick={() => {
                  setTried(true);
                  if (!fileProblem && !pwProblem && file) send({ type: 'START', file, password, mustChange });
                }}
              >
                {t('startImport')}
              </Button>
            )}
            {(state.matches('uploading') || state.matches('processing')) && (
              <Button onClick={() => send({ type: 'CANCEL' })}>{t('cancel')}</Button>
            )}
            {(state.matches('report') || state.matches('failed') || state.matches('cancelled')) && (
              <Button
                onClick={() => {
                  if (job && job.created > 0) onImported();
                  send({ type: 'RESET' });
                  setFile(null);
                }}
              >
                {t('importAgain')}
              </Button>
            )}
            <Button onClick={close} disabled={busy}>
              {t('close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Downloads a sheet from /v1/common/excel/getExcelUrl, written in the browser (sheetjs-style loaded on demand). */
export async function downloadSheet(api: ReturnType<typeof useApi>, body: Parameters<ReturnType<typeof userImportCalls>['sheet']>[0]) {
  const content = await userImportCalls(api).sheet(body);
  await saveSheet(content);
  return content;
}
