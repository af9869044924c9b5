/** text length with every non-ASCII character counted as 2 (column widths, limits). */
export const textLength = (text: string): number => [...text].reduce((n, ch) => n + (ch.charCodeAt(0) > 127 ? 2 : 1), 0);

export interface SheetContent {
  fileName: string;
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

/**
 * sheetjs-style as Node loads it (CommonJS, sloppy mode): tests and scripts. The browser loads its prebuilt file
 * instead (src/lib/sheetjs-browser.ts), because bundled as an ES module its sloppy-mode globals throw.
 */
export async function sheetJsForNode(): Promise<SheetJs> {
  // Opaque to the bundler, so the browser build never carries this copy.
  const name = 'sheetjs-style';
  const mod = (await import(/* @vite-ignore */ name)) as unknown as { default?: SheetJs } & SheetJs;
  return mod.utils ? mod : mod.default!;
}

/**
 * Writes a sheet as .xlsx bytes with sheetjs-style (DECISIONS.md: writing only, never parsing; loaded on demand, so
 * it is never in the first bundle): a bold, shaded header row, frozen, and columns as wide as their longest text.
 */
export async function writeXlsx(
  { columns, rows }: SheetContent,
  load: () => Promise<SheetJs> = sheetJsForNode,
): Promise<Uint8Array<ArrayBuffer>> {
  const XLSX = await load();
  const sheet = XLSX.utils.aoa_to_sheet([[...columns], ...rows.map((r) => [...r])]);
  columns.forEach((_, c) => {
    const cell = sheet[XLSX.utils.encode_cell({ r: 0, c })] as { s?: unknown } | undefined;
    if (cell) {
      cell.s = {
        font: { bold: true, color: { rgb: 'FFFFFF' } },
        fill: { patternType: 'solid', fgColor: { rgb: '0F6CBD' } },
        alignment: { vertical: 'center' },
      };
    }
  });
  (sheet as Record<string, unknown>)['!cols'] = columns.map((title, c) => ({
    wch: Math.min(60, Math.max(textLength(title), ...rows.slice(0, 1000).map((r) => textLength(String(r[c] ?? '')))) + 2),
  }));
  (sheet as Record<string, unknown>)['!freeze'] = { xSplit: 0, ySplit: 1 };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  // Deflated, as Excel writes it: sheetjs stores the parts uncompressed by default (10,000 rows: 2.6 MB, not 0.2).
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

/** Offers bytes as a download under a file name (an object URL, released once the click has happened). */
export function downloadBytes(
  fileName: string,
  bytes: Uint8Array<ArrayBuffer>,
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 15_000);
}

export interface SheetJs {
  utils: {
    aoa_to_sheet: (rows: unknown[][]) => Record<string, { s?: unknown } | undefined> & { '!cols'?: unknown; '!freeze'?: unknown };
    encode_cell: (at: { r: number; c: number }) => string;
    book_new: () => unknown;
    book_append_sheet: (book: unknown, sheet: unknown, name: string) => void;
  };
  write: (book: unknown, opts: { type: 'array'; bookType: 'xlsx'; compression: boolean }) => unknown;
}
