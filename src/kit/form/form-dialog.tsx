import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useRestoreFocus } from '../../shell/restore-focus.ts';
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
  useRestoreFocus(open);
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>{children}</DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={saving}>
                {saving ? t('operating') : submitLabel}
              </Button>
              <Button onClick={onClose}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
