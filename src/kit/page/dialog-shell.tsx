import { useKeptVisible } from '@/shell/tabs/kept-visible.ts';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useRestoreFocus } from '@/shell/restore-focus.ts';

export interface DialogShellProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the backdrop or a close button: the dialog's own way out (not called while `alert`) */
  onClose: () => void;
  /** the buttons under the content */
  actions: ReactNode;
  children: ReactNode;
  /** work under way that must not be dismissed by Escape or the backdrop */
  alert?: boolean;
  contentClassName?: string;
  surfaceClassName?: string;
  /** wraps the body in a form whose submit (Enter, a submit button) calls this */
  onSubmit?: () => void;
}

/**
 * The one dialog frame of the console: title, content, actions; Escape closes it unless work is under way, and focus
 * goes back to where it was when it opened.
 */
export function DialogShell({
  open,
  title,
  onClose,
  actions,
  children,
  alert,
  contentClassName,
  surfaceClassName,
  onSubmit,
}: DialogShellProps) {
  useRestoreFocus(open);
  // A kept page hidden behind another keeps its dialog open but off screen, until the page is back.
  const onScreen = useKeptVisible();
  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={contentClassName}>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </DialogBody>
  );
  return (
    <Dialog open={open && onScreen} modalType={alert ? 'alert' : 'modal'} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={surfaceClassName}>
        {onSubmit ? (
          <form
            // the form's own rules speak, in the console's words under each field: never the browser's bubble for a
            // required field (which blocked the submit without a word on the page)
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
      </DialogSurface>
    </Dialog>
  );
}
