import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { answerProblem, answers, defineCall } from '@/api/table/define.ts';
import { CALL_TABLE, declaredCalls } from '@/api/table/index.ts';
import { createApiClient } from '@/api/client.ts';
import { memoryStore } from '@/api/storage.ts';
import { body } from '@/api/schema/kit.ts';
import { declaredCall, mount } from '@server/infra/http/mount.ts';
import type { AppEnv } from '@server/access/auth.ts';
import { ok } from '@server/infra/http/http.ts';
import { inputEntries, routeApp, serverCalls } from '@tests/support/call-table.ts';
import { callTableSection, rowsOf } from '../../scripts/call-docs.ts';

/**
 * The call table (src/api/table): each call declared once, with its path, owner, body and answer; the server mounts
 * its routes from it and the browser sends through it.
 */
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
/** The product's source: what a path string may be written in once. */
const product = [...files('src'), ...files('server')]
  .filter((f) => /\.tsx?$/.test(f) && !f.includes('.stories.'))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(f, 'utf8') }));
const quoted = (p: string) => new RegExp(`['"\`]${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`?]`);
const writtenIn = (p: string) => product.filter(({ text }) => quoted(p).test(text)).map(({ file }) => file);

/** Served calls the table does not declare: the test-only fault switch (SCRM_TEST_FAULTS=1, never in a product). */
const TEST_ONLY = ['POST /anon/dev/fault', 'DELETE /anon/dev/fault'];

describe('the call table', () => {
  const app = routeApp();
  const served = serverCalls();
  const declared = declaredCalls();

  it('declares each call once, at a path the server answers, with the owner its route enforces', () => {
    expect(declared.length).toBeGreaterThan(0);
    const keys = declared.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of declared) {
      expect(served.serves(call.method, call.path), call.path).toBe(true);
      expect(served.owner(call.method, call.path), call.path).toEqual(call.owner);
    }
  });

  it('the server mounts every declared call from its declaration (mount), not from a copy', () => {
    const mounted = new Map(
      app.routes.flatMap((r) => {
        const call = declaredCall(r.handler);
        return call ? [[`${r.method} ${r.path.replace(/^\/manage/, '')}`, call] as const] : [];
      }),
    );
    for (const call of declared) expect(mounted.get(`${call.method} ${call.path}`), call.path).toBe(call);
    // and nothing is mounted from a declaration the table does not list
    expect([...mounted.values()].filter((c) => !declared.includes(c))).toEqual([]);
  });

  it('declares every call the server answers, but the test-only fault switch', () => {
    const keys = new Set(declared.map((c) => `${c.method} ${c.path}`));
    expect(served.calls.filter((key) => !keys.has(key)).sort()).toEqual([...TEST_ONLY].sort());
  });

  it('writes each path in one product file: its area of the table (no path string anywhere else)', () => {
    for (const call of declared) expect(writtenIn(call.path), call.path).toEqual([expect.stringMatching(/^src\/api\/table\//)]);
  });

  it('docs/api.md lists every call as the table declares it (npm run docs:calls rewrites the list)', () => {
    const docs = readFileSync('docs/api.md', 'utf8');
    expect(rowsOf(docs)).toEqual(rowsOf(callTableSection()));
    expect(rowsOf(docs)).toHaveLength(declared.length);
  });

  it('names each call of an area by what it does', () => {
    for (const [area, calls] of Object.entries(CALL_TABLE))
      for (const name of Object.keys(calls)) expect(`${area}.${name}`).toMatch(/^[a-z][A-Za-z]+\.[a-z][A-Za-z]+$/);
  });
});

/** A made-up call and route: what a drifted server or client does. */
const thing = defineCall({
  path: '/v1/thing/get',
  owner: 'shell',
  input: body({ id: v.number() }),
  answer: answers.values(v.object({ id: v.number(), name: v.string() })),
});

function serverAnswering(values: unknown, checkAnswers: boolean) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => c.json({ result: 'error', errmsg: err.message }, 500));
  app.use('*', (c, next) => (c.set('checkAnswers', checkAnswers), next()));
  mount(app, thing, (c) => ok({ id: c.var.body.id, ...(values as object) }) as never);
  return app;
}

/** Values of every wrong kind, each also inside a list, an object and a list of rows. */
const JUNK: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  2 ** 31,
  2 ** 53,
  '',
  ' ',
  'x',
  '9'.repeat(40),
  '2026-13-45',
  '\u0000',
  '𠮷𠮷',
  [],
  {},
  true,
];
const WRONG = [...JUNK, ...JUNK.map((j) => [j]), ...JUNK.map((j) => ({ x: j })), ...JUNK.map((j) => [{ id: j, name: j, value: j }])];

describe('every call’s body rules', () => {
  it('say each refusal in the product’s words, never the schema library’s English default', () => {
    const unsaid = new Set<string>();
    let refused = 0;
    for (const call of declaredCalls()) {
      const keys = inputEntries(call).map(([key]) => key);
      // (a GET's query is an object of texts)
      const get = call.method === 'GET';
      for (const wrong of get ? WRONG.filter((w) => typeof w === 'string') : WRONG) {
        for (const body of [...(get ? [] : [wrong]), ...keys.map((key) => ({ [key]: wrong }))]) {
          for (const issue of v.safeParse(call.input, body).issues ?? []) {
            refused++;
            // valibot's own messages are English ("Invalid type: Expected string but received null")
            if (!/[\u4e00-\u9fff]/.test(issue.message) || /Invalid|Expected|Received/.test(issue.message))
              unsaid.add(`${call.path} ${JSON.stringify(body).slice(0, 60)}: ${issue.message}`);
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(10_000);
    expect([...unsaid]).toEqual([]);
  });
});

describe('answers checked against their declaration (development and tests)', () => {
  it('answerProblem names where an answer left its declaration; refusals are the common rules’ and pass', () => {
    expect(answerProblem(thing, { result: 'ok', values: { id: 1, name: 'a' } })).toBeNull();
    expect(answerProblem(thing, { result: 'ok', values: { id: 1, name: 2 } })).toMatch(/^\/v1\/thing\/get: .* at values\.name: /);
    expect(answerProblem(thing, { result: 'ok' })).toMatch(/at values: /);
    expect(answerProblem(thing, { result: 'error', errmsg: '不行' })).toBeNull();
    expect(answerProblem(thing, { result: 403, errmsg: '您没有当前操作的权限' })).toBeNull();
  });

  it('the server fails a drifted answer where checks are on, and sends it unchecked where they are off', async () => {
    const post = (app: Hono<AppEnv>) =>
      app.request('/v1/thing/get', { method: 'POST', body: JSON.stringify({ id: 3 }), headers: { 'content-type': 'application/json' } });
    const fine = await post(serverAnswering({ name: '甲' }, true));
    expect(await fine.json()).toEqual({ result: 'ok', values: { id: 3, name: '甲' } });
    const drifted = await post(serverAnswering({ name: null }, true));
    expect(drifted.status).toBe(500);
    expect(((await drifted.json()) as { errmsg: string }).errmsg).toMatch(/values\.name/);
    const unchecked = await post(serverAnswering({ name: null }, false));
    expect(await unchecked.json()).toEqual({ result: 'ok', values: { id: 3, name: null } });
  });

  it('the server checks its body by the declared input before the handler runs', async () => {
    const handler = vi.fn();
    const app = new Hono<AppEnv>();
    app.onError((err, c) => c.json({ result: 'error', errmsg: err.message }));
    mount(app, thing, handler as never);
    const res = await app.request('/v1/thing/get', {
      method: 'POST',
      body: JSON.stringify({ id: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(((await res.json()) as { result: string }).result).toBe('error');
    expect(handler).not.toHaveBeenCalled();
  });

  it('the browser’s send throws on a drifted answer where checks are on, and returns it as sent otherwise', async () => {
    const answering = (answer: unknown) => (async () => Response.json(answer)) as typeof fetch;
    const client = (answer: unknown, checkAnswers: boolean) =>
      createApiClient({ store: memoryStore(), baseURL: 'http://h/manage', fetch: answering(answer), checkAnswers });
    await expect(client({ result: 'ok', values: { id: 1, name: 'a' } }, true).send(thing, { id: 1 })).resolves.toEqual({
      result: 'ok',
      values: { id: 1, name: 'a' },
    });
    await expect(client({ result: 'ok', values: { id: 1 } }, true).send(thing, { id: 1 })).rejects.toThrow(/values\.name/);
    await expect(client({ result: 'ok', values: { id: 1 } }, false).send(thing, { id: 1 })).resolves.toEqual({
      result: 'ok',
      values: { id: 1 },
    });
  });

  it('checks are on by default in development and tests (import.meta.env.DEV)', async () => {
    const api = createApiClient({
      store: memoryStore(),
      baseURL: 'http://h/manage',
      fetch: (async () => Response.json({ result: 'ok' })) as typeof fetch,
    });
    expect(import.meta.env.DEV).toBe(true);
    await expect(api.send(thing, { id: 1 })).rejects.toThrow(/at values/);
  });
});
