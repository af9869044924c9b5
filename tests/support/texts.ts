/**
 * The signed-in zh-cn texts (messages-zh.ts), which the app loads with the shell's chunk: components rendered on
 * their own in a test use them as they do inside the shell (setup file).
 */
import { loadSignedInTexts } from '@/i18n/messages.ts';

await loadSignedInTexts();
