import { ApiFailure } from '../../../api/errors.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { useLoading } from '../../../shell/layout/loading.tsx';
import { useNotify } from '../../../shell/toast.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { downloadSheet } from './user-import-dialog.tsx';

/** The users page's sheets: the list as filtered (export) and the import template; a refusal was shown by the shell. */
export function useUserSheets(listQuery: Record<string, unknown>) {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const withLoading = useLoading();
  const exportList = async () => {
    try {
      const sheet = await withLoading(() => downloadSheet(api, { type: 'userExport', ...listQuery }), t('operating'));
      if (sheet.truncated) notify(t('exportTruncated'), 'warning');
    } catch (err) {
      // A refused call was shown by the shell; anything else (writing the file) is said here.
      if (!(err instanceof ApiFailure)) notify(err instanceof Error ? err.message : String(err), 'error');
    }
  };
  const downloadTemplate = () =>
    void downloadSheet(api, { type: 'userTemplate' }).catch((err: unknown) => {
      if (!(err instanceof ApiFailure)) notify(err instanceof Error ? err.message : String(err), 'error');
    });

  return { exportList, downloadTemplate };
}
