import { useApi } from '../../../shell/session/api-context.ts';
import { useSayFailure, useSheetDownload } from '../../../kit/page/use-sheet-download.ts';
import { userImportCalls } from '../../../api/calls/user-calls.ts';
import { saveSheet } from '../../../lib/save-sheet.ts';

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

/** Downloads a sheet from /v1/common/excel/getExcelUrl, written in the browser (sheetjs-style loaded on demand). */
export async function downloadSheet(api: ReturnType<typeof useApi>, body: Parameters<ReturnType<typeof userImportCalls>['sheet']>[0]) {
  const content = await userImportCalls(api).sheet(body);
  await saveSheet(content);
  return content;
}
