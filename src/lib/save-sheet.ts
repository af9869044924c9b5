import type { SheetContent } from './xlsx.ts';

/**
 * Writes a sheet as .xlsx in the browser and downloads it: the writer and sheetjs-style load on first use, never
 * with the page that offers the export.
 */
export async function saveSheet(content: SheetContent): Promise<void> {
  const [{ writeXlsx, downloadBytes }, { loadSheetJs }] = await Promise.all([import('./xlsx.ts'), import('./sheetjs-browser.ts')]);
  downloadBytes(content.fileName, await writeXlsx(content, loadSheetJs));
}
