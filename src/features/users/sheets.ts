import { useApi } from '@/shell/session/api-context.ts';
import { useSayFailure, useSheetDownload } from '@/kit/page/use-sheet-download.ts';
import { userApi } from '@/api/table/users.ts';
import type { Sent } from '@/api/table/define.ts';
import { exportJobCalls } from '@/kit/page/export-job-logic.ts';
import type { ExporterSpec } from '@/kit/page/use-list-page.tsx';
import { saveSheet } from '@/lib/save-sheet.ts';

/**
 * The users page's sheets: the list as filtered (export: written in the browser up to EXPORT_LIMITS.browserMaxRows
 * rows, else by the server as a job in the export dialog) and the import template.
 */
export function useUserSheets(label: string, listQuery: Record<string, unknown>): { exporter: ExporterSpec; downloadTemplate: () => void } {
  const api = useApi();
  const download = useSheetDownload();
  const say = useSayFailure();
  return {
    exporter: {
      label,
      jobs: () => exportJobCalls(api, userApi.exportJob),
      deps: [api],
      query: listQuery,
      inBrowser: () => download(() => downloadSheet(api, { type: 'userExport', ...listQuery })),
    },
    downloadTemplate: () => void downloadSheet(api, { type: 'userTemplate' }).catch(say),
  };
}

/** Downloads a sheet from /v1/common/excel/getExcelUrl, written in the browser (sheetjs-style loaded on demand). */
export async function downloadSheet(api: ReturnType<typeof useApi>, body: Sent<typeof userApi.sheet>) {
  const { values: content } = await api.send(userApi.sheet, body);
  await saveSheet(content);
  return content;
}
