// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomHex } from '@/lib/random.ts';
import { WATERMARK, textWidth, watermarkTile } from '@/lib/watermark.ts';
import { downloadBytes, textLength, writeXlsx, sheetJsForNode, type SheetJs } from '@/lib/xlsx.ts';
import { UploadError, uploadImage } from '@/lib/upload.ts';
import type { ApiClient } from '@/api/client.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('randomHex (SPEC 9: the captcha uuid)', () => {
  it('answers n lower-case hex characters, 32 by default, different each time', () => {
    expect(randomHex()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(7)).toMatch(/^[0-9a-f]{7}$/);
    expect(randomHex(0)).toBe('');
    expect(new Set(Array.from({ length: 50 }, () => randomHex())).size).toBe(50);
  });

  it('writes each byte as two digits, a small byte with its leading zero', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(((a: Uint8Array) => {
      a.set([0x01, 0xab, 0x00, 0xff].slice(0, a.length));
      return a;
    }) as never);
    expect(randomHex(8)).toBe('01ab00ff');
    expect(randomHex(3)).toBe('01a');
  });
});

describe('watermark geometry (SPEC 9)', () => {
  it('counts a wide character as 2 units and any other as 1.1, half the font size each', () => {
    expect(textWidth('', 16)).toBe(0);
    expect(textWidth('ab', 16)).toBeCloseTo(17.6, 10);
    expect(textWidth('星河', 16)).toBe(32);
    expect(textWidth('ÿ', 10)).toBeCloseTo(5.5, 10); // 0xff is still narrow
    expect(textWidth('Ā', 10)).toBe(10); // 0x100 is wide
  });

  it('sizes the tile as the rotated text box plus the 100 x 100 gap, and centres the text in it', () => {
    const w = textWidth('星河管理员', 16); // 80
    const rad = (22 * Math.PI) / 180;
    const width = Math.ceil(w * Math.cos(rad) + 16 * Math.sin(rad)) + 100;
    const height = Math.ceil(w * Math.sin(rad) + 16 * Math.cos(rad)) + 100;
    const tile = watermarkTile('星河管理员');
    expect({ width: tile.width, height: tile.height }).toEqual({ width, height });
    expect(width).toBe(181);
    expect(height).toBe(145);
    const svg = decodeURIComponent(tile.url.slice('url("data:image/svg+xml;charset=utf-8,'.length, -2));
    expect(tile.url.startsWith('url("data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(svg).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" width="181" height="145">` +
        `<text x="90.5" y="72.5" fill="rgba(0,0,0,.15)" font-size="16" text-anchor="middle" dominant-baseline="middle" ` +
        `font-family="sans-serif" transform="rotate(-22 90.5 72.5)">星河管理员</text></svg>`,
    );
  });

  it('draws in the colour it is given (the dark theme) and escapes every markup character', () => {
    const svg = decodeURIComponent(watermarkTile(`a<b>&"'`, WATERMARK.darkColor).url);
    expect(svg).toContain('fill="rgba(255,255,255,.15)"');
    expect(svg).toContain('>a&#60;b&#62;&#38;&#34;&#39;</text>');
    expect(WATERMARK).toMatchObject({ rotate: -22, gapX: 100, gapY: 100, fontSize: 16, color: 'rgba(0,0,0,.15)' });
  });
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
    vi.doMock('../../src/lib/xlsx.ts', () => ({
      writeXlsx: async (content: unknown, load: unknown) => (writes.push([content, load]), new Uint8Array([9])),
      downloadBytes: (name: string, bytes: Uint8Array) => writes.push([name, [...bytes]]),
    }));
    const loader = async () => ({}) as never;
    vi.doMock('../../src/lib/sheetjs-browser.ts', () => ({ loadSheetJs: loader }));
    const { saveSheet } = await import('@/lib/save-sheet.ts');
    const content = { fileName: 'a.xlsx', columns: ['a'], rows: [] };
    await saveSheet(content);
    expect(writes).toEqual([
      [content, loader],
      ['a.xlsx', [9]],
    ]);
    vi.doUnmock('../../src/lib/xlsx.ts');
    vi.doUnmock('../../src/lib/sheetjs-browser.ts');
  });
});

/** A fake XMLHttpRequest the test answers: records what was posted where, and plays progress, load, error, abort. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  body: FormData | null = null;
  responseType = '';
  response: unknown = null;
  status = 200;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

describe('uploadImage (SPEC 3 Qiniu form upload)', () => {
  const grant = { token: 'tk', uploadPath: 'avatar/', regionName: 'z2', qiniuUrl: 'https://cdn.example.com/' };
  const api = (answer: object = grant) => {
    const calls: unknown[] = [];
    // the declared call's method and path, and the query it sends
    const send = async (call: { method: string; path: string }, body: unknown) => (calls.push([call.method, call.path, body]), answer);
    return { calls, client: { send } as unknown as ApiClient };
  };
  const png = (size = 1000) => new File([new Uint8Array(size)], 'a.png', { type: 'image/png' });
  const bitmap = (width: number, height: number) => vi.fn(async () => ({ width, height, close: () => {} }));
  const settle = () => new Promise((r) => setTimeout(r, 0));

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('asks for a token (with the tenant when given), posts Qiniu’s fields to the region’s host, and answers the public address', async () => {
    vi.stubGlobal('createImageBitmap', bitmap(200, 200));
    const { calls, client } = api();
    const progress: number[] = [];
    const done = uploadImage(client, png(), { square: true, onProgress: (f) => progress.push(f), tenantId: 3 });
    await settle();
    const xhr = FakeXhr.last;
    expect(calls).toEqual([['GET', '/v1/system/get7niuToken', { renantId: '3' }]]);
    expect([xhr.method, xhr.url, xhr.responseType]).toEqual(['POST', 'https://up-z2.qiniup.com', 'json']);
    expect(xhr.body!.get('token')).toBe('tk');
    expect(xhr.body!.get('key')).toMatch(/^avatar\/[0-9a-z]+-[0-9a-z]{1,6}$/);
    expect(xhr.body!.get('square')).toBe('1');
    expect((xhr.body!.get('file') as File).name).toBe('a.png');
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 1, total: 4 });
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 1, total: 4 });
    xhr.response = { key: 'avatar/k1' };
    xhr.onload!();
    await expect(done).resolves.toBe('https://cdn.example.com/avatar/k1');
    expect(progress).toEqual([0.25, 1]);
  });

  it('posts to the server’s own address when it names one, else the region’s, else z0; no tenant, no square field', async () => {
    vi.stubGlobal('createImageBitmap', bitmap(300, 100));
    for (const [answer, host] of [
      [{ ...grant, uploadUrl: '/manage/anon/upload' }, '/manage/anon/upload'],
      [{ ...grant, regionName: 'na0' }, 'https://up-na0.qiniup.com'],
      [{ ...grant, regionName: 'mars' }, 'https://up-z0.qiniup.com'],
    ] as const) {
      const { calls, client } = api(answer);
      const done = uploadImage(client, png());
      await settle();
      expect(FakeXhr.last.url).toBe(host);
      expect(FakeXhr.last.body!.get('square')).toBeNull();
      expect(calls[0]).toEqual(['GET', '/v1/system/get7niuToken', {}]);
      FakeXhr.last.response = { key: 'k' };
      FakeXhr.last.onload!();
      await expect(done).resolves.toBe('https://cdn.example.com/k');
    }
  });

  it('refuses before asking for a token: a wrong type, a picture that is not square, one that cannot be read', async () => {
    const { calls, client } = api();
    vi.stubGlobal('createImageBitmap', bitmap(300, 100));
    await expect(uploadImage(client, new File(['x'], 'a.txt', { type: 'text/plain' }))).rejects.toThrow(
      '只能上传 PNG、JPEG、GIF 或 WebP 图片',
    );
    await expect(uploadImage(client, png(), { square: true })).rejects.toThrow('请上传宽高相等的图片');
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new Error('decode');
      }),
    );
    const unreadable = uploadImage(client, png());
    await expect(unreadable).rejects.toBeInstanceOf(UploadError);
    await expect(unreadable).rejects.toThrow('图片无法读取，请换一张');
    expect(calls).toEqual([]);
  });

  it('says what the storage refused, a failed network, a cancel, and a bare status', async () => {
    vi.stubGlobal('createImageBitmap', bitmap(10, 10));
    const cases: Array<[(x: FakeXhr) => void, string]> = [
      [(x) => ((x.response = { error: 'file exists' }), x.onload!()), 'file exists'],
      [(x) => ((x.response = {}), x.onload!()), '上传失败，请重试'],
      [(x) => ((x.response = null), (x.status = 502), x.onload!()), '状态码 502 网络异常'],
      [(x) => x.onerror!(), '网络异常，请检查网络后重试'],
    ];
    for (const [play, message] of cases) {
      const done = uploadImage(api().client, png());
      await settle();
      play(FakeXhr.last);
      await expect(done).rejects.toThrow(message);
    }
    const cancel = new AbortController();
    const progress: number[] = [];
    const done = uploadImage(api().client, png(), { signal: cancel.signal, onProgress: (f) => progress.push(f) });
    await settle();
    cancel.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(done).rejects.toThrow('已取消上传');
    expect(progress).toEqual([]);
  });
});
