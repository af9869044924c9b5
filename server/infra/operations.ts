import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import type { Db } from './db/db.ts';

/** Upper bounds (seconds) of the request-duration histogram's buckets. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** The path the request's handler was registered with (middleware registrations are ALL), or 'unmatched'. */
const handlerPath = (c: Context) =>
  matchedRoutes(c)
    .filter((r) => r.method !== 'ALL')
    .at(-1)?.path ?? 'unmatched';

/**
 * What the server counts for Prometheus, with prom-client: /manage requests by method and status class and by route,
 * how long they took, what the app adds (scheduler runs, open streams, jobs), and the process's own figures
 * (memory, CPU, event-loop lag, handles). Each instance has its own registry, so several apps in one process (the
 * tests) count apart. Kept in memory per process; a scraper sums the processes.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'scrm_http_requests_total',
    help: '/manage requests answered, by method and status class.',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'scrm_http_request_duration_seconds',
    help: 'How long /manage requests took.',
    buckets: [...DURATION_BUCKETS],
    registers: [this.registry],
  });
  private readonly routeRequests = new Counter({
    name: 'scrm_http_route_requests_total',
    help: '/manage requests answered, by route and status class.',
    labelNames: ['route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly routeDuration = new Histogram({
    name: 'scrm_http_route_request_duration_seconds',
    help: 'How long /manage requests took, by route.',
    labelNames: ['route'] as const,
    buckets: [...DURATION_BUCKETS],
    registers: [this.registry],
  });
  private readonly counters = new Map<string, Counter<string>>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  record(method: string, status: number, seconds: number, route?: string): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.requests.inc({ method, status: statusClass });
    this.duration.observe(seconds);
    if (route === undefined) return;
    this.routeRequests.inc({ route, status: statusClass });
    this.routeDuration.observe({ route }, seconds);
  }

  /** Adds one to a counter with one label (`scrm_scheduler_runs_total{outcome="success"}`). */
  increment(name: string, help: string, label: string, value: string): void {
    let counter = this.counters.get(name);
    if (!counter) {
      counter = new Counter({ name, help, labelNames: [label], registers: [this.registry] });
      this.counters.set(name, counter);
    }
    counter.inc({ [label]: value });
  }

  /** A value read when the metrics are (open session streams, jobs under way); NaN when it cannot be read. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(
          await Promise.resolve()
            .then(read)
            .catch(() => NaN),
        );
      },
    });
  }

  /** The Prometheus text format. */
  text(): Promise<string> {
    return this.registry.metrics();
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
      'Content-Type': options.metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}

/** One line of the request log: what happened, to whom, how long it took; never a token, a body or a query. */
export interface RequestLogLine {
  time: string;
  level: 'info' | 'warn' | 'error';
  msg: 'request';
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
 * A structured log of /manage requests, one JSON line each through the server's pino logger (REQUEST_LOG=json;
 * production's default): the request id its answer carries in X-Request-Id and its error-log row names, the caller's
 * tenant and user once the access chain knew them, the status and the time taken. 5xx lines are errors, 4xx
 * warnings, so LOG_LEVEL=warn keeps only those. The query string is left out (a userToken link carries a token there).
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      const session = c.get('session') as { tenantId?: number; userId?: number } | undefined;
      const fields = {
        requestId: (c.get('requestId') as string | undefined) ?? '',
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - start) * 10) / 10,
        ...(session ? { tenantId: session.tenantId, userId: session.userId } : {}),
        ...(c.get('ip') ? { ip: c.get('ip') as string } : {}),
      };
      if (status >= 500) logger.error(fields, 'request');
      else if (status >= 400) logger.warn(fields, 'request');
      else logger.info(fields, 'request');
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
