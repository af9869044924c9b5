import { useApi } from '../../../shell/session/api-context.ts';
import { useSayFailure, useSheetDownload } from '../../../kit/page/use-sheet-download.ts';
import { downloadSheet } from './user-import-dialog.tsx';

/** The users page's sheets: the list as filtered (export) and the import template. */
export function useUserSheets(listQuery: Record<string, unknown>) {
  const api = useApi();
  const download = useSheetDownload();
  const say = useSayFailure();
  return {
    exportList: () => download(() => downloadSheet(api, { type: 'userExport', ...listQuery })),
    downloadTemplate: () => void downloadSheet(api, { type: 'userTemplate' }).catch(say),
  };
}
