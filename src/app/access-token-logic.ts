import { fromPromise } from 'xstate';
import type { AccessTokenGrant, RefreshInput } from '@machines/access-token.machine.ts';
import type { ApiClient } from '@/api/client.ts';
import { fetchAccessToken } from '@/api/calls/session/session-calls.ts';
import { STORAGE_KEYS, liveAccessToken, type KeyValueStore } from '@/api/storage.ts';

/** The name of the Web Lock and BroadcastChannel the tabs of one console share. */
export const TOKEN_CHANNEL = 'scrm-access-token';

export interface TabCoordination {
  /** runs fn while holding the cross-tab lock (Web Locks); without them, just runs it */
  withLock: <T>(fn: () => Promise<T>) => Promise<T>;
  /** tells the other tabs about a new grant */
  broadcast: (grant: { token: string; deadline: number }) => void;
}

/** Web Locks and BroadcastChannel when the browser has them; one tab alone otherwise. */
export function browserTabs(): TabCoordination & { channel: BroadcastChannel | null } {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(TOKEN_CHANNEL) : null;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return {
    channel,
    withLock: (fn) => (locks ? (locks.request(TOKEN_CHANNEL, fn) as Promise<Awaited<ReturnType<typeof fn>>>) : fn()),
    broadcast: (grant) => channel?.postMessage(grant),
  };
}

/**
 * The access-token machine's refresh: under the cross-tab lock, adopt a stored token that is live and is not the one
 * to replace (another tab refreshed, or this tab's refused call carried an older one); otherwise fetch
 * /anon/vue/token, store it under AccessToken and tell the other tabs. So all tabs together make one refresh per
 * deadline, however their timers and refused calls interleave.
 */
export function createRefreshToken(api: ApiClient, store: KeyValueStore, tabs: TabCoordination, now = () => Date.now()) {
  return fromPromise<AccessTokenGrant, RefreshInput>(({ input }) =>
    tabs.withLock(async () => {
      const stored = liveAccessToken(store, now());
      const storedDeadline = Number(store.getItem(STORAGE_KEYS.accessTokenDeadline));
      if (stored && stored !== input.staleToken && storedDeadline > 0) {
        return { token: stored, deadline: storedDeadline, refreshInMs: storedDeadline - now() };
      }
      const { token, deadline } = await fetchAccessToken(api);
      store.setItem(STORAGE_KEYS.accessToken, token);
      store.setItem(STORAGE_KEYS.accessTokenDeadline, String(deadline));
      tabs.broadcast({ token, deadline });
      return { token, deadline, refreshInMs: deadline - now() };
    }),
  );
}

/** A grant another tab broadcast, as the machine's TOKEN_RECEIVED event; anything else is ignored. */
export function grantEvent(data: unknown, now = () => Date.now()) {
  const d = data as { token?: unknown; deadline?: unknown } | null;
  if (!d || typeof d.token !== 'string' || typeof d.deadline !== 'number') return null;
  return { type: 'TOKEN_RECEIVED' as const, token: d.token, deadline: d.deadline, refreshInMs: d.deadline - now() };
}
