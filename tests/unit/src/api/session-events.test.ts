import { describe, expect, it } from 'vitest';
import { subscribeSessionEvents } from '@/api/session-events.ts';
import { memoryStore, STORAGE_KEYS } from '@/api/storage.ts';

const stream = (text: string) =>
  new Response(new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(text)), c.close()) }), {
    headers: { 'content-type': 'text/event-stream' },
  });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function world(answers: Array<() => Response | Promise<Response>>) {
  const store = memoryStore();
  store.setItem(STORAGE_KEYS.userToken, 't1');
  let calls = 0;
  const events: string[] = [];
  const fetch = (async () => {
    const next = answers[Math.min(calls, answers.length - 1)];
    calls++;
    return next();
  }) as typeof globalThis.fetch;
  const stop = subscribeSessionEvents({ store, fetch, retryMs: 5, onEvent: (e) => events.push(e) });
  return { stop, events, calls: () => calls };
}

describe('the session’s event stream (src/api/session-events.ts)', () => {
  it('comes back after the server answered 503 while its database was away, and after a drop', async () => {
    const w = world([
      () => json({ result: 'error', errmsg: '数据库暂时不可用，请稍后重试' }, 503),
      () => Promise.reject(new TypeError('fetch failed')),
      () => stream('event: ready\ndata: {"id":"1"}\n\n'),
      () => stream('event: revoked\ndata: {}\n\n'),
      () => new Promise<Response>(() => {}),
    ]);
    await expect.poll(() => w.events).toEqual(['ready', 'revoked']);
    w.stop();
  });

  it('ends when the answer ends the session (JSON, no stream)', async () => {
    const w = world([() => json({ result: 401, errmsg: 'userToken失效' }), () => stream('event: ready\ndata: {}\n\n')]);
    await new Promise((r) => setTimeout(r, 50));
    expect(w.calls()).toBe(1);
    expect(w.events).toEqual([]);
    w.stop();
  });
});
