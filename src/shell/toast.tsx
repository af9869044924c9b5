import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useLocalize } from '../i18n/use-t.ts';
import { toastBus, type ToastLevel } from './toast-bus.ts';

export { TOASTER_ID, toastBus, type ToastLevel, type ToastMessage } from './toast-bus.ts';

const ToastHost = lazy(() => import('./toast-host.tsx'));

/** Mounts the toaster at the first message or when the browser is idle after the first paint. */
export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    toastBus.onWanted(mount);
    const id = typeof requestIdleCallback === 'function' ? requestIdleCallback(mount, { timeout: 4000 }) : setTimeout(mount, 2000);
    return () => {
      toastBus.onWanted(null);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(id as number);
      else clearTimeout(id);
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
