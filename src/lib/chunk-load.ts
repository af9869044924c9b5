/** a script chunk that has not loaded after this long is a chunk-load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailureKind = 'script' | 'timeout' | 'css';

/** A page module that could not be loaded; the content area shows it with a reload action. */
export class ChunkLoadError extends Error {
  constructor(
    readonly kind: ChunkFailureKind,
    readonly cause?: unknown,
  ) {
    super(`chunk ${kind}: ${cause instanceof Error ? cause.message : String(cause ?? '')}`);
    this.name = 'ChunkLoadError';
  }
}

/** Vite's preload helper says "Unable to preload CSS for ..." when a stylesheet chunk fails. */
const isCssFailure = (err: unknown) => err instanceof Error && /preload CSS|\.css\b/i.test(err.message);

/**
 * Loads a chunk, failing with ChunkLoadError when the import rejects (a script or stylesheet that did not load)
 * or has not settled after `timeoutMs`.
 * @example lazy(() => loadChunk(() => import('./users.tsx')))
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(isCssFailure(err) ? 'css' : 'script', err));
      },
    );
  });
}
