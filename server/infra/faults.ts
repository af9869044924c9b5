import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../access/auth.ts';
import { ApiError, int, readBody, str } from './http.ts';
import { owns } from '../access/access.ts';

interface Fault {
  /** the /manage path it applies to, e.g. /v1/user/list */
  path: string;
  /** answer this JSON (HTTP 200), as the real server would for that condition */
  answer?: unknown;
  /** or answer with this HTTP status and no JSON */
  status?: number;
  /** or throw, after the rule chain, as a handler's bug would (a real HTTP 500 through the error log) */
  throw?: boolean;
  /** how many calls it applies to */
  times: number;
  /** only calls carrying this UserToken (so tests running side by side do not trip over each other) */
  userToken?: string;
}

/**
 * A test-only switch that makes the next calls of one path answer as a failure (rows that no demo
 * condition produces on demand). Mounted only when the server starts with SCRM_TEST_FAULTS=1: never in demo or
 * production. POST /manage/anon/dev/fault {path, answer?|status?, times?, userToken?}; DELETE clears all.
 */
export function faultSwitch() {
  const faults: Fault[] = [];
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const path = c.req.path.replace(/^\/manage/, '');
    const token = c.req.header('UserToken');
    const i = faults.findIndex((f) => !f.throw && f.path === path && (!f.userToken || f.userToken === token));
    if (i < 0) return next();
    const f = faults[i];
    if (--f.times <= 0) faults.splice(i, 1);
    if (f.status) return c.body(null, f.status as 500);
    return c.json(f.answer as object);
  };
  /** Mounted after the rule chain: the caller's session is known, as in a real handler. */
  const throwing: MiddlewareHandler<AppEnv> = async (c, next) => {
    const path = c.req.path.replace(/^\/manage/, '');
    const token = c.req.header('UserToken');
    const i = faults.findIndex((f) => f.throw && f.path === path && (!f.userToken || f.userToken === token));
    if (i < 0) return next();
    if (--faults[i].times <= 0) faults.splice(i, 1);
    throw new Error(`测试故障：${path}`);
  };
  const routes = new Hono<AppEnv>();
  routes.post('/anon/dev/fault', owns('anonymous'), async (c) => {
    const body = await readBody(c);
    const path = str(body, 'path', 'path');
    if (body.answer === undefined && body.status === undefined && body.throw !== true)
      throw new ApiError('answer、status 或 throw 必须给出一个');
    const status = body.status === undefined ? undefined : int(body, 'status', 'status', 500, 599);
    const userToken = typeof body.userToken === 'string' ? body.userToken : undefined;
    faults.push({ path, answer: body.answer, status, throw: body.throw === true, times: int(body, 'times', 'times', 1, 1000), userToken });
    return c.json({ result: 'ok' });
  });
  routes.delete('/anon/dev/fault', owns('anonymous'), (c) => {
    faults.length = 0;
    return c.json({ result: 'ok' });
  });
  return { middleware, throwing, routes };
}
