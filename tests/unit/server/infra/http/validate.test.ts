import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import * as v from 'valibot';
import { readBody } from '@server/infra/http/http.ts';
import { takes } from '@server/infra/http/validate.ts';

/** A check that reads the body before the route's schema (which button a save needs) shares one parse with it. */
describe('readBody', () => {
  const app = new Hono<{ Variables: { body: { name: string }; seen: unknown } }>();
  app.onError((e, c) => c.json({ error: e.message }));
  app.post(
    '/save',
    async (c, next) => {
      const first = readBody(c);
      expect(readBody(c)).toBe(first);
      c.set('seen', await first.catch(() => null));
      await next();
    },
    takes(v.strictObject({ name: v.pipe(v.string(), v.minLength(1, '名称不能为空')) })),
    (c) => c.json({ name: c.var.body.name, same: c.var.seen !== null }),
  );
  const post = async (body: string) =>
    (await app.request('/save', { method: 'POST', body, headers: { 'content-type': 'application/json' } })).json();

  it('parses once: the early check and the schema see the same body', async () => {
    expect(await post('{"name":"短信宝"}')).toEqual({ name: '短信宝', same: true });
  });

  it('a body that is not JSON is refused by the schema step all the same', async () => {
    expect(await post('{"name":')).toEqual({ error: '请求体不是有效的 JSON' });
    expect(await post('{"name":""}')).toEqual({ error: '名称不能为空' });
  });
});
