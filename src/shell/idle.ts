/**
 * Runs `run` when the browser is next idle, within `timeoutMs` at most (a task at once where there is no
 * requestIdleCallback); the answer cancels it. The shell's one way to put work after what the user is waiting for:
 * the toaster, the deferred menus and tooltips, the palette's warm-up.
 * @example useEffect(() => whenIdle(preload), [])
 */
export function whenIdle(run: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}
