import { describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { accessChain } from '@server/access/access.ts';
import { dbLookups } from '@server/access/relations.ts';
import { madeUpCalls, noDb, serverCalls } from '../support/call-table.ts';
import { log } from '@server/infra/logger.ts';

// The server's calls, read from the app itself with every optional part mounted (demo outbox, fault switch).
const calls = serverCalls();
const served = calls.calls;

describe('who owns each call (server/access/access.ts)', () => {
  it('every route the server answers declares its owner: the shell, anonymous, or a page or button', () => {
    expect(served.length).toBeGreaterThan(100);
    const owned = new Set(calls.owners.map(([key]) => key));
    expect(served.filter((key) => !owned.has(key))).toEqual([]);
  });

  it('every route that takes a body declares its schema beside its owner (takes); only GET and DELETE calls take none', () => {
    const checked = new Set(calls.checked);
    const unchecked = served.filter((key) => !checked.has(key));
    expect(unchecked.filter((key) => !/^(GET|DELETE) /.test(key))).toEqual([]);
    expect(unchecked.length).toBeLessThan(10);
  });

  it('page and button owners name at least one page or code, in the menu’s own form', () => {
    for (const [key, owner] of calls.owners) {
      if (typeof owner === 'string') continue;
      const names = [...(owner.pages ?? []), ...(owner.buttons ?? []), ...(owner.records ?? [])];
      expect(names.length, key).toBeGreaterThan(0);
      for (const op of owner.records ?? []) expect(['view', 'add', 'edit', 'del', 'import', 'export'], key).toContain(op);
      for (const page of owner.pages ?? []) expect(page, key).toMatch(/^[a-z-]+\/[a-z-]+$/);
      for (const code of owner.buttons ?? []) expect(code, key).toMatch(/^[a-zA-Z-]+:[a-zA-Z-]+$/);
    }
  });
});

describe('the access chain', () => {
  it('refuses a route nobody owns instead of running it, and lets unknown paths reach the 404', async () => {
    const handler = vi.fn(() => new Response('ran'));
    const api = new Hono();
    api.use('*', accessChain(madeUpCalls({}, ['POST /v1/unowned/call']), { platformTenant: 0, lookups: dbLookups(noDb) }));
    api.post('/v1/unowned/call', handler);
    api.all('*', (c) => c.json({ result: 'error' }, 404));
    const vetted = vi.spyOn(log, 'error').mockImplementation(() => {});
    const res = await api.request('/v1/unowned/call', { method: 'POST' });
    expect(await res.json()).toEqual({ result: 403, errmsg: '您没有当前操作的权限' });
    expect(handler).not.toHaveBeenCalled();
    expect(vetted).toHaveBeenCalledWith({ method: 'POST', path: '/v1/unowned/call' }, 'call without an owner refused');
    vetted.mockRestore();
    expect((await api.request('/v1/nothing/here', { method: 'POST' })).status).toBe(404);
  });

  it('asks for the session before anything else on an owned call', async () => {
    const api = new Hono();
    api.use(
      '*',
      accessChain(madeUpCalls({ 'POST /v1/user/list': { pages: ['manage/users'] } }), { platformTenant: 0, lookups: dbLookups(noDb) }),
    );
    api.post('/v1/user/list', () => new Response('ran'));
    expect(await (await api.request('/v1/user/list', { method: 'POST' })).json()).toEqual({
      result: 'error',
      values: 'userToken缺失',
      errmsg: '登录失效，请重新登录',
    });
    // noDb finds no session for any token
    expect(await (await api.request('/v1/user/list', { method: 'POST', headers: { UserToken: 'x' } })).json()).toEqual({
      result: 401,
      errmsg: 'userToken失效',
    });
  });
});
