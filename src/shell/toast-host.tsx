import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { TOASTER_ID, toastBus } from './toast-bus.ts';

/** Fluent's toaster, fed by the toast bus (toast.tsx): a lazy chunk. */
export default function ToastHost({ mountNode }: { mountNode: HTMLElement }) {
  const { dispatchToast } = useToastController(TOASTER_ID);
  useEffect(
    () =>
      toastBus.attach(({ message, level, duration }) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{message}</ToastTitle>
          </Toast>,
          { intent: level, timeout: duration },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={TOASTER_ID} position="top" mountNode={mountNode} />;
}
