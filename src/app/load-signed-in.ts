import { loadSignedInTexts } from '@/i18n/messages.ts';

/**
 * The signed-in shell's chunk, with its zh-cn texts (messages-zh.ts). One promise, so a preload (a stored session
 * at start, or the login button) and the routing step share one download; a failed download is forgotten, so the
 * next attempt asks again.
 */
let shell: Promise<typeof import('./signed-in.tsx')> | undefined;
let loaded: typeof import('./signed-in.tsx') | undefined;
let failed = false;
export const loadSignedIn = () =>
  (shell ??= Promise.all([import('./signed-in.tsx'), loadSignedInTexts()])
    .then(([module]) => {
      failed = false;
      return (loaded = module);
    })
    .catch((e: unknown) => {
      shell = undefined;
      failed = true;
      throw e;
    }));

/**
 * The shell's module once it has loaded, else undefined. The routing step waits for it, so the shell renders in the
 * same commit as the session's `ready`: through `lazy` it would suspend once more (React cannot see that a plain
 * promise has settled), commit the boot spinner again and render the layout later in time slices, which a session
 * event arriving meanwhile restarts.
 */
export const loadedSignedIn = () => loaded;

/**
 * The last attempt to load the shell failed. The browser keeps a module that failed to load failed for the life of
 * the document, so asking again needs a reload (the failure screen's 重试 does that then).
 */
export const signedInFailed = () => failed;
