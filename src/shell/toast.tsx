import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useLocalize } from '@/i18n/use-t.ts';
import { toastBus, type ToastLevel } from './toast-bus.ts';
import { whenIdle } from './idle.ts';

export { TOASTER_ID, toastBus, type ToastLevel, type ToastMessage } from './toast-bus.ts';

const ToastHost = lazy(() => import('./toast-host.tsx'));

/**
 * When the toaster may load before its first message: `idle`, once the signed-in shell has painted and the browser is
 * idle; `engaged`, on a public page (the login form), when the user first presses a key or a pointer there, so the
 * page's first second loads only what it shows and the toaster is here before the form is sent; false while booting.
 */
export type ToasterPreload = 'idle' | 'engaged' | false;

/**
 * Mounts the toaster at the first message, or earlier as `preload` says, so the first paint of either screen never
 * waits on the toaster's chunk. Its mount node is here from the first render: a portal added while a modal dialog is
 * open (bind phone opens with the shell) would keep Fluent's aria-hidden after the dialog closes.
 */
export function Toasts({ preload }: { preload: ToasterPreload }) {
  const [mounted, setMounted] = useState(false);
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    toastBus.onWanted(mount);
    if (preload === 'engaged') {
      const events = ['pointerdown', 'keydown'] as const;
      for (const e of events) document.addEventListener(e, mount, { capture: true, once: true });
      return () => {
        toastBus.onWanted(null);
        for (const e of events) document.removeEventListener(e, mount, { capture: true });
      };
    }
    if (!preload) return () => toastBus.onWanted(null);
    // After the shell's first frame, when nothing more urgent runs.
    let cancelIdle = () => {};
    const frame = requestAnimationFrame(() => (cancelIdle = whenIdle(mount)));
    return () => {
      toastBus.onWanted(null);
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, [mounted, preload]);
  return (
    <>
      <div ref={setNode} data-toaster-mount="" />
      {mounted && node ? (
        <Suspense fallback={null}>
          <ToastHost mountNode={node} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Shows a message in the app's toaster; durations in ms (5, 7 and 10 s for the catalogue). */
export function useNotify() {
  const localize = useLocalize();
  return useCallback(
    (message: string, level: ToastLevel = 'info', duration = 3000) => toastBus.push({ message: localize(message), level, duration }),
    [localize],
  );
}
