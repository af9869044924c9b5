import { Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { DialogShell } from '../page/dialog-shell.tsx';
import { useT } from '../../i18n/use-t.ts';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** the submit button's text (发送测试短信, 驳回) */
  submitLabel: string;
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A short form in a dialog (a phone to send a test to, a reason to reject): Enter or the submit button sends it,
 * disabled while it is being sent; 取消 or Escape closes it, and focus goes back where it was.
 */
export function FormDialog({ open, title, submitLabel, saving, onSubmit, onClose, children }: FormDialogProps) {
  const t = useT();
  return (
    <DialogShell
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <>
          <Button appearance="primary" type="submit" disabled={saving}>
            {saving ? t('operating') : submitLabel}
          </Button>
          <Button onClick={onClose}>{t('cancel')}</Button>
        </>
      }
    >
      {children}
    </DialogShell>
  );
}
