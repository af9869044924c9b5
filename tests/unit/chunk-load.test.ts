import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../../src/lib/chunk-load.ts';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves with the module when it loads in time', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('fails as a timeout after 120000 ms, not before', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).kind).toBe('timeout');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('tells a stylesheet failure from a script failure', async () => {
    const css = await loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/users-x1.css'))).catch((e: unknown) => e);
    expect((css as ChunkLoadError).kind).toBe('css');
    const js = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/users.js'))).catch(
      (e: unknown) => e,
    );
    expect((js as ChunkLoadError).kind).toBe('script');
  });
});
