import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../tests/support/start-server.ts';
import { findPostgresBin, startPostgres } from '../tests/support/postgres.ts';
import { openDb } from '../server/infra/db/db.ts';
import { quantile, round } from './stats.ts';
import { consoleHeaders, failureOf, signIn, startBaseline, type SessionHeaders } from './throughput.bench.ts';
import { benchPostgresSettings, nicknameFragment, seedMembers, seedUsers } from './in-process.ts';
import type { Call } from '@/api/table/define.ts';
import { shellApi } from '@/api/table/session.ts';
import { userApi } from '@/api/table/users.ts';
import { recordApi } from '@/api/table/records.ts';
import { logApi } from '@/api/table/logs.ts';
import { statisticsApi } from '@/api/table/statistics.ts';

/*
 * A day of an admin console (issue 46 part 5): the calls its users make, weighted as they make them, by admins (the
 * whole tenant) and store staff (their departments), on the seeded volumes (the demo with 1,000 more users and
 * 100,000 more members) with production's settings: answers unchecked, the request log on, no test switches.
 * Three measures: closed-loop (5 clients as fast as answers come), open-loop (arrivals at a fixed rate, times taken
 * from when a call was due, so queueing counts), and on PostgreSQL one process against two on the same database.
 */

/** Production's settings over the demo's data (its accounts sign in): the request log on, answers not checked. */
const SERVER_ENV = { REQUEST_LOG: 'json', SCRM_CHECK_ANSWERS: '0', SCRM_TEST_FAULTS: '', NODE_ENV: 'production' };
const USERS = 1_000;
const MEMBERS = 100_000;
const ADMINS = 3;
const STAFF = 2;
const ROUNDS = 3;
const SLICE_MS = 5_000;
const WARMUP_MS = 1_000;
const OPEN_LOOP_MS = 10_000;
/** The open-loop rate: this share of the closed-loop rate the same run measured. */
const OPEN_LOOP_SHARE = 0.7;

type Body = () => unknown;
interface DayCall {
  name: string;
  call: Call;
  body: Body;
  /** calls per 100 of this kind of user */
  weight: number;
}

/** What admins and staff do in a day, by weight. */
function dayOf(memberTable: number): { admin: DayCall[]; staff: DayCall[] } {
  const members = (extra: Record<string, unknown>) => () => ({ tableId: memberTable, pageNum: 1, pageSize: 10, filters: {}, ...extra });
  const level = () =>
    members({ filters: { level: String(1 + Math.floor(Math.random() * 4)) }, sortField: 'joined_at', sortOrder: 'descend' })();
  const byName = () => members({ filters: { nickname: nicknameFragment(MEMBERS) } })();
  const shell: DayCall[] = [
    { name: 'user info', call: shellApi.userInfo, body: () => ({}), weight: 15 },
    { name: 'menu tree', call: shellApi.menuTree, body: () => ({}), weight: 10 },
  ];
  return {
    admin: [
      ...shell,
      { name: 'users list', call: userApi.list, body: () => ({ pageNum: 1, pageSize: 10 }), weight: 15 },
      {
        name: 'users by keyword',
        call: userApi.list,
        body: () => ({ pageNum: 1, pageSize: 10, keyword: `压测用户${1 + Math.floor(Math.random() * USERS)}` }),
        weight: 5,
      },
      { name: 'members by level, newest', call: recordApi.list, body: level, weight: 15 },
      { name: 'members by nickname', call: recordApi.list, body: byName, weight: 10 },
      { name: 'operation log', call: logApi.operations, body: () => ({ pageNum: 1, pageSize: 10 }), weight: 10 },
      { name: 'dashboard', call: statisticsApi.dashboard, body: () => ({}), weight: 20 },
    ],
    staff: [
      ...shell,
      { name: 'members by level, newest', call: recordApi.list, body: level, weight: 30 },
      { name: 'members by nickname', call: recordApi.list, body: byName, weight: 15 },
      { name: 'dashboard', call: statisticsApi.dashboard, body: () => ({}), weight: 30 },
    ],
  };
}

/** One of the calls, chosen by weight. */
function pick(calls: readonly DayCall[]): DayCall {
  let r = Math.random() * calls.reduce((n, c) => n + c.weight, 0);
  for (const c of calls) if ((r -= c.weight) < 0) return c;
  return calls[calls.length - 1];
}

interface Caller {
  kind: 'admin' | 'staff';
  url: string;
  /** the headers the console sends (UserToken, AccessToken) */
  session: SessionHeaders;
  calls: readonly DayCall[];
}

/** One call as a user makes it: its time (ms) and what was wrong with its answer (null: a success). */
async function send(c: Caller, d: DayCall): Promise<{ ms: number; failure: string | null }> {
  const t0 = performance.now();
  const res = await fetch(`${c.url}/manage${d.call.path}`, {
    method: 'POST',
    headers: consoleHeaders(c.session, { encoding: 'gzip' }),
    body: JSON.stringify(d.body()),
  });
  const failure = failureOf(d.call, res.status, await res.arrayBuffer());
  return { ms: performance.now() - t0, failure };
}

/** What a measure saw, per `<kind> <call>`: success times and errors. */
class Tally {
  times = new Map<string, number[]>();
  errors = new Map<string, number>();
  firstErrors = new Set<string>();
  add(key: string, r: { ms: number; failure: string | null }) {
    if (r.failure) {
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
      if (this.firstErrors.size < 3) this.firstErrors.add(`${key}: ${r.failure}`);
    } else this.times.set(key, [...(this.times.get(key) ?? []), r.ms]);
  }
  get ok() {
    return [...this.times.values()].reduce((n, t) => n + t.length, 0);
  }
  get failed() {
    return [...this.errors.values()].reduce((n, e) => n + e, 0);
  }
}

/** Closed loop: every caller sends its next call when the last answered, for SLICE_MS after a warm-up. */
async function closedLoop(callers: readonly Caller[], tally: Tally): Promise<number> {
  let recording = false;
  let stop = false;
  const run = async (c: Caller) => {
    while (!stop) {
      const d = pick(c.calls);
      const r = await send(c, d);
      if (recording) tally.add(`${c.kind} ${d.name}`, r);
    }
  };
  const running = callers.map(run);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const before = tally.ok;
  recording = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SLICE_MS));
  recording = false;
  const seconds = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(running);
  return (tally.ok - before) / seconds;
}

/**
 * Open loop: calls arrive at `rate` a second (exponential gaps), each from a random caller, whether or not earlier
 * ones answered; a call's time runs from when it was due, so a server falling behind shows in the tail.
 */
async function openLoop(callers: readonly Caller[], rate: number, tally: Tally) {
  const pending: Array<Promise<void>> = [];
  let inFlight = 0;
  let most = 0;
  const t0 = performance.now();
  let due = t0;
  while (due - t0 < OPEN_LOOP_MS) {
    due += -Math.log(1 - Math.random()) * (1000 / rate);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const c = callers[Math.floor(Math.random() * callers.length)];
    const d = pick(c.calls);
    const at = due;
    inFlight++;
    most = Math.max(most, inFlight);
    pending.push(
      send(c, d).then((r) => {
        inFlight--;
        tally.add(`${c.kind} ${d.name}`, { ms: performance.now() - at, failure: r.failure });
      }),
    );
  }
  await Promise.all(pending);
  return { seconds: (performance.now() - t0) / 1000, mostInFlight: most };
}

/** A table of a tally: each kind's call with its count, errors, p50 and p99. */
function rowsOf(tally: Tally) {
  const keys = [...new Set([...tally.times.keys(), ...tally.errors.keys()])].sort();
  return keys.map((key) => {
    const t = tally.times.get(key) ?? [];
    return {
      call: key,
      ok: t.length,
      errors: tally.errors.get(key) ?? 0,
      'p50 ms': round(quantile(t, 0.5), 1),
      'p99 ms': round(quantile(t, 0.99), 1),
    };
  });
}

const range = (xs: number[]) => `${round(Math.min(...xs), 0)}-${round(Math.max(...xs), 0)}`;

/** The demo's data with the seeded volumes: 1,000 more users (a third in the staff's department) and 100,000 members. */
async function seedVolumes(options: { dataDir: string; databaseUrl?: string }) {
  const db = await openDb(options);
  try {
    await seedUsers(db, USERS, 'day');
    const table = await seedMembers(db, MEMBERS);
    await db.query('ANALYZE');
    return table;
  } finally {
    await db.close();
  }
}

/** Five callers (three admins, two store staff) on the given servers, in turn. */
async function callersOn(urls: readonly string[], day: ReturnType<typeof dayOf>): Promise<Caller[]> {
  const kinds: Array<'admin' | 'staff'> = [...Array<'admin'>(ADMINS).fill('admin'), ...Array<'staff'>(STAFF).fill('staff')];
  return Promise.all(
    kinds.map(async (kind, i) => {
      const url = urls[i % urls.length];
      return { kind, url, session: await signIn(url, kind), calls: day[kind] };
    }),
  );
}

/** The day on one engine: closed loop in ROUNDS rounds, then open loop at a share of its rate; PostgreSQL 1 vs 2. */
async function dayOn(engine: 'PGlite' | 'PostgreSQL') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scrm-bench-day-'));
  const pg = engine === 'PostgreSQL' ? await startPostgres(findPostgresBin()!, benchPostgresSettings()) : null;
  const env = { ...SERVER_ENV, ...(pg ? { DATABASE_URL: pg.url } : {}) };
  const servers: RunningServer[] = [];
  try {
    // the demo seeded by a first start, then the volumes, then the servers the day runs on
    const seeding = await startServer(env, { dataDir });
    await seeding.stop();
    const t0 = performance.now();
    const memberTable = await seedVolumes({ dataDir: pg ? '' : dataDir, ...(pg ? { databaseUrl: pg.url } : {}) });
    const seedSeconds = round((performance.now() - t0) / 1000, 1);
    servers.push(await startServer(env, { dataDir, dropLog: true }));
    const day = dayOf(memberTable);
    const one = await callersOn([servers[0].url], day);
    // Same-run baselines: a bare Hono app and a SELECT 1 app (on this engine) answering each path with bytes the
    // server answered it, loaded by the same callers in the same rounds, in shuffled order.
    const bodies: Record<string, string> = {};
    for (const c of one) {
      for (const d of c.calls) {
        if (bodies[d.call.path]) continue;
        const res = await fetch(`${c.url}/manage${d.call.path}`, {
          method: 'POST',
          headers: consoleHeaders(c.session),
          body: JSON.stringify(d.body()),
        });
        bodies[d.call.path] = await res.text();
      }
    }
    const bodiesFile = path.join(dataDir, 'bench-bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const baselines = await Promise.all([startBaseline('bare', bodiesFile), startBaseline('select1', bodiesFile, pg?.url)]);
    const closed = new Tally();
    const rates: number[] = [];
    const bareRates: number[] = [];
    const selectRates: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const order = [0, 1, 2].sort(() => Math.random() - 0.5);
        for (const which of order) {
          if (which === 0) rates.push(await closedLoop(one, closed));
          else {
            const url = baselines[which - 1].url;
            (which === 1 ? bareRates : selectRates).push(
              await closedLoop(
                one.map((c) => ({ ...c, url })),
                new Tally(),
              ),
            );
          }
        }
      }
    } finally {
      for (const b of baselines) b.stop();
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const rate = closed.ok / (ROUNDS * (SLICE_MS / 1000));
    const open = new Tally();
    const target = Math.max(1, rate * OPEN_LOOP_SHARE);
    const openRun = await openLoop(one, target, open);
    const result: Record<string, unknown> = {
      seeded: `demo + ${USERS} users + ${MEMBERS} members in ${seedSeconds} s`,
      'closed-loop req/s (rounds)': range(rates),
      'closed-loop errors': closed.failed,
      'bare app req/s (rounds)': range(bareRates),
      'SELECT 1 app req/s (rounds)': range(selectRates),
      '% of bare': round((100 * sum(rates)) / sum(bareRates), 1),
      '% of SELECT 1': round((100 * sum(rates)) / sum(selectRates), 1),
      closed: rowsOf(closed),
      'open-loop rate req/s': round(target, 1),
      'open-loop achieved req/s': round(open.ok / openRun.seconds, 1),
      'open-loop errors': open.failed,
      'open-loop most in flight': openRun.mostInFlight,
      'open-loop p50 ms': round(quantile([...open.times.values()].flat(), 0.5), 1),
      'open-loop p99 ms': round(quantile([...open.times.values()].flat(), 0.99), 1),
      open: rowsOf(open),
    };
    const firstErrors = [...closed.firstErrors, ...open.firstErrors];
    if (firstErrors.length) result['first errors'] = firstErrors;
    if (pg) {
      // one process against two on the same database, interleaved: the same five callers split over the two
      // a server of PostgreSQL keeps no data of its own in its folder: the throwaway one startServer makes will do
      servers.push(await startServer(env, { dropLog: true }));
      const two = await callersOn([servers[0].url, servers[1].url], day);
      const ones: number[] = [];
      const twos: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const which of round % 2 ? ['two', 'one'] : ['one', 'two']) {
          (which === 'one' ? ones : twos).push(await closedLoop(which === 'one' ? one : two, new Tally()));
        }
      }
      result['1 process req/s (rounds)'] = range(ones);
      result['2 processes req/s (rounds)'] = range(twos);
      result['2 vs 1'] = round(twos.reduce((a, b) => a + b, 0) / ones.reduce((a, b) => a + b, 0), 2);
    }
    return result;
  } finally {
    for (const s of servers) await s.stop();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDay() {
  const results: Record<string, unknown> = {
    settings: `production settings over the demo data: REQUEST_LOG=json, answers unchecked, no test switches; gzip accepted; PostgreSQL's shared_buffers ${benchPostgresSettings().shared_buffers}`,
    callers: `${ADMINS} admins (whole tenant) and ${STAFF} store staff (their departments), 5 clients`,
    mix: Object.fromEntries(Object.entries(dayOf(0)).map(([kind, calls]) => [kind, calls.map((c) => `${c.name} ${c.weight}`).join(', ')])),
    'closed loop': `${ROUNDS} rounds of ${SLICE_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up; the range over rounds`,
    'open loop': `${OPEN_LOOP_MS / 1000} s of exponential arrivals at ${OPEN_LOOP_SHARE * 100}% of the closed-loop rate; times from when a call was due`,
  };
  results.PGlite = await dayOn('PGlite');
  if (findPostgresBin()) results.PostgreSQL = await dayOn('PostgreSQL');
  return results;
}
