import { makeStyles, tokens } from '@fluentui/react-components';
import { BusyRing } from './busy-ring.tsx';
import { createActorContext } from '@xstate/react';
import { useCallback } from 'react';
import { loadingMachine } from '@machines/loading.machine.ts';
import { useLocalize } from '@/i18n/use-t.ts';

/** The global loading overlay's actor (reference-counted). */
export const LoadingContext = createActorContext(loadingMachine);

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 2000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    // A veil of the theme's own background (light or dark).
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
  },
  box: { padding: tokens.spacingHorizontalXXL, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1 },
});

/** Shown while any OPEN has no CLOSE yet. */
export function LoadingOverlay() {
  const s = useStyles();
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
