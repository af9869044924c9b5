import { useLocalize } from '../i18n/use-t.ts';
import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { useCallback } from 'react';

/** The one toaster of the app (mounted by app.tsx); every message of the shell goes through it. */
export const TOASTER_ID = 'app-toaster';

export type ToastLevel = 'success' | 'info' | 'warning' | 'error';

/** Shows a message in the app's toaster; durations in ms (SPEC 9: 5, 7 and 10 s for the catalogue). */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  const localize = useLocalize();
  return useCallback(
    (message: string, level: ToastLevel = 'info', duration = 3000) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{localize(message)}</ToastTitle>
        </Toast>,
        { intent: level, timeout: duration },
      ),
    [dispatchToast, localize],
  );
}
