import s from './status.module.css';
import { BusyRing } from './busy-ring.tsx';
import { createActorContext } from '@xstate/react';
import { useCallback } from 'react';
import { loadingMachine } from '@machines/loading.machine.ts';
import { useLocalize } from '@/i18n/use-t.ts';

/** The global loading overlay's actor (reference-counted). */
export const LoadingContext = createActorContext(loadingMachine);

/** Shown while any OPEN has no CLOSE yet. */
export function LoadingOverlay() {
  const shown = LoadingContext.useSelector((st) => st.matches('shown'));
  const text = LoadingContext.useSelector((st) => st.context.text);
  const localize = useLocalize();
  if (!shown) return null;
  return (
    <div className={s.overlay} role="alert" aria-busy="true">
      <div className={s.box}>
        <BusyRing label={localize(text)} />
      </div>
    </div>
  );
}

/**
 * Runs work under the overlay: opens it, and closes it whatever the outcome.
 * @example const withLoading = useLoading(); await withLoading(() => api.send(userApi.remove, { id }), '正在操作中，请稍候...');
 */
export function useLoading() {
  const loading = LoadingContext.useActorRef();
  return useCallback(
    async <T,>(work: () => Promise<T>, text?: string): Promise<T> => {
      loading.send({ type: 'OPEN', text });
      try {
        return await work();
      } finally {
        loading.send({ type: 'CLOSE' });
      }
    },
    [loading],
  );
}
