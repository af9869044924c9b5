import { useLoading } from '@/shell/layout/loading.tsx';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';

/**
 * A change made to each of several rows, one call each, under the loading overlay: one message for the whole
 * batch (how many went through, how many not), or 操作成功 for a single row (whose refusal the shell has shown).
 * @example const runEach = useRunEach(); await runEach(rows, (r) => calls.remove(r.id), data.reload)
 */
export function useRunEach() {
  const t = useT();
  const notify = useNotify();
  const withLoading = useLoading();
  return async <T>(rows: readonly T[], change: (row: T) => Promise<unknown>, then: () => void) => {
    let failed = 0;
    await withLoading(async () => {
      for (const row of rows) await change(row).catch(() => void failed++);
    }, t('operating'));
    if (rows.length === 1) {
      if (!failed) notify(t('operationDone'), 'success');
    } else notify(t('batchDone', { done: rows.length - failed, failed }), failed ? 'warning' : 'success');
    then();
  };
}
