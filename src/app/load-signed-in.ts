/**
 * The signed-in shell's chunk. One promise, so a preload (a stored session at start, or the login button) and the
 * route share one download; a failed download is forgotten, so the next attempt fetches again.
 */
let shell: Promise<typeof import('./signed-in.tsx')> | undefined;
export const loadSignedIn = () =>
  (shell ??= import('./signed-in.tsx').catch((e: unknown) => {
    shell = undefined;
    throw e;
  }));
