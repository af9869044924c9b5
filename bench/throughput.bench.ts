import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../tests/support/start-server.ts';
import { openDb } from '../server/infra/db/db.ts';
import { benchPostgresSettings, joinDaySpan, seedMembers } from './in-process.ts';
import { findPostgresBin, startPostgres } from '../tests/support/postgres.ts';
import { DEMO_PASSWORD } from '../server/seed/seed.ts';
import { quantile, round } from './stats.ts';
import { createApiClient } from '@/api/client.ts';
import { fetchAccessToken, initUserPermission, login } from '@/api/calls/session/session-calls.ts';
import { memoryStore, STORAGE_KEYS } from '@/api/storage.ts';
import { answerProblem, type Call } from '@/api/table/define.ts';
import { shellApi } from '@/api/table/session.ts';
import { userApi } from '@/api/table/users.ts';
import { recordApi } from '@/api/table/records.ts';

const CLIENTS = 5;
/** Production's settings over the demo's data (its accounts sign in): the request log on, answers not checked. */
const SERVER_ENV = { REQUEST_LOG: 'json', SCRM_CHECK_ANSWERS: '0', SCRM_TEST_FAULTS: '', NODE_ENV: 'production' };
/** Members in the demo's member table for the records list (issue 46 part 6: 10,000 on PGlite, 100,000 on PostgreSQL). */
const MEMBERS = { PGlite: 10_000, PostgreSQL: 100_000 } as const;
const WARMUP_MS = 500;
/** Each call on each target is measured this long per round, in ROUNDS rounds, the order shuffled in each. */
const SLICE_MS = 2_500;
const ROUNDS = 3;

/**
 * A call of the mix: its name, declaration and body (or a body made anew for each call), and the console's language
 * when it is not Chinese.
 */
type Mix = Array<[string, Call, unknown, ('en-US' | 'zh-CN')?]>;

/** A mix entry's body for one call. */
const bodyOf = (body: unknown): unknown => (body instanceof Function ? (body as () => unknown)() : body);

/**
 * The mix every signed-in page load makes, the users list's first page, and the members list (one of four levels,
 * newest first: a filtered and sorted page of the costliest call), by their declarations; and the menu tree of a
 * console in English (the console sends its language with every call, and the server answers refusals in it).
 * The members list asked again keeps its estimated count (server/infra/db/kept-counts.ts), as paging, a return from
 * a record or a refresh does; a list of a filter never asked before (a level and a random span of join days, half of
 * the level's members) counts every time.
 */
const mixOf = (memberTable: number, members: number): Mix => [
  ['user info', shellApi.userInfo, {}],
  ['menu tree', shellApi.menuTree, {}],
  ['users list', userApi.list, { pageNum: 1, pageSize: 10 }],
  [
    `records list (${members.toLocaleString('en')} members)`,
    recordApi.list,
    { tableId: memberTable, pageNum: 1, pageSize: 10, filters: { level: '2' }, sortField: 'joined_at', sortOrder: 'descend' },
  ],
  [
    `records list, a new filter each call (${members.toLocaleString('en')} members)`,
    recordApi.list,
    () => ({
      tableId: memberTable,
      pageNum: 1,
      pageSize: 10,
      filters: { level: '2', joined_at: joinDaySpan(150) },
      sortField: 'joined_at',
      sortOrder: 'descend',
    }),
  ],
  ['menu tree in English', shellApi.menuTree, {}, 'en-US'],
];

/**
 * The headers the console sends with a call once signed in: its session's, and its language (Chinese unless said).
 * `identity` by default: the real server and the baselines then send the same bytes.
 */
export const consoleHeaders = (
  session: SessionHeaders,
  { language = 'zh-CN', encoding = 'identity' }: { language?: 'en-US' | 'zh-CN'; encoding?: 'identity' | 'gzip' } = {},
) => ({ 'Content-Type': 'application/json', ...session, 'Accept-Language': language, 'Accept-Encoding': encoding });

/**
 * What is wrong with an answer, or null for a success: HTTP 200 is not enough (SPEC's refusals are HTTP 200 too), so
 * the envelope is read: a refusal (`result` 'error', 401, 403) or an answer that does not fit its declaration is an error.
 */
export function failureOf(call: Call, status: number, body: ArrayBuffer): string | null {
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

/** The headers the console sends with every call once signed in: its UserToken and an AccessToken. */
export interface SessionHeaders {
  UserToken: string;
  AccessToken: string;
}

/** Signs in as the console does (login, permissions, an AccessToken) and answers the headers it then sends. */
export async function signIn(url: string, userName: string): Promise<SessionHeaders> {
  const store = memoryStore();
  const api = createApiClient({ store, baseURL: `${url}/manage` });
  const token = await login(api, { userName, password: DEMO_PASSWORD });
  store.setItem(STORAGE_KEYS.userToken, token);
  await initUserPermission(api);
  return { UserToken: token, AccessToken: (await fetchAccessToken(api)).token };
}

/** What one slice of closed-loop load measured: each call's times (successes) and errors. */
interface Slice {
  seconds: number;
  times: Map<string, number[]>;
  errors: Map<string, number>;
}

/**
 * Closed-loop load on one target for one slice: CLIENTS sessions, each sending the mix in turn as fast as answers
 * come, on Node's keep-alive connections, from this process while the target runs in its own (both on the same
 * cores). After a warm-up, every call's time is kept for SLICE_MS. No Accept-Encoding: the real server and the
 * baselines send the same bytes.
 */
async function slice(url: string, sessions: readonly SessionHeaders[], mix: Mix, firstErrors: Set<string>): Promise<Slice> {
  const times = new Map<string, number[]>(mix.map(([name]) => [name, []]));
  const errors = new Map<string, number>(mix.map(([name]) => [name, 0]));
  let recording = false;
  let stop = false;
  const client = async (session: SessionHeaders, offset: number) => {
    for (let i = offset; !stop; i++) {
      const [name, call, body, language] = mix[i % mix.length];
      const t0 = performance.now();
      const res = await fetch(`${url}/manage${call.path}`, {
        method: 'POST',
        headers: consoleHeaders(session, { language }),
        body: JSON.stringify(bodyOf(body)),
      });
      const failure = failureOf(call, res.status, await res.arrayBuffer());
      if (!recording) continue;
      if (failure) {
        errors.set(name, errors.get(name)! + 1);
        if (firstErrors.size < 3) firstErrors.add(`${name}: ${failure}`);
      } else times.get(name)!.push(performance.now() - t0);
    }
  };
  const running = sessions.map((t, i) => client(t, i));
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  recording = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, SLICE_MS));
  recording = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(running);
  return { seconds, times, errors };
}

/** A baseline app (bench/baseline-server.ts) in its own process, answering the bodies the real server answered. */
export async function startBaseline(mode: 'bare' | 'select1', bodiesFile: string, databaseUrl?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/baseline-server.ts'], {
    env: { ...process.env, BASELINE: mode, BODIES: bodiesFile, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`baseline ${mode} exited with ${code}`)));
  });
  return { url, stop: () => child.stdin!.end() };
}

const shuffled = <T>(xs: readonly T[]) => [...xs].sort(() => Math.random() - 0.5);

/**
 * The real server and, in the same run, two baselines answering the same bytes: a bare Hono app, and one that makes
 * a `SELECT 1` per call on the same engine. ROUNDS rounds, each giving every target a slice in shuffled order, so a
 * machine that gets busier favours none. Each call's rate is reported with its share of both baselines.
 */
async function compare(server: RunningServer, databaseUrl: string | undefined, mix: Mix) {
  const sessions = await Promise.all(Array.from({ length: CLIENTS }, () => signIn(server.url, 'admin')));
  // the bytes each call answers now, for the baselines to answer
  const bodies: Record<string, string> = {};
  // (by path: the menu tree's text is the same in either language)
  for (const [, call, body, language] of mix) {
    if (call.path in bodies) continue;
    const res = await fetch(`${server.url}/manage${call.path}`, {
      method: 'POST',
      headers: consoleHeaders(sessions[0], { language }),
      body: JSON.stringify(bodyOf(body)),
    });
    bodies[call.path] = await res.text();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'scrm-bench-'));
  const bodiesFile = path.join(dir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const [bare, select1] = await Promise.all([startBaseline('bare', bodiesFile), startBaseline('select1', bodiesFile, databaseUrl)]);
  const targets = { server: server.url, bare: bare.url, select1: select1.url };
  // each call alone (its own rate), on each target, in shuffled order each round
  type Target = keyof typeof targets;
  const slices = new Map<string, Slice[]>();
  const key = (target: Target, call: string) => `${target} ${call}`;
  const firstErrors = new Set<string>();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const work = (Object.keys(targets) as Target[]).flatMap((target) => mix.map((m) => [target, m] as const));
      for (const [target, m] of shuffled(work)) {
        const measured = await slice(targets[target], sessions, [m], firstErrors);
        slices.set(key(target, m[0]), [...(slices.get(key(target, m[0])) ?? []), measured]);
      }
    }
  } finally {
    bare.stop();
    select1.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (firstErrors.size) console.warn(`errors (counted, not timed): ${[...firstErrors].join('; ')}`);
  // a call's rate in each round, and its range over the rounds (never the best one alone)
  const of = (target: Target, call: string) => slices.get(key(target, call))!;
  const rates = (target: Target, call: string) => of(target, call).map((sl) => sl.times.get(call)!.length / sl.seconds);
  const total = (target: Target, call: string) =>
    of(target, call).reduce((n, sl) => n + sl.times.get(call)!.length, 0) / of(target, call).reduce((n, sl) => n + sl.seconds, 0);
  const range = (xs: number[]) => `${round(Math.min(...xs), 0)}-${round(Math.max(...xs), 0)}`;
  return mix.map(([call]) => {
    const own = of('server', call).flatMap((sl) => sl.times.get(call)!);
    return {
      call,
      'ok req/s': round(total('server', call), 0),
      'rounds req/s': range(rates('server', call)),
      errors: of('server', call).reduce((n, sl) => n + sl.errors.get(call)!, 0),
      'p50 ms': round(quantile(own, 0.5), 1),
      'p99 ms': round(quantile(own, 0.99), 1),
      'bare req/s': round(total('bare', call), 0),
      'SELECT 1 req/s': round(total('select1', call), 0),
      '% of bare': round((100 * total('server', call)) / total('bare', call), 1),
      '% of SELECT 1': round((100 * total('server', call)) / total('select1', call), 1),
    };
  });
}

/**
 * Server throughput on PGlite and, when PostgreSQL's binaries are found (as the tests find them), on a throwaway
 * cluster, each beside its same-run baselines (targets, issue 46, on PostgreSQL: user info and the users list >= 40%
 * of the SELECT 1 app, the menu tree >= 60% of the bare app).
 */
export async function benchThroughput() {
  const results: Record<string, unknown> = {
    generator: `${CLIENTS} closed-loop clients in the bench process (fetch, keep-alive), each signed in as the console is (UserToken and AccessToken on every call), each call alone; ${ROUNDS} rounds of ${SLICE_MS / 1000} s slices after ${WARMUP_MS / 1000} s warm-up, every call on the server and its baselines interleaved in shuffled order`,
    settings: `production settings over the demo data: REQUEST_LOG=json, answers unchecked, no test switches; PostgreSQL's shared_buffers ${benchPostgresSettings().shared_buffers}`,
    mix: mixOf(0, 0)
      .map(([name, call]) => `${name.replace(/ \(.*/, '')} (${call.path})`)
      .join(', '),
    success: 'an answer whose envelope is a success and fits its declaration; refusals and misfits are counted as errors',
    baselines: 'bare: a Hono app answering the same bytes; SELECT 1: the same after one SELECT 1 on the same engine',
  };
  const engines: Array<['PGlite' | 'PostgreSQL', (() => ReturnType<typeof startPostgres>) | null]> = [['PGlite', null]];
  const bin = findPostgresBin();
  if (bin) engines.push(['PostgreSQL', () => startPostgres(bin, benchPostgresSettings())]);
  for (const [engine, startDatabase] of engines) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'scrm-bench-throughput-'));
    const pg = startDatabase ? await startDatabase() : null;
    const env = { ...SERVER_ENV, ...(pg ? { DATABASE_URL: pg.url } : {}) };
    let server: RunningServer | undefined;
    try {
      // the demo seeded by a first start, then the members, then the server the load runs on
      await (await startServer(env, { dataDir })).stop();
      const db = await openDb(pg ? { dataDir: '', databaseUrl: pg.url } : { dataDir });
      let memberTable: number;
      try {
        memberTable = await seedMembers(db, MEMBERS[engine]);
        await db.query('ANALYZE');
      } finally {
        await db.close();
      }
      server = await startServer(env, { dataDir, dropLog: true });
      results[engine] = await compare(server, pg?.url, mixOf(memberTable, MEMBERS[engine]));
    } finally {
      await server?.stop();
      pg?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  // PGlite against PostgreSQL, call by call (target: within 3x on every call of the mix)
  const pglite = results.PGlite as Array<Record<string, unknown>> | undefined;
  const postgres = results.PostgreSQL as Array<Record<string, unknown>> | undefined;
  if (pglite && postgres) {
    results['PostgreSQL / PGlite'] = Object.fromEntries(
      pglite.map((row, i) => [String(row.call).replace(/ \(.*/, ''), round(Number(postgres[i]['ok req/s']) / Number(row['ok req/s']), 2)]),
    );
  }
  return results;
}

/** Several runs' figures as each call's range (lowest-highest) of its rate and its shares, engine by engine. */
export function throughputRange(runs: ReadonlyArray<Record<string, unknown>>) {
  const rows: Array<Record<string, string>> = [];
  for (const engine of ['PGlite', 'PostgreSQL']) {
    const tables = runs.map((r) => r[engine] as Array<Record<string, unknown>> | undefined).filter((t) => t !== undefined);
    if (!tables.length) continue;
    for (const [i, row] of tables[0].entries()) {
      const span = (column: string) => {
        const xs = tables.map((t) => Number(t[i][column]));
        return `${Math.min(...xs)}-${Math.max(...xs)}`;
      };
      rows.push({
        engine,
        call: String(row.call),
        'ok req/s': span('ok req/s'),
        '% of bare': span('% of bare'),
        '% of SELECT 1': span('% of SELECT 1'),
        'p99 ms': span('p99 ms'),
      });
    }
  }
  return rows;
}
