import type { ReactNode } from 'react';
import { DialogShell } from '../page/dialog-shell.tsx';
import { useOperationCancelled } from '@/shell/operation-outcome.ts';
import { ActionPair } from './actions.tsx';
import type { FormApi } from './use-form.ts';

export interface FormDialogProps<V extends Record<string, unknown>> {
  /** the dialog's form: its rules run before `send`, and its saving flag disables the submit button */
  form: Pick<FormApi<V>, 'saving' | 'submit'>;
  title: string;
  /** the submit button's text (发送测试短信, 驳回) */
  submitLabel: string;
  /** what the form does with its checked values; a refusal lands under its field and the dialog stays */
  send: (values: V) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
  open?: boolean;
  /**
   * what was done, once sent: the same dialog then shows its title, words and buttons instead of the form (a second
   * dialog opened as this one closed could keep the aria-hidden Fluent gives everything outside a modal)
   */
  done?: { title: string; body: ReactNode; actions: ReactNode } | null;
}

/**
 * A short form in a dialog (a phone to send a test to, a reason to reject): Enter or the submit button sends it,
 * disabled while it is being sent; 取消 or Escape closes it, and focus goes back where it was.
 */
export function FormDialog<V extends Record<string, unknown>>({
  form,
  title,
  submitLabel,
  send,
  onClose,
  children,
  open = true,
  done,
}: FormDialogProps<V>) {
  const { saving } = form;
  const cancelled = useOperationCancelled();
  // 取消 and Escape before it was sent dismiss what opened it (the operation log's 已取消); after, they only close
  const dismiss = () => {
    if (!done) cancelled();
    onClose();
  };
  return (
    <DialogShell
      open={open}
      title={done ? done.title : title}
      onClose={dismiss}
      onSubmit={done ? undefined : () => void form.submit(send)}
      actions={done ? done.actions : <ActionPair label={submitLabel} busy={saving} submit onCancel={dismiss} cancelWhileBusy />}
    >
      {done ? done.body : children}
    </DialogShell>
  );
}
