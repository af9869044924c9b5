import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useLocalize } from '../i18n/use-t.ts';
import { toastBus, type ToastLevel } from './toast-bus.ts';

export { TOASTER_ID, toastBus, type ToastLevel, type ToastMessage } from './toast-bus.ts';

const ToastHost = lazy(() => import('./toast-host.tsx'));

/** Mounts the toaster at the first message, or right after the first paint. */
export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    toastBus.onWanted(mount);
    // Right after the first frame is painted: early enough that no dialog is open yet when its portal arrives (a
    // portal added under an open modal leaves Fluent's aria-hidden behind on the page when the modal closes).
    let timer = 0;
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(mount, 0)));
    return () => {
      toastBus.onWanted(null);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/** Shows a message in the app's toaster; durations in ms (SPEC 9: 5, 7 and 10 s for the catalogue). */
export function useNotify() {
  const localize = useLocalize();
  return useCallback(
    (message: string, level: ToastLevel = 'info', duration = 3000) => toastBus.push({ message: localize(message), level, duration }),
    [localize],
  );
}
