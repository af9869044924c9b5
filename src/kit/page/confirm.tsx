import { Button } from '@fluentui/react-components';
import { useCallback, useState, type ReactElement, type ReactNode } from 'react';
import { DialogShell } from './dialog-shell.tsx';
import { useNotify } from '@/shell/toast.tsx';
import { useOperationCancelled } from '@/shell/operation-outcome.ts';
import { useT } from '@/i18n/use-t.ts';

export interface ConfirmRequest {
  /** what the user is asked (提示's text) */
  message: string;
  /** the call 确定 makes */
  run: () => Promise<unknown>;
  /** after the call succeeded and 操作成功 was said: a reload */
  then?: () => void;
  /** the call says how it went itself (a batch: how many of them went through) */
  quiet?: boolean;
}

/**
 * An action confirmed first: `ask` opens 提示 with 确定 and 取消; 确定 closes it and makes the call, says 操作成功
 * when it succeeded and runs `then`. A refusal was already shown by the shell, so nothing more is said.
 * @example const [ask, confirmDialog] = useConfirm(); ask({ message, run: () => calls.remove(id), then: reload })
 */
export function useConfirm(): [ask: (request: ConfirmRequest) => void, dialog: ReactElement] {
  const t = useT();
  const notify = useNotify();
  const cancelled = useOperationCancelled();
  const [pending, setPending] = useState<ConfirmRequest | null>(null);
  const ask = useCallback((request: ConfirmRequest) => setPending(request), []);
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? ''}
      onConfirm={() => {
        const request = pending!;
        setPending(null);
        request.run().then(
          () => {
            if (!request.quiet) notify(t('operationDone'), 'success');
            request.then?.();
          },
          () => undefined,
        );
      }}
      onCancel={() => {
        cancelled();
        setPending(null);
      }}
    />
  );
  return [ask, dialog];
}

/** The confirmation every page asks with: titled 提示, with 确定 and 取消. */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  message: string;
  /** the confirming button's words when 确定 says too little (删除) */
  confirmLabel?: string;
  /** what was confirmed is under way: 确定 waits */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** what the message needs beside it (the changes a save makes) */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <DialogShell
      open={open}
      title={t('prompt')}
      onClose={onCancel}
      actions={
        <>
          <Button appearance="primary" disabled={busy} onClick={onConfirm}>
            {confirmLabel ?? t('confirm')}
          </Button>
          <Button onClick={onCancel}>{t('cancel')}</Button>
        </>
      }
    >
      {message}
      {children}
    </DialogShell>
  );
}
