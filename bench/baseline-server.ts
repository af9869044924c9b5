/**
 * The throughput bench's same-run baselines (issue 46), each in its own process as the real server is:
 * - `BASELINE=bare`: a bare Hono app answering each path with the bytes the real server answered (POST, JSON);
 * - `BASELINE=select1`: the same, after one `SELECT 1` on the engine the real server ran on (PostgreSQL at
 *   DATABASE_URL through pg's pool, or an in-memory PGlite).
 * The answers come from BODIES, a JSON file of { path: text }. Prints `listening <url>` once it listens.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const bodies = JSON.parse(readFileSync(process.env.BODIES!, 'utf8')) as Record<string, string>;
const mode = process.env.BASELINE === 'select1' ? 'select1' : 'bare';

let selectOne: () => Promise<unknown> = async () => {};
if (mode === 'select1') {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    selectOne = () => pool.query('SELECT 1');
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create();
    selectOne = () => db.query('SELECT 1');
  }
}

const app = new Hono();
app.post('/manage/*', async (c) => {
  const text = bodies[c.req.path.replace(/^\/manage/, '')];
  if (text === undefined) return c.json({ result: 'error', errmsg: 'no such path' }, 404);
  await c.req.text();
  await selectOne();
  return c.body(text, 200, { 'Content-Type': 'application/json' });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening http://127.0.0.1:${info.port}`);
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
