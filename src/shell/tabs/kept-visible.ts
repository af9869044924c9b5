import { logApi } from '@/api/table/logs.ts';
import { createContext, useContext } from 'react';

/**
 * Whether the page around is the one on screen: false while the keep-alive keeps it hidden behind another page.
 * Pages that are not kept are always on screen.
 */
export const KeptVisibleContext = createContext(true);

export const useKeptVisible = () => useContext(KeptVisibleContext);

/**
 * Writes this tab made (saves, deletions, approvals…), counted by the API client. A kept list reloads on coming back
 * on screen only when one was made while it was hidden: a page kept alive otherwise shows exactly what it showed
 * (SPEC's keep-alive), with no call.
 */
let writes = 0;
export const noteWrite = () => void writes++;
export const writesSoFar = () => writes;

/** A call whose last path segment names a change (the spec's write calls: save, del, update, audit, move…), except bookkeeping. */
const WRITE =
  /^(save|add|ins|del|remove|update|edit|submit|approve|reject|audit|move|import|bind|unbind|enable|disable|set|copy|reset|publish|cancel|revoke|create|upload|batch|sort|change|modify|force|run|withdraw)/i;
/** Bookkeeping the shell itself posts (tracked clicks, the spec's operation log): no list's data changes. */
const BOOKKEEPING = new Set([logApi.recordOperation.path, logApi.recordOutcome.path]);
export const isWriteCall = (path: string) => {
  const bare = path.split('?')[0];
  return !BOOKKEEPING.has(bare) && WRITE.test(bare.split('/').filter(Boolean).at(-1) ?? '');
};
