// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadBytes, textLength, writeXlsx, sheetJsForNode, type SheetJs } from '@/lib/xlsx.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('xlsx writing (sheetjs-style)', () => {
  it('counts non-ASCII as 2 (SPEC 9 text length)', () => {
    expect(textLength('abc')).toBe(3);
    expect(textLength('用户a')).toBe(5);
    expect(textLength('\u007f\u0080')).toBe(3);
  });

  it('writes a bold shaded frozen header and columns as wide as their longest text (at most 60)', async () => {
    const XLSX = await sheetJsForNode();
    const long = 'x'.repeat(80);
    const bytes = await writeXlsx({
      fileName: 'u.xlsx',
      columns: ['账号', '备注', 'n'],
      rows: [
        ['admin', long, 7],
        ['管理员小王', '', 12345],
      ],
    });
    const book = (XLSX as unknown as { read: (b: Uint8Array, o: object) => { Sheets: Record<string, Record<string, unknown>> } }).read(
      bytes,
      { type: 'array', cellStyles: true },
    );
    const sheet = book.Sheets.Sheet1;
    expect((sheet.A1 as { v: string }).v).toBe('账号');
    expect((sheet.B2 as { v: string }).v).toBe(long);
    expect((sheet.C3 as { v: number }).v).toBe(12345);
    // widths: 管理员小王 = 10 + 2; the long note capped at 60; n: 12345 = 5 + 2
    expect((sheet['!cols'] as Array<{ wch: number }>).map((c) => c.wch)).toEqual([12, 60, 7]);
  });

  it('styles each header cell and freezes the first row (what it hands sheetjs)', async () => {
    const sheet: Record<string, unknown> = { A1: { v: 'a' }, B1: { v: 'b' } };
    const appended: unknown[] = [];
    const fake: SheetJs = {
      utils: {
        aoa_to_sheet: (rows) => (appended.push(rows), sheet) as never,
        encode_cell: ({ r, c }) => `${'AB'[c]}${r + 1}`,
        book_new: () => ({ book: true }),
        book_append_sheet: (book, s, name) => void appended.push([book, s === sheet, name]),
      },
      write: (_book, opts) => (appended.push(opts), new Uint8Array([1, 2]).buffer),
    };
    const bytes = await writeXlsx({ fileName: 'x.xlsx', columns: ['a', 'b'], rows: [[1, 'xyz']] }, async () => fake);
    expect([...bytes]).toEqual([1, 2]);
    expect(appended).toEqual([
      [
        ['a', 'b'],
        [1, 'xyz'],
      ],
      [{ book: true }, true, 'Sheet1'],
      { type: 'array', bookType: 'xlsx', compression: true },
    ]);
    expect(sheet.A1).toEqual({
      v: 'a',
      s: {
        font: { bold: true, color: { rgb: 'FFFFFF' } },
        fill: { patternType: 'solid', fgColor: { rgb: '0F6CBD' } },
        alignment: { vertical: 'center' },
      },
    });
    expect((sheet.B1 as { s: unknown }).s).toEqual((sheet.A1 as { s: unknown }).s);
    expect(sheet['!freeze']).toEqual({ xSplit: 0, ySplit: 1 });
    expect(sheet['!cols']).toEqual([{ wch: 3 }, { wch: 5 }]);
  });

  it('downloads bytes through an object URL it releases 15 s later', () => {
    vi.useFakeTimers();
    const created: Blob[] = [];
    const revoked: string[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => (created.push(b), 'blob:x'),
      revokeObjectURL: (u: string) => revoked.push(u),
    });
    const clicks: Array<{ href: string; download: string; attached: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    downloadBytes('用户.xlsx', new Uint8Array([1, 2, 3]));
    expect(clicks).toEqual([{ href: 'blob:x', download: '用户.xlsx', attached: true }]);
    expect(created[0].type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(created[0].size).toBe(3);
    expect(document.querySelector('a')).toBeNull();
    vi.advanceTimersByTime(14_999);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:x']);
  });
});
