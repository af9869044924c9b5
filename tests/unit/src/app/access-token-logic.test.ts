import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApiClient } from '@/api/client.ts';
import { memoryStore, STORAGE_KEYS, type KeyValueStore } from '@/api/storage.ts';
import { createRefreshToken, type TabCoordination } from '@/app/access-token-logic.ts';

const NOW = 1_000_000;

/** Tabs of one browser: one storage, one lock (calls run one after the other), the grants each broadcast. */
function browser(stored: Record<string, string> = {}) {
  const store = memoryStore(stored);
  const issued: string[] = [];
  const broadcasts: string[] = [];
  let chain: Promise<unknown> = Promise.resolve();
  const tabs: TabCoordination = {
    withLock: (fn) => {
      const run = chain.then(fn);
      chain = run.catch(() => {});
      return run;
    },
    broadcast: (grant) => broadcasts.push(grant.token),
  };
  const fetch = (async () => {
    const token = `fetched-${issued.length + 1}`;
    issued.push(token);
    // the answer takes a while, so a second tab's refresh waits at the lock
    await new Promise((r) => setTimeout(r, 5));
    return new Response(JSON.stringify({ result: 'ok', values: token, deadline: NOW + 60_000 }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ store, baseURL: 'http://h/manage', fetch });
  const refresh = (staleToken: string | null) =>
    toPromise(
      createActor(
        createRefreshToken(api, store, tabs, () => NOW),
        { input: { staleToken } },
      ).start(),
    );
  return { store: store as KeyValueStore, issued, broadcasts, refresh };
}

const live = (token: string, deadline = NOW + 30_000) => ({
  [STORAGE_KEYS.accessToken]: token,
  [STORAGE_KEYS.accessTokenDeadline]: String(deadline),
});

describe('the refresh of the access token across tabs', () => {
  it('adopts a live stored token other than the stale one, without a call', async () => {
    const b = browser(live('B'));
    expect(await b.refresh('A')).toEqual({ token: 'B', deadline: NOW + 30_000, refreshInMs: 30_000 });
    expect(await b.refresh(null)).toMatchObject({ token: 'B' });
    expect(b.issued).toEqual([]);
  });

  it('fetches, stores and broadcasts when the stored token is the stale one, past its deadline, or has none', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [live('B'), 'B'],
      [live('B', NOW), 'A'],
      [{ [STORAGE_KEYS.accessToken]: 'B' }, 'A'],
      [{}, 'A'],
    ];
    for (const [stored, stale] of cases) {
      const b = browser(stored);
      expect(await b.refresh(stale)).toEqual({ token: 'fetched-1', deadline: NOW + 60_000, refreshInMs: 60_000 });
      expect(b.store.getItem(STORAGE_KEYS.accessToken)).toBe('fetched-1');
      expect(b.store.getItem(STORAGE_KEYS.accessTokenDeadline)).toBe(String(NOW + 60_000));
      expect(b.broadcasts).toEqual(['fetched-1']);
    }
  });

  it('makes one call when two tabs refresh the same token at once, and none for a refused call that carried an older one', async () => {
    const b = browser(live('A'));
    const [first, second] = await Promise.all([b.refresh('A'), b.refresh('A')]);
    expect([first.token, second.token]).toEqual(['fetched-1', 'fetched-1']);
    // a tab that opened after the refresh adopted fetched-1; a call it made before still carried A and was refused
    expect(await b.refresh(null)).toMatchObject({ token: 'fetched-1' });
    expect(await b.refresh('A')).toMatchObject({ token: 'fetched-1' });
    expect(b.issued).toEqual(['fetched-1']);
  });
});
