import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '@/lib/chunk-load.ts';

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

describe('ChunkLoadError', () => {
  it('says its kind and the cause’s message, and keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    const err = (await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e)) as ChunkLoadError;
    expect(err.name).toBe('ChunkLoadError');
    expect(err.message).toBe('chunk script: Failed to fetch dynamically imported module: /assets/a.js');
    expect(err.cause).toBe(cause);
    expect(new ChunkLoadError('timeout').message).toBe('chunk timeout: ');
    expect(new ChunkLoadError('script', 'offline').message).toBe('chunk script: offline');
  });

  it('reads a .css file name in any case as a stylesheet failure, and a CSS word elsewhere not', async () => {
    const kind = async (message: string) =>
      ((await loadChunk(() => Promise.reject(new Error(message))).catch((e: unknown) => e)) as ChunkLoadError).kind;
    expect(await kind('failed /assets/USERS.CSS')).toBe('css');
    expect(await kind('unable to PRELOAD css for x')).toBe('css');
    expect(await kind('failed /assets/users.cssx')).toBe('script');
    expect(await kind('failed /assets/users.js')).toBe('script');
    const notAnError = (await loadChunk(() => Promise.reject('preload CSS')).catch((e: unknown) => e)) as ChunkLoadError;
    expect(notAnError.kind).toBe('script');
  });

  it('a chunk that loads clears its timer (no late timeout), and the timeout is a parameter', async () => {
    vi.useFakeTimers();
    await expect(loadChunk(async () => 'ok', 50)).resolves.toBe('ok');
    expect(vi.getTimerCount()).toBe(0);
    const failing = loadChunk(() => Promise.reject(new Error('x')), 50).catch(() => 'failed');
    expect(await failing).toBe('failed');
    expect(vi.getTimerCount()).toBe(0);
    const slow = loadChunk(() => new Promise(() => {}), 50).catch((e: unknown) => (e as ChunkLoadError).kind);
    await vi.advanceTimersByTimeAsync(50);
    expect(await slow).toBe('timeout');
  });
});
