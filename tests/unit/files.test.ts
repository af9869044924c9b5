// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_FAILED, DOWNLOAD_FRAME_MS, copyImage, downloadThroughFrame } from '../../src/lib/files.ts';

describe('download through a hidden frame (SPEC 9)', () => {
  afterEach(() => vi.useRealTimers());

  it('adds a hidden frame for the address and removes it after 15 s', () => {
    vi.useFakeTimers();
    const frame = downloadThroughFrame('/manage/export?id=1');
    expect(DOWNLOAD_FRAME_MS).toBe(15_000);
    expect(frame.hidden).toBe(true);
    expect(frame.getAttribute('src')).toBe('/manage/export?id=1');
    expect(document.body.contains(frame)).toBe(true);
    vi.advanceTimersByTime(14_999);
    expect(document.body.contains(frame)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(document.body.contains(frame)).toBe(false);
  });
});

describe('copy image (SPEC 9: copied images download as JPEG where the clipboard refuses)', () => {
  /** A canvas whose encoder answers a blob of the asked type (jsdom draws nothing); `refuse` types answer null. */
  const canvasOf = (refuse: string[] = []) => {
    const canvas = document.createElement('canvas');
    const types: string[] = [];
    canvas.toBlob = (done: BlobCallback, type = 'image/png') => {
      types.push(type);
      done(refuse.includes(type) ? null : new Blob(['x'], { type }));
    };
    return { canvas, types };
  };
  class FakeItem {
    constructor(readonly items: Record<string, Blob>) {}
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('copies a PNG to the clipboard where the browser can', async () => {
    const write = vi.fn(async () => undefined);
    vi.stubGlobal('ClipboardItem', FakeItem);
    vi.stubGlobal('navigator', { clipboard: { write } });
    const { canvas, types } = canvasOf();
    expect(await copyImage(canvas, 'poster')).toBe('copied');
    const [[items]] = write.mock.calls as unknown as [[FakeItem[]]];
    expect(Object.keys(items[0].items)).toEqual(['image/png']);
    expect(types).toEqual(['image/png']);
  });

  it('downloads a JPEG named after the image when the clipboard refuses or is missing', async () => {
    vi.stubGlobal('ClipboardItem', FakeItem);
    vi.stubGlobal('navigator', { clipboard: { write: async () => Promise.reject(new Error('denied')) } });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:poster') }));
    const { canvas, types } = canvasOf();
    expect(await copyImage(canvas, 'poster')).toBe('downloaded');
    expect(types).toEqual(['image/png', 'image/jpeg']);
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('poster.jpg');
    expect(created.map((b) => b.type)).toEqual(['image/jpeg']);

    vi.stubGlobal('navigator', {});
    expect(await copyImage(canvasOf().canvas)).toBe('downloaded');
    expect(clicked.at(-1)!.download).toBe('image.jpg');
  });

  it('downloads when the PNG cannot be made, without asking the clipboard; the download URL is released after 15 s', async () => {
    vi.useFakeTimers();
    const write = vi.fn(async () => undefined);
    vi.stubGlobal('ClipboardItem', FakeItem);
    vi.stubGlobal('navigator', { clipboard: { write } });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const revoked: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:poster', revokeObjectURL: (u: string) => void revoked.push(u) }),
    );
    const { canvas, types } = canvasOf(['image/png']);
    expect(await copyImage(canvas, 'poster')).toBe('downloaded');
    expect(write).not.toHaveBeenCalled();
    expect(types).toEqual(['image/png', 'image/jpeg']);
    vi.advanceTimersByTime(DOWNLOAD_FRAME_MS - 1);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:poster']);
    vi.useRealTimers();
  });

  it('says 复制失败 when not even a JPEG can be made', async () => {
    vi.stubGlobal('navigator', {});
    await expect(copyImage(canvasOf(['image/jpeg']).canvas)).rejects.toThrow(COPY_FAILED);
    expect(COPY_FAILED).toBe('复制失败');
  });
});
