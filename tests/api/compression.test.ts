import { readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { createApiClient } from '@/api/client.ts';
import { fetchMenuTree, login } from '@/api/calls/session/session-calls.ts';
import { memoryStore, STORAGE_KEYS } from '@/api/storage.ts';
import { shellApi } from '@/api/table/session.ts';
import { DEMO_PASSWORD, signedIn } from '../support/api.ts';

// Issue 46: what goes over the wire is compressed (assets from build-time copies, /manage JSON per answer), and the
// menu tree a session already holds comes back as 304 with no bytes.
const baseUrl = inject('baseUrl');

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as bytes on the wire (fetch would decompress them and hide what was sent). */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Raw> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      { method: init.method ?? 'GET', headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const decoded = (r: Raw): Buffer =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

/** The largest built script: the one whose bytes matter most. */
const largestScript = () =>
  readdirSync('dist/assets')
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: readFileSync(`dist/assets/${f}`).length }))
    .sort((a, b) => b.size - a.size)[0].f;

describe('assets', () => {
  it('serves brotli, gzip or plain bytes of a script by Accept-Encoding, the same script each way, cached for a year', async () => {
    const file = largestScript();
    const plain = readFileSync(`dist/assets/${file}`);
    const br = await raw(`/assets/${file}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    const gz = await raw(`/assets/${file}`, { headers: { 'Accept-Encoding': 'gzip' } });
    const none = await raw(`/assets/${file}`);
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], none.headers['content-encoding']]).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    for (const r of [br, gz, none]) {
      expect(r.status).toBe(200);
      expect(decoded(r).equals(plain)).toBe(true);
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    }
    // brotli at its best beats gzip at its best, and both are a fraction of the script
    expect(br.body.length).toBeLessThan(gz.body.length);
    expect(gz.body.length).toBeLessThan(plain.length / 2);
  });

  it('serves index.html compressed where it is worth it, never cached without revalidation', async () => {
    const page = await raw('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page).toString()).toContain('<div id="root">');
    expect(decoded(page).equals(readFileSync('dist/index.html'))).toBe(true);
  });
});

describe('/manage answers', () => {
  it('compresses a JSON answer of 1 KiB or more in the encoding asked for, and leaves a small one as it is', async () => {
    const { token } = await signedIn(baseUrl, 'admin');
    // the menu tree: tens of KiB of JSON (the demo's lists are under 1 KiB)
    const list = (encoding?: string) =>
      raw(`/manage${shellApi.menuTree.path}`, {
        method: 'POST',
        headers: { UserToken: token, ...(encoding ? { 'Accept-Encoding': encoding } : {}) },
        body: {},
      });
    const [br, gz, none, refused] = await Promise.all([list('gzip, deflate, br'), list('gzip'), list(), list('br;q=0, gzip;q=0')]);
    expect(none.body.length).toBeGreaterThan(1024);
    expect([br, gz, none, refused].map((r) => r.headers['content-encoding'])).toEqual(['br', 'gzip', undefined, undefined]);
    for (const r of [br, gz, none, refused]) {
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
      expect(decoded(r).equals(decoded(none))).toBe(true);
      expect(JSON.parse(decoded(r).toString()).result.length).toBeGreaterThan(0);
    }
    expect(br.body.length).toBeLessThan(none.body.length / 3);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    // the request id and the no-store of every /manage answer survive the compression
    expect(br.headers['x-request-id']).toMatch(/^[\da-f-]{36}$/);
    expect(br.headers['cache-control']).toBe('no-store');

    const small = await raw('/manage/anon/passport/aesKey', { method: 'POST', headers: { 'Accept-Encoding': 'br, gzip' }, body: {} });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ result: 'ok' });
  });

  it('answers the menu tree with an ETag, 304 with no body to that tag, and the whole tree to any other', async () => {
    const { token } = await signedIn(baseUrl, 'admin');
    const menu = (headers: Record<string, string> = {}) =>
      raw(`/manage${shellApi.menuTree.path}`, {
        method: 'POST',
        headers: { UserToken: token, 'Accept-Encoding': 'br', ...headers },
        body: {},
      });
    const first = await menu();
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(JSON.parse(decoded(first).toString()).result.length).toBeGreaterThan(0);
    const again = await menu({ 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    const other = await menu({ 'If-None-Match': '"not-this-one"' });
    expect(other.status).toBe(200);
    expect(decoded(other).equals(decoded(first))).toBe(true);
    // another user's tree is another tag: a kept tree is never taken for a different one
    const staff = await signedIn(baseUrl, 'staff');
    const theirs = await raw(`/manage${shellApi.menuTree.path}`, {
      method: 'POST',
      headers: { UserToken: staff.token, 'If-None-Match': tag },
      body: {},
    });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.etag).not.toBe(tag);
    // no session: refused as always, never a 304
    const anonymous = await raw(`/manage${shellApi.menuTree.path}`, { method: 'POST', headers: { 'If-None-Match': tag }, body: {} });
    expect(anonymous.status).not.toBe(304);
  });

  it('the console keeps the tree it was given and asks again with its tag: the second load is a 304, read as the same tree', async () => {
    const store = memoryStore();
    const statuses: (number | null)[] = [];
    const api = createApiClient({
      store,
      kept: memoryStore(),
      baseURL: `${baseUrl}/manage`,
      onCall: (c) => c.path === shellApi.menuTree.path && statuses.push(c.status),
    });
    store.setItem(STORAGE_KEYS.userToken, await login(api, { userName: 'admin', password: DEMO_PASSWORD }));
    const first = await fetchMenuTree(api);
    const second = await fetchMenuTree(api);
    expect(statuses).toEqual([200, 304]);
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
    // a session that ended forgets it: the next one is asked in full
    api.forgetKept();
    await fetchMenuTree(api);
    expect(statuses).toEqual([200, 304, 200]);
  });
});
