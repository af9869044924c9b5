import { loadSignedInTexts } from '../i18n/messages.ts';

/**
 * The signed-in shell's chunk, with its zh-cn texts (messages-zh.ts). One promise, so a preload (a stored session at start, or the login button) and the
 * route share one download; a failed download is forgotten, so the next attempt fetches again.
 */
let shell: Promise<typeof import('./signed-in.tsx')> | undefined;
export const loadSignedIn = () =>
  (shell ??= Promise.all([import('./signed-in.tsx'), loadSignedInTexts()])
    .then(([module]) => module)
    .catch((e: unknown) => {
      shell = undefined;
      throw e;
    }));
