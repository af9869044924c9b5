import { describe, expect, inject, it } from 'vitest';
import type { Db } from '@server/infra/db/db.ts';
import { Hono } from 'hono';
import { HttpMetrics, operationsRoutes, requestLog, type RequestLogLine } from '@server/infra/operations.ts';
import { createLogger } from '@server/infra/logger.ts';
import { signedIn } from '../support/api.ts';

// The operations surface (issue 29): liveness, readiness and metrics, outside /manage and its access chain.
const baseUrl = inject('baseUrl');

describe('operations endpoints of the running server', () => {
  it('/healthz answers while the process runs; /readyz once its database answers', async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: expect.stringMatching(/^(pglite|postgres)$/) });
    expect(ready.headers.get('Cache-Control')).toBe('no-store');
  });

  it('/metrics counts /manage requests by method and status class, with their durations (a demo serves it openly)', async () => {
    const read = async () => (await (await fetch(`${baseUrl}/metrics`)).text()).split('\n');
    const value = (lines: string[], series: string) => Number(lines.find((l) => l.startsWith(`${series} `))?.split(' ')[1] ?? 0);
    const before = await read();
    const { api } = await signedIn(baseUrl, 'admin');
    await api.call('/vue/userInfo');
    const after = await read();
    const ok = 'scrm_http_requests_total{method="POST",status="2xx"}';
    // at least the login and the user info (other files' calls count too)
    expect(value(after, ok) - value(before, ok)).toBeGreaterThanOrEqual(2);
    const count = value(after, 'scrm_http_request_duration_seconds_count');
    expect(value(after, 'scrm_http_request_duration_seconds_bucket{le="+Inf"}')).toBe(count);
    expect(value(after, 'scrm_http_request_duration_seconds_bucket{le="5"}')).toBeLessThanOrEqual(count);
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // prom-client's own process figures: CPU, event-loop lag, heap
    for (const series of ['process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes'])
      expect(value(after, series)).toBeGreaterThanOrEqual(0);
    expect(after).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(after).toContain('# TYPE scrm_http_request_duration_seconds histogram');
    // By route: the path the route was registered with, its status class and its durations.
    const route = 'route="/manage/vue/userInfo"';
    expect(value(after, `scrm_http_route_requests_total{${route},status="2xx"}`)).toBeGreaterThanOrEqual(1);
    expect(value(after, `scrm_http_route_request_duration_seconds_count{${route}}`)).toBeGreaterThanOrEqual(1);
    expect(value(after, `scrm_http_route_request_duration_seconds_bucket{le="+Inf",${route}}`)).toBe(
      value(after, `scrm_http_route_request_duration_seconds_count{${route}}`),
    );
    // What is under way: session streams held open here, imports and exports in every process.
    for (const gauge of ['scrm_session_streams_open', 'scrm_import_jobs_running', 'scrm_export_jobs_running']) {
      expect(after).toContain(`# TYPE ${gauge} gauge`);
      expect(value(after, gauge)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('operations endpoints, configured', () => {
  const db = (query: Db['query']) => ({ kind: 'postgres', query }) as unknown as Db;
  const healthy = db(async () => [] as never);

  it('/metrics asks for METRICS_TOKEN as a bearer token; without one it exists only in a demo', async () => {
    const metrics = new HttpMetrics();
    metrics.record('POST', 200, 0.02);
    metrics.record('POST', 503, 3);
    const guarded = operationsRoutes({ db: healthy, metrics, ready: Promise.resolve(), metricsToken: 's3cret-token' });
    expect((await guarded.request('/metrics')).status).toBe(401);
    expect((await guarded.request('/metrics', { headers: { Authorization: 'Bearer wrong-token!' } })).status).toBe(401);
    const res = await guarded.request('/metrics', { headers: { Authorization: 'Bearer s3cret-token' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('scrm_http_requests_total{method="POST",status="2xx"} 1');
    expect(text).toContain('scrm_http_requests_total{method="POST",status="5xx"} 1');
    expect(text).toContain('scrm_http_request_duration_seconds_bucket{le="0.025"} 1');
    expect(text).toContain('scrm_http_request_duration_seconds_bucket{le="5"} 2');
    expect(text).toContain('scrm_http_request_duration_seconds_count 2');
    expect(res.headers.get('Content-Type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const production = operationsRoutes({ db: healthy, metrics, ready: Promise.resolve() });
    expect((await production.request('/metrics')).status).toBe(404);
  });

  it('counts what the app adds: a counter by one label, and gauges read when scraped (NaN when the read fails)', async () => {
    const metrics = new HttpMetrics();
    let streams = 2;
    metrics.increment('scrm_scheduler_runs_total', 'Scheduled task runs, by outcome.', 'outcome', 'success');
    metrics.increment('scrm_scheduler_runs_total', 'Scheduled task runs, by outcome.', 'outcome', 'success');
    metrics.increment('scrm_scheduler_runs_total', 'Scheduled task runs, by outcome.', 'outcome', 'failure');
    metrics.gauge('scrm_session_streams_open', 'Open streams.', () => streams);
    metrics.gauge('scrm_import_jobs_running', 'Imports.', () => Promise.reject(new Error('database gone')));
    const first = await metrics.text();
    expect(first).toContain('scrm_scheduler_runs_total{outcome="success"} 2');
    expect(first).toContain('scrm_scheduler_runs_total{outcome="failure"} 1');
    expect(first).toContain('scrm_session_streams_open 2');
    expect(first).toMatch(/^scrm_import_jobs_running nan$/im); // prom-client writes Nan; Prometheus reads any case
    streams = 0;
    expect(await metrics.text()).toContain('scrm_session_streams_open 0');
  });

  it('/readyz is 503 while starting, when the database refuses, and when it does not answer in 2 s', async () => {
    let start!: () => void;
    const starting = operationsRoutes({ db: healthy, metrics: new HttpMetrics(), ready: new Promise<void>((r) => (start = r)) });
    expect(await (await starting.request('/readyz')).json()).toEqual({ status: 'starting' });
    start();
    await new Promise((r) => setTimeout(r, 0));
    expect((await starting.request('/readyz')).status).toBe(200);
    const refused = operationsRoutes({
      db: db(() => Promise.reject(new Error('connection refused'))),
      metrics: new HttpMetrics(),
      ready: Promise.resolve(),
    });
    await new Promise((r) => setTimeout(r, 0));
    const res = await refused.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', reason: 'database: connection refused' });
    const hung = operationsRoutes({ db: db(() => new Promise(() => {})), metrics: new HttpMetrics(), ready: Promise.resolve() });
    await new Promise((r) => setTimeout(r, 0));
    const slow = await hung.request('/readyz');
    expect(slow.status).toBe(503);
    expect(await slow.json()).toEqual({ status: 'unavailable', reason: 'database: no answer within 2000 ms' });
  });
});

describe('the request log', () => {
  it('writes a JSON line per request: its id, the caller, the status and time, never the query or a body', async () => {
    const lines: RequestLogLine[] = [];
    const app = new Hono<{ Variables: { requestId: string; session: { tenantId: number; userId: number }; ip: string } }>();
    app.use('*', async (c, next) => {
      c.set('requestId', 'req-1');
      c.set('ip', '10.0.0.7');
      await next();
    });
    app.use('*', requestLog(createLogger('info', { write: (l) => lines.push(JSON.parse(l) as RequestLogLine) })));
    app.post('/manage/v1/user/list', (c) => {
      c.set('session', { tenantId: 1, userId: 42 });
      return c.json({ result: 'ok' });
    });
    app.post('/manage/anon/passport/login', (c) => c.json({ result: 'error' }, 429));
    app.post('/manage/v1/boom', () => {
      throw new Error('boom');
    });
    await app.request('/manage/v1/user/list?userToken=secret-token', { method: 'POST', body: '{"password":"hunter2"}' });
    await app.request('/manage/anon/passport/login', { method: 'POST' });
    await app.request('/manage/v1/boom', { method: 'POST' });
    expect(lines.map((l) => [l.requestId, l.method, l.path, l.status, l.level, l.tenantId, l.userId, l.ip])).toEqual([
      ['req-1', 'POST', '/manage/v1/user/list', 200, 'info', 1, 42, '10.0.0.7'],
      ['req-1', 'POST', '/manage/anon/passport/login', 429, 'warn', undefined, undefined, '10.0.0.7'],
      ['req-1', 'POST', '/manage/v1/boom', 500, 'error', undefined, undefined, '10.0.0.7'],
    ]);
    expect(lines.every((l) => l.msg === 'request' && typeof l.ms === 'number' && !Number.isNaN(Date.parse(l.time)))).toBe(true);
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|hunter2/);
  });

  it('keeps to its level: LOG_LEVEL=warn writes the refused and failed requests only; silent writes nothing', async () => {
    const written = async (level: string) => {
      const lines: RequestLogLine[] = [];
      const app = new Hono();
      app.use('*', requestLog(createLogger(level, { write: (l) => lines.push(JSON.parse(l) as RequestLogLine) })));
      app.get('/ok', (c) => c.text('ok'));
      app.get('/refused', (c) => c.text('no', 403));
      app.get('/boom', () => {
        throw new Error('boom');
      });
      for (const path of ['/ok', '/refused', '/boom']) await app.request(path);
      return lines.map((l) => `${l.level} ${l.status}`);
    };
    expect(await written('info')).toEqual(['info 200', 'warn 403', 'error 500']);
    expect(await written('warn')).toEqual(['warn 403', 'error 500']);
    expect(await written('error')).toEqual(['error 500']);
    expect(await written('silent')).toEqual([]);
    // a level it does not know is the default, info
    expect(await written('loud')).toEqual(['info 200', 'warn 403', 'error 500']);
  });
});
