import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Db } from './db/db.ts';

/** Upper bounds (seconds) of the request-duration histogram's buckets. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/**
 * What the server counts for Prometheus: /manage requests by method and status class, and how long they took (one
 * histogram). Process figures are read when scraped. Kept in memory per process; a scraper sums the processes.
 */
/** The path the request's handler was registered with (middleware registrations are ALL), or 'unmatched'. */
const handlerPath = (c: Context) =>
  matchedRoutes(c)
    .filter((r) => r.method !== 'ALL')
    .at(-1)?.path ?? 'unmatched';

/** A label value as the text format takes it. */
const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class HttpMetrics {
  private readonly requests = new Map<string, number>();
  private readonly buckets = DURATION_BUCKETS.map(() => 0);
  private count = 0;
  private sum = 0;
  private readonly started = Date.now();
  /** by route (the path the route was registered with, so unknown paths fold into their catch-all) */
  private readonly routes = new Map<string, { byStatus: Map<string, number>; buckets: number[]; count: number; sum: number }>();
  private readonly counters = new Map<string, { help: string; values: Map<string, number> }>();
  private readonly gauges: Array<{ name: string; help: string; read: () => number | Promise<number> }> = [];

  record(method: string, status: number, seconds: number, route?: string): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method}\u0000${statusClass}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    this.count++;
    this.sum += seconds;
    DURATION_BUCKETS.forEach((le, i) => {
      if (seconds <= le) this.buckets[i]++;
    });
    if (route === undefined) return;
    const r = this.routes.get(route) ?? { byStatus: new Map(), buckets: DURATION_BUCKETS.map(() => 0), count: 0, sum: 0 };
    this.routes.set(route, r);
    r.byStatus.set(statusClass, (r.byStatus.get(statusClass) ?? 0) + 1);
    r.count++;
    r.sum += seconds;
    DURATION_BUCKETS.forEach((le, i) => {
      if (seconds <= le) r.buckets[i]++;
    });
  }

  /** Adds one to a counter with one label (`scrm_scheduler_runs_total{outcome="success"}`). */
  increment(name: string, help: string, label: string, value: string): void {
    const c = this.counters.get(name) ?? { help, values: new Map() };
    this.counters.set(name, c);
    const key = `${label}="${escapeLabel(value)}"`;
    c.values.set(key, (c.values.get(key) ?? 0) + 1);
  }

  /** A value read when the metrics are (open session streams, jobs under way). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    this.gauges.push({ name, help, read });
  }

  /** The Prometheus text format (version 0.0.4). */
  async text(): Promise<string> {
    const lines = [
      '# HELP scrm_http_requests_total /manage requests answered, by method and status class.',
      '# TYPE scrm_http_requests_total counter',
      ...[...this.requests].sort().map(([key, n]) => {
        const [method, status] = key.split('\u0000');
        return `scrm_http_requests_total{method="${method}",status="${status}"} ${n}`;
      }),
      '# HELP scrm_http_request_duration_seconds How long /manage requests took.',
      '# TYPE scrm_http_request_duration_seconds histogram',
      ...DURATION_BUCKETS.map((le, i) => `scrm_http_request_duration_seconds_bucket{le="${le}"} ${this.buckets[i]}`),
      `scrm_http_request_duration_seconds_bucket{le="+Inf"} ${this.count}`,
      `scrm_http_request_duration_seconds_sum ${this.sum.toFixed(6)}`,
      `scrm_http_request_duration_seconds_count ${this.count}`,
    ];
    const routes = [...this.routes].sort(([a], [b]) => a.localeCompare(b));
    lines.push(
      '# HELP scrm_http_route_requests_total /manage requests answered, by route and status class.',
      '# TYPE scrm_http_route_requests_total counter',
      ...routes.flatMap(([route, r]) =>
        [...r.byStatus]
          .sort()
          .map(([status, n]) => `scrm_http_route_requests_total{route="${escapeLabel(route)}",status="${status}"} ${n}`),
      ),
      '# HELP scrm_http_route_request_duration_seconds How long /manage requests took, by route.',
      '# TYPE scrm_http_route_request_duration_seconds histogram',
      ...routes.flatMap(([route, r]) => {
        const l = `route="${escapeLabel(route)}"`;
        return [
          ...DURATION_BUCKETS.map((le, i) => `scrm_http_route_request_duration_seconds_bucket{${l},le="${le}"} ${r.buckets[i]}`),
          `scrm_http_route_request_duration_seconds_bucket{${l},le="+Inf"} ${r.count}`,
          `scrm_http_route_request_duration_seconds_sum{${l}} ${r.sum.toFixed(6)}`,
          `scrm_http_route_request_duration_seconds_count{${l}} ${r.count}`,
        ];
      }),
    );
    for (const [name, c] of [...this.counters].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`# HELP ${name} ${c.help}`, `# TYPE ${name} counter`, ...[...c.values].sort().map(([k, n]) => `${name}{${k}} ${n}`));
    }
    for (const g of this.gauges) {
      const value = await Promise.resolve()
        .then(g.read)
        .catch(() => NaN);
      lines.push(`# HELP ${g.name} ${g.help}`, `# TYPE ${g.name} gauge`, `${g.name} ${value}`);
    }
    const memory = process.memoryUsage();
    lines.push(
      '# HELP process_resident_memory_bytes Resident memory of the server process.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${memory.rss}`,
      '# HELP nodejs_heap_used_bytes JavaScript heap in use.',
      '# TYPE nodejs_heap_used_bytes gauge',
      `nodejs_heap_used_bytes ${memory.heapUsed}`,
      '# HELP process_uptime_seconds Seconds since the server process started serving.',
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${((Date.now() - this.started) / 1000).toFixed(0)}`,
    );
    return `${lines.join('\n')}\n`;
  }

  /** Counts every request it wraps (the answer's status, or 500 when it threw). */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const start = performance.now();
      let status = 500;
      try {
        await next();
        status = c.res.status;
      } finally {
        this.record(c.req.method, status, (performance.now() - start) / 1000, handlerPath(c));
      }
    };
  }
}

export interface OperationsOptions {
  db: Db;
  metrics: HttpMetrics;
  /** resolves once the server may take calls (its route table written) */
  ready: Promise<void>;
  /** the process's stop: readiness ends when it begins, so a balancer stops sending calls */
  lifecycle?: Lifecycle;
  /** METRICS_TOKEN: /metrics asks for `Authorization: Bearer <token>`; without one it is open only in a demo */
  metricsToken?: string;
  demo?: boolean;
}

const READY_TIMEOUT_MS = 2000;

/**
 * The operations surface, beside /manage and outside its access chain (no session, no tenant): `/healthz` says the
 * process answers, `/readyz` that it can serve (its database answers within two seconds and its route table is
 * written), `/metrics` the counters above for Prometheus. None of them says anything about a tenant.
 */
export function operationsRoutes(options: OperationsOptions) {
  const app = new Hono();
  let started = false;
  void options.ready.then(() => (started = true));
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const headers = { 'Cache-Control': 'no-store' };
    if (!started) return c.json({ status: 'starting' }, 503, headers);
    if (options.lifecycle?.stopping) return c.json({ status: 'stopping' }, 503, headers);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([options.db.query('SELECT 1'), timeout]);
      return c.json({ status: 'ready', database: options.db.kind }, 200, headers);
    } catch (err) {
      return c.json({ status: 'unavailable', reason: `database: ${err instanceof Error ? err.message : String(err)}` }, 503, headers);
    } finally {
      clearTimeout(timer);
    }
  });
  app.get('/metrics', async (c) => {
    const token = options.metricsToken;
    if (token) {
      const given = Buffer.from(c.req.header('Authorization') ?? '');
      const wanted = Buffer.from(`Bearer ${token}`);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
        return c.text('unauthorized\n', 401, { 'WWW-Authenticate': 'Bearer' });
    } else if (!options.demo) {
      return c.notFound();
    }
    return c.text(await options.metrics.text(), 200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });
  return app;
}

/** One line of the request log: what happened, to whom, how long it took; never a token, a body or a query. */
export interface RequestLogLine {
  time: string;
  level: 'info' | 'warn' | 'error';
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  tenantId?: number;
  userId?: number;
  ip?: string;
}

/**
 * A structured log of /manage requests, one JSON line each (REQUEST_LOG=json; production's default): the request id
 * its answer carries in X-Request-Id and its error-log row names, the caller's tenant and user once the access chain
 * knew them, the status and the time taken. 5xx lines are errors, 4xx warnings. The query string is left out (a
 * userToken link carries a token there).
 */
export function requestLog(write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      const session = c.get('session') as { tenantId?: number; userId?: number } | undefined;
      const line: RequestLogLine = {
        time: new Date().toISOString(),
        level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
        requestId: (c.get('requestId') as string | undefined) ?? '',
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - start) * 10) / 10,
        ...(session ? { tenantId: session.tenantId, userId: session.userId } : {}),
        ...(c.get('ip') ? { ip: c.get('ip') as string } : {}),
      };
      write(JSON.stringify(line));
    }
  };
}

/**
 * A server process's stop: what must stop (timers, dispatchers, open streams) and the work still running (import
 * jobs). A stop first lets running work finish within a grace period; past it, work sees `interrupted` at its next
 * step, records that it was cut short, and ends.
 */
export class Lifecycle {
  private readonly stoppers: Array<() => unknown> = [];
  private readonly running = new Set<Promise<unknown>>();
  /** a stop has begun: no new long work should start */
  stopping = false;
  /** the grace period ran out: long work ends at its next step, marked as interrupted */
  interrupted = false;

  /** Something to stop when the process stops (a scheduler, a dispatcher, the session streams). */
  onStop(fn: () => unknown): void {
    this.stoppers.push(fn);
  }

  /** Work a stop waits for. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const settled = () => void this.running.delete(work);
    work.then(settled, settled);
    return work;
  }

  /** Stops what registered, waits up to `graceMs` for running work, then interrupts it. Answers what did not end. */
  async stop(graceMs: number): Promise<{ unfinished: number }> {
    this.stopping = true;
    // A stopper may wait for work of its own (a scheduled run): it counts as running work, within the same grace.
    for (const fn of this.stoppers) void this.track(Promise.resolve().then(fn));
    if (!(await this.settled(graceMs))) {
      this.interrupted = true;
      await this.settled(5_000);
    }
    return { unfinished: this.running.size };
  }

  private async settled(ms: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const done = Promise.allSettled([...this.running]).then(() => true);
    const result = await Promise.race([done, timeout]);
    clearTimeout(timer);
    return result && this.running.size === 0;
  }
}
