import { useCallback } from 'react';
import { ApiFailure } from '@/api/errors.ts';
import { useLoading } from '@/shell/layout/loading.tsx';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';

/** Says a failure the shell did not: a refused call was shown already; anything else (writing a file) is said here. */
export function useSayFailure() {
  const notify = useNotify();
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiFailure)) notify(err instanceof Error ? err.message : String(err), 'error');
    },
    [notify],
  );
}

/**
 * A sheet made and saved (an export, an import template): under the loading overlay, with a warning when the server
 * cut the rows short, and one message when it fails.
 * @example const download = useSheetDownload(); download(async () => { const sheet = await calls.sheet(q); await saveSheet(sheet); return sheet; })
 */
export function useSheetDownload() {
  const t = useT();
  const notify = useNotify();
  const withLoading = useLoading();
  const say = useSayFailure();
  return useCallback(
    async (make: () => Promise<{ truncated?: boolean } | void>) => {
      try {
        const sheet = await withLoading(make, t('operating'));
        if (sheet && sheet.truncated) notify(t('exportTruncated'), 'warning');
      } catch (err) {
        say(err);
      }
    },
    [t, notify, withLoading, say],
  );
}
