import { Checkbox, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useAppActor } from '@/journal/actor-hooks.ts';
import { useState } from 'react';
import { fieldProblems } from '@/api/schema/kit.ts';
import { importPassword, importSheet } from '@/api/schema/system/user.ts';
import { useCalls } from '@/shell/session/api-context.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { DialogShell } from '@/kit/page/dialog-shell.tsx';
import { FileDrop, XLSX_ACCEPT } from '@/kit/form/controls/file-drop.tsx';
import { IMPORT_LIMITS } from '@/api/contract/users.ts';
import { createUserImportLogic } from './user-import-logic.ts';
import { useOperationCancelled } from '@/shell/operation-outcome.ts';
import { ImportProgress } from './import-report.tsx';

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
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const logic = useCalls(createUserImportLogic);
  const [state, send] = useAppActor(logic);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const [tried, setTried] = useState(false);
  const { job, loaded, size, error } = state.context;
  const busy = state.matches('uploading') || state.matches('processing') || state.matches('cancelling');
  // An .xlsx, within the upload schema's size, checked before anything is sent.
  const fileProblem =
    !file || !/\.xlsx$/i.test(file.name) ? t('chooseXlsx') : localize(fieldProblems(importSheet, { file }).file ?? '') || null;
  const pwProblem = localize(fieldProblems(importPassword, { password }).password ?? '');

  // A new start (or closing) reloads the list when the import saved rows.
  const startOver = () => {
    if (job && job.created > 0) onImported();
    send({ type: 'RESET' });
    setFile(null);
  };
  const cancelled = useOperationCancelled();
  const close = () => {
    if (busy) return;
    startOver();
    setPassword('');
    setTried(false);
    // nothing imported: the click that opened it was dismissed (the operation log's 已取消)
    cancelled();
    onClose();
  };
  return (
    <DialogShell
      open={open}
      alert={busy}
      title={t('importUsers')}
      onClose={close}
      contentClassName={s.body}
      actions={
        <>
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
            <Button onClick={startOver}>{t('importAgain')}</Button>
          )}
          <Button onClick={close} disabled={busy}>
            {t('close')}
          </Button>
        </>
      }
    >
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
            <FileDrop
              label={t('chooseFile')}
              hint={t('xlsxUpTo', { size: `${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`, rows: IMPORT_LIMITS.maxRows })}
              accept={XLSX_ACCEPT}
              file={file}
              onFile={setFile}
              invalid={Boolean(tried && fileProblem)}
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
          <Checkbox label={t('mustChangeAtFirstSignIn')} checked={mustChange} onChange={(_, d) => setMustChange(d.checked === true)} />
        </>
      )}
      {!state.matches('idle') && <ImportProgress stage={String(state.value)} loaded={loaded} size={size} job={job} error={error} />}
    </DialogShell>
  );
}
