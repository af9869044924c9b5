import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../tests/support/start-server.ts';
import { findPostgresBin, startPostgres } from '../tests/support/postgres.ts';
import { DEMO_PASSWORD } from '../server/seed/seed.ts';
import { quantile, round } from './stats.ts';
import { createApiClient } from '../src/api/client.ts';
import { initUserPermission, login } from '../src/api/calls/session/session-calls.ts';
import { memoryStore, STORAGE_KEYS } from '../src/api/storage.ts';
import { answerProblem, type Call } from '../src/api/table/define.ts';
import { shellApi } from '../src/api/table/session.ts';
import { userApi } from '../src/api/table/users.ts';

const CLIENTS = 5;
/** The demo server as it runs (the tests' fault switch off), without the request log a person reads. */
const SERVER_ENV = { REQUEST_LOG: 'off', SCRM_TEST_FAULTS: '' };
const WARMUP_MS = 2_000;
const RUN_MS = 10_000;

/** The mix every signed-in page load makes, and the users list's first page, by their declarations. */
const MIX: Array<[string, Call, unknown]> = [
  ['user info', shellApi.userInfo, {}],
  ['menu tree', shellApi.menuTree, {}],
  ['users list', userApi.list, { pageNum: 1, pageSize: 10 }],
];

/**
 * What is wrong with an answer, or null for a success: HTTP 200 is not enough (SPEC's refusals are HTTP 200 too), so
 * the envelope is read: a refusal (`result` 'error', 401, 403) or an answer that does not fit its declaration is an error.
 */
function failureOf(call: Call, status: number, body: ArrayBuffer): string | null {
  if (status !== 200) return `HTTP ${status}`;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return 'not JSON';
  }
  const result = (json as { result?: unknown } | null)?.result;
  if (result === 'error' || typeof result === 'number') return `refused: ${String((json as { errmsg?: unknown }).errmsg)}`;
  return answerProblem(call, json);
}

async function signIn(url: string, userName: string): Promise<string> {
  const store = memoryStore();
  const api = createApiClient({ store, baseURL: `${url}/manage` });
  const token = await login(api, { userName, password: DEMO_PASSWORD });
  store.setItem(STORAGE_KEYS.userToken, token);
  await initUserPermission(api);
  return token;
}

/**
 * Closed-loop load: CLIENTS signed-in sessions, each sending the mix in turn as fast as answers come, on Node's keep-alive
 * connections, from this process while the server runs in its own (both on the same cores). After a warm-up, every
 * call's time is kept for RUN_MS.
 */
async function load(url: string) {
  const tokens = await Promise.all(Array.from({ length: CLIENTS }, () => signIn(url, 'admin')));
  const times = new Map<string, number[]>(MIX.map(([name]) => [name, []]));
  const errors = new Map<string, number>(MIX.map(([name]) => [name, 0]));
  const firstErrors = new Set<string>();
  let recording = false;
  let stop = false;
  const client = async (token: string, offset: number) => {
    for (let i = offset; !stop; i++) {
      const [name, call, body] = MIX[i % MIX.length];
      const t0 = performance.now();
      const res = await fetch(`${url}/manage${call.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', UserToken: token, 'Accept-Encoding': 'br, gzip' },
        body: JSON.stringify(body),
      });
      const failure = failureOf(call, res.status, await res.arrayBuffer());
      if (!recording) continue;
      if (failure) {
        errors.set(name, errors.get(name)! + 1);
        if (firstErrors.size < 3) firstErrors.add(`${name}: ${failure}`);
      } else times.get(name)!.push(performance.now() - t0);
    }
  };
  const running = tokens.map((t, i) => client(t, i));
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  recording = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, RUN_MS));
  recording = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(running);
  const all = [...times.values()].flat().sort((a, b) => a - b);
  if (firstErrors.size) console.warn(`errors (counted, not timed): ${[...firstErrors].join('; ')}`);
  const row = (name: string, xs: number[], failed: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return {
      call: name,
      'ok req/s': round(sorted.length / seconds, 0),
      errors: failed,
      'p50 ms': round(quantile(sorted, 0.5), 1),
      'p95 ms': round(quantile(sorted, 0.95), 1),
      'p99 ms': round(quantile(sorted, 0.99), 1),
    };
  };
  const failed = [...errors.values()].reduce((a, b) => a + b, 0);
  return [row('mix', all, failed), ...MIX.map(([name]) => row(name, times.get(name)!, errors.get(name)!))];
}

/**
 * Server throughput on PGlite and, when PostgreSQL's binaries are found (as the tests find them), on a throwaway
 * cluster: the load generator and its mix are printed beside the figures (targets: PGlite 500 req/s at 5 clients
 * with p99 <= 30 ms; PostgreSQL 1,000 req/s per process with p99 <= 20 ms).
 */
export async function benchThroughput() {
  const results: Record<string, unknown> = {
    generator: `${CLIENTS} closed-loop clients in the bench process (fetch, keep-alive), ${RUN_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up`,
    mix: MIX.map(([name, call]) => `${name} (${call.path})`).join(', '),
    success: 'an answer whose envelope is a success and fits its declaration; refusals and misfits are counted as errors',
  };
  const engines: Array<[string, () => Promise<{ server: RunningServer; done: () => void }>]> = [
    ['PGlite', async () => ({ server: await startServer(SERVER_ENV), done: () => {} })],
  ];
  const bin = findPostgresBin();
  if (bin) {
    engines.push([
      'PostgreSQL',
      async () => {
        const pg = await startPostgres(bin);
        return { server: await startServer({ ...SERVER_ENV, DATABASE_URL: pg.url }), done: pg.stop };
      },
    ]);
  }
  for (const [engine, start] of engines) {
    const { server, done } = await start();
    try {
      results[engine] = await load(server.url);
    } finally {
      await server.stop();
      done();
    }
  }
  return results;
}
