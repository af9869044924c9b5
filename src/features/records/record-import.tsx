import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { DialogShell } from '@/kit/page/dialog-shell.tsx';
import { useEffect, useState } from 'react';
import { recordApi } from '@/api/table/records.ts';
import type { RecordImportProblem as ImportProblem } from '@/api/table/records.ts';
import type { RecordSchema } from '@/api/contract/records.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { RECORD_IMPORT_MAX_BYTES, recordImportSheet } from '@/api/schema/business/record.ts';
import { RECORD_LIMITS } from '@/api/rules/record-rules.ts';
import { FileDrop, XLSX_ACCEPT } from '@/kit/form/controls/file-drop.tsx';
import { saveSheet } from '@/lib/save-sheet.ts';
import { useStyles } from './records-styles.ts';
import { useSayFailure } from '@/kit/page/use-sheet-download.ts';
import { useOperationCancelled } from '@/shell/operation-outcome.ts';
import { ActionPair } from '@/kit/form/actions.tsx';
import { ApiFailure, MESSAGES } from '@/api/errors.ts';

export function ImportDialog({
  open,
  schema,
  onClose,
  onImported,
}: {
  open: boolean;
  schema: RecordSchema;
  onClose: () => void;
  onImported: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const notify = useNotify();
  const calls = useBound(recordApi);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // The sheet's size is the import schema's rule, checked before anything is sent.
  const fileProblem = file ? localize(fieldProblems(recordImportSheet, { file }).file ?? '') : '';
  const [problems, setProblems] = useState<{ list: ImportProblem[]; total: number } | null>(null);
  // The server's refusal of the whole sheet (a wrong header, a sheet too large to read), said here, not in a toast.
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setFile(null);
      setProblems(null);
      setRefused(null);
    }
  }, [open]);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setRefused(null);
    try {
      const form = new FormData();
      form.append('tableId', String(schema.table.id));
      form.append('file', file);
      // quiet: the import dialog says a refusal (a wrong header) beside the file, as the rows' problems are said
      const { values: answer } = await calls.importSheet(form, { quiet: true });
      if (answer.problems?.length) setProblems({ list: answer.problems, total: answer.total ?? answer.problems.length });
      else {
        notify(t('recordsImported', { count: answer.imported }), 'success');
        onImported();
        onClose();
      }
    } catch (err) {
      setRefused(err instanceof ApiFailure ? localize(err.failure.message) : localize(MESSAGES.networkNoStatus));
    } finally {
      setBusy(false);
    }
  };
  const say = useSayFailure();
  const cancelled = useOperationCancelled();
  // closed without a successful import: the click that opened it was dismissed (a refused one stays 失败)
  const dismiss = () => {
    cancelled();
    onClose();
  };
  const template = () =>
    calls
      .sheet({ tableId: schema.table.id, template: true })
      .then((a) => saveSheet(a.values))
      .catch(say);
  return (
    <DialogShell
      open={open}
      title={t('recordAction', { action: t('importButton'), label: schema.table.label })}
      onClose={() => !busy && dismiss()}
      contentClassName={s.importBody}
      actions={
        <ActionPair
          label={t('startImport')}
          busy={busy}
          disabled={!file || Boolean(fileProblem)}
          onAct={() => void upload()}
          onCancel={dismiss}
        />
      }
    >
      <p>{t('recordsImportHint')}</p>
      <Button onClick={() => void template()}>{t('downloadTemplate')}</Button>
      <FileDrop
        label={t('chooseFile')}
        hint={t('xlsxUpTo', { size: `${RECORD_IMPORT_MAX_BYTES / 1024 / 1024} MB`, rows: RECORD_LIMITS.maxImportRows })}
        accept={XLSX_ACCEPT}
        file={file}
        onFile={(f) => {
          setFile(f);
          setProblems(null);
          setRefused(null);
        }}
        invalid={Boolean(fileProblem)}
      />
      {fileProblem && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{fileProblem}</MessageBarBody>
        </MessageBar>
      )}
      {refused && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refused}</MessageBarBody>
        </MessageBar>
      )}
      {problems && (
        <>
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{t('recordsImportProblems', { count: problems.total })}</MessageBarBody>
          </MessageBar>
          <table className={s.problems}>
            <thead>
              <tr>
                <th>{t('importRow')}</th>
                <th>{t('importColumn')}</th>
                <th>{t('importReason')}</th>
              </tr>
            </thead>
            <tbody>
              {problems.list.map((p, i) => (
                <tr key={i}>
                  <td>{p.row}</td>
                  <td>{p.column}</td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </DialogShell>
  );
}
