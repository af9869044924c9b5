import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../access/auth.ts';
import * as v from 'valibot';
import { ApiError } from './http/http.ts';
import { takes } from './http/validate.ts';
import { body, wholeNumber } from '@/api/schema/kit.ts';
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
/** A fault to set: the path it answers, with an answer, a status or a throw, for a number of calls (and one session). */
const faultBody = body({
  path: v.pipe(v.string('path 不能为空'), v.nonEmpty('path 不能为空'), v.maxLength(200, 'path过长')),
  answer: v.optional(v.unknown()),
  status: v.optional(wholeNumber(500, 599, 'status必须是 500 到 599 之间的整数')),
  throw: v.optional(v.boolean(), false),
  times: v.optional(wholeNumber(1, 1000, 'times必须是 1 到 1000 之间的整数')),
  userToken: v.optional(v.string()),
});

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
  routes.post('/anon/dev/fault', owns('anonymous'), takes(faultBody), async (c) => {
    const body = c.var.body;
    if (body.answer === undefined && body.status === undefined && !body.throw) throw new ApiError('answer、status 或 throw 必须给出一个');
    faults.push({ ...body, times: body.times ?? 1 });
    return c.json({ result: 'ok' });
  });
  routes.delete('/anon/dev/fault', owns('anonymous'), (c) => {
    faults.length = 0;
    return c.json({ result: 'ok' });
  });
  return { middleware, throwing, routes };
}
