// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('sheetjs in the browser (a classic script, loaded once)', () => {
  beforeEach(() => {
    vi.resetModules();
    document.head.innerHTML = '';
    delete (window as { XLSX?: unknown }).XLSX;
  });

  it('adds one async script, answers window.XLSX when it loads, and never loads it twice', async () => {
    const { loadSheetJs } = await import('@/lib/sheetjs-browser.ts');
    const first = loadSheetJs();
    const second = loadSheetJs();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].async).toBe(true);
    expect(scripts[0].src).toContain('xlsx.core.min.js');
    const XLSX = { utils: {} };
    (window as { XLSX?: unknown }).XLSX = XLSX;
    scripts[0].onload!(new Event('load'));
    await expect(first).resolves.toBe(XLSX);
    expect(second).toBe(first);
  });

  it('says the table component failed when the script runs without XLSX, and lets a failed load be tried again', async () => {
    const { loadSheetJs } = await import('@/lib/sheetjs-browser.ts');
    const empty = loadSheetJs();
    document.head.querySelector('script')!.onload!(new Event('load'));
    await expect(empty).rejects.toThrow('表格组件加载失败，请重新加载页面');

    vi.resetModules();
    document.head.innerHTML = '';
    const again = await import('@/lib/sheetjs-browser.ts');
    const failed = again.loadSheetJs();
    document.head.querySelector('script')!.onerror!(new Event('error'));
    await expect(failed).rejects.toThrow('表格组件加载失败，请检查网络后重试');
    const retry = again.loadSheetJs();
    expect(retry).not.toBe(failed);
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
    retry.catch(() => {});
  });

  it('saveSheet writes with the browser copy and downloads under the file name', async () => {
    const writes: unknown[] = [];
    vi.doMock('@/lib/xlsx.ts', () => ({
      writeXlsx: async (content: unknown, load: unknown) => (writes.push([content, load]), new Uint8Array([9])),
      downloadBytes: (name: string, bytes: Uint8Array) => writes.push([name, [...bytes]]),
    }));
    const loader = async () => ({}) as never;
    vi.doMock('@/lib/sheetjs-browser.ts', () => ({ loadSheetJs: loader }));
    const { saveSheet } = await import('@/lib/save-sheet.ts');
    const content = { fileName: 'a.xlsx', columns: ['a'], rows: [] };
    await saveSheet(content);
    expect(writes).toEqual([
      [content, loader],
      ['a.xlsx', [9]],
    ]);
    vi.doUnmock('@/lib/xlsx.ts');
    vi.doUnmock('@/lib/sheetjs-browser.ts');
  });
});
