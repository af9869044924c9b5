import { performance } from 'node:perf_hooks';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { startServer } from '../tests/support/start-server.ts';
import { DEMO_PASSWORD } from '../server/seed/seed.ts';
import { quantile, round } from './stats.ts';
import { createApiClient } from '@/api/client.ts';
import { encryptPassword, login } from '@/api/calls/session/session-calls.ts';
import { memoryStore } from '@/api/storage.ts';

/** The server as it runs (request log off, the tests' fault switch off), trusting one proxy for client addresses. */
const SERVER_ENV = { REQUEST_LOG: 'off', SCRM_TEST_FAULTS: '', TRUST_PROXY: '1' };
const ROUNDS = 3;
/** The calls a signed-in user keeps making meanwhile, one after another. */
const PROBE = [
  ['/vue/userInfo', {}],
  ['/v1/user/list', { pageNum: 1, pageSize: 10 }],
] as const;

/** A signed-in user's calls, back to back, for `ms`: each call's time. */
async function probe(url: string, token: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + ms;
  for (let i = 0; performance.now() < end; i++) {
    const [path, body] = PROBE[i % PROBE.length];
    const t0 = performance.now();
    const res = await fetch(`${url}/manage${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', UserToken: token },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { result: unknown };
    if (answer.result !== 'ok') throw new Error(`${path} answered ${JSON.stringify(answer)}`);
    times.push(performance.now() - t0);
  }
  return times;
}

/** One wrong login as a browser makes it (a fresh key, the password encrypted), from its own address. */
async function wrongLogin(url: string, userName: string): Promise<string> {
  const ip = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${url}/manage${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        body: JSON.stringify(body),
      })
    ).json()) as { result: unknown; values?: { keyId: string; key: string }; errmsg?: string };
  const key = await post('/anon/passport/aesKey', {});
  const password = await encryptPassword(`wrong-${randomBytes(4).toString('hex')}`, key.values!);
  const answer = await post('/anon/passport/login', { userName, password, keyId: key.values!.keyId, appName: 'SCRM' });
  return String(answer.errmsg ?? answer.result);
}

/** A body over its limit, sent with Content-Length or streamed; resolves when the server answered or cut it. */
const bigBody = (url: string, token: string, megabytes: number, streamed: boolean) =>
  new Promise<string>((resolve) => {
    const { hostname, port } = new URL(url);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const headers: Record<string, string | number> = { 'content-type': 'application/json', UserToken: token };
    if (!streamed) headers['content-length'] = megabytes * chunk.length;
    const req = request({ hostname, port, path: '/manage/v1/user/save', method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    let sent = 0;
    const more = () => {
      if (sent >= megabytes) return void req.end();
      sent++;
      req.write(chunk, more);
    };
    more();
  });

const figures = (times: number[]) => ({
  calls: times.length,
  'p50 ms': round(quantile(times, 0.5), 1),
  'p95 ms': round(quantile(times, 0.95), 1),
  'max ms': round(Math.max(...times), 1),
});

/**
 * What a signed-in user's calls (user info, the users list) take while the server is abused, beside the same calls
 * with nothing else going on, measured in the same round, three rounds (targets: p95 <= 300 ms during 200 concurrent
 * wrong logins; ten 10 MB bodies refused while they arrive, without slowing the others by seconds).
 */
export async function benchAbuse() {
  const server = await startServer(SERVER_ENV);
  const rows: Array<Record<string, unknown>> = [];
  try {
    const api = createApiClient({ store: memoryStore(), baseURL: `${server.url}/manage` });
    const token = await login(api, { userName: 'admin', password: DEMO_PASSWORD });
    await probe(server.url, token, 1_000);
    for (let round = 1; round <= ROUNDS; round++) {
      rows.push({ round, load: 'none (baseline)', ...figures(await probe(server.url, token, 3_000)) });
      // 200 at once: unknown accounts and real ones (each real one locks after 5), each from an address of its own.
      const logins = Array.from({ length: 200 }, (_, i) => wrongLogin(server.url, i % 2 ? `nobody${round}${i}` : 'staff'));
      const during = await probe(server.url, token, 1_000).then(async (first) => [...first, ...(await probe(server.url, token, 2_000))]);
      const answers = await Promise.all(logins);
      rows.push({
        round,
        load: '200 concurrent wrong logins',
        ...figures(during),
        refused: answers.filter((a) => a !== 'ok').length,
      });
      rows.push({ round, load: 'none (baseline)', ...figures(await probe(server.url, token, 3_000)) });
      const bodies = Array.from({ length: 10 }, (_, i) => bigBody(server.url, token, 10, i % 2 === 1));
      const whileBodies = await probe(server.url, token, 3_000);
      const statuses = await Promise.all(bodies);
      rows.push({
        round,
        load: 'ten 10 MB bodies (5 with Content-Length, 5 streamed)',
        ...figures(whileBodies),
        refused: statuses.filter((s) => s === '413' || /^E/.test(s)).length,
      });
    }
  } finally {
    await server.stop();
  }
  return { rows };
}
