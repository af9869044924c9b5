// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_FRAME_MS, downloadThroughFrame } from '../../src/lib/files.ts';

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
