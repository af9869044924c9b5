import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@/api/client.ts';
import { startEarlyBoot } from '@/app/session-logic.ts';

/** A client whose answers the test releases one by one, recording when each call starts. */
function scriptedApi() {
  const started: string[] = [];
  const pending = new Map<string, (answer: unknown) => void>();
  const call = (path: string) =>
    new Promise((resolve) => {
      started.push(path);
      pending.set(path, resolve);
    });
  const api = { call, send: ({ path }: { path: string }) => call(path) } as unknown as ApiClient;
  const answer = async (path: string, value: unknown) => {
    pending.get(path)!(value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { api, started, answer };
}

describe('early boot of a stored session', () => {
  it('asks for user info and permissions at once, and for the menu only after permissions answered ok (SPEC 4)', async () => {
    const { api, started, answer } = scriptedApi();
    const early = startEarlyBoot(api);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['/vue/userInfo', '/v1/userRole/initUserPermission']);
    await answer('/vue/userInfo', { result: 'ok', tokenExpire: 60, values: { id: 1 } });
    expect(started).not.toContain('/permission/treeMenu4VUE');
    await answer('/v1/userRole/initUserPermission', { result: 'ok' });
    expect(started).toEqual(['/vue/userInfo', '/v1/userRole/initUserPermission', '/permission/treeMenu4VUE']);
    await answer('/permission/treeMenu4VUE', { result: [] });
    await expect(early.userInfo).resolves.toEqual({ userInfo: { id: 1 }, tokenExpire: 60 });
    await expect(early.menu).resolves.toEqual([]);
  });

  it('a refused permission step never asks for the menu', async () => {
    const { api, started, answer } = scriptedApi();
    const early = startEarlyBoot(api);
    await answer('/v1/userRole/initUserPermission', { result: 'error' });
    await expect(early.permissions).rejects.toThrow('initUserPermission');
    await expect(early.menu).rejects.toThrow('initUserPermission');
    expect(started).not.toContain('/permission/treeMenu4VUE');
  });
});
