import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { answerProblem, type Answered, type Call, type Taken } from '@/api/table/define.ts';
import type { AppEnv } from '../../access/auth.ts';
import { forbidden, owns } from '../../access/access.ts';
import { checkWith, takes, type StandardSchemaV1 } from './validate.ts';
import { readBody } from './http.ts';
import { grants } from '../../access/relations.ts';

/** A declared call's context: the session and the rest of AppEnv, and the body as its input schema gives it. */
export type CallContext<C extends Call> = Context<AppEnv & { Variables: { body: Taken<C> } }>;

/** What a declared call's handler gives: its successful answer (typed by the declaration), or a response of its own. */
type Handled<C extends Call> = Answered<C> | Response;

const DECLARED = Symbol('declared call');

/**
 * Mounts a declared call (src/api/calls/define.ts): its owner (the access chain reads it), its body's schema (`takes`)
 * and the handler, at the declaration's method and path. The handler returns the answer, typed by the declaration's
 * answer schema; where `checkAnswers` is on (development and tests) the answer is checked against that schema too, and
 * one that does not fit fails the call, so a server that drifts from the table fails a test rather than a user.
 * A call whose body asks for more than its owner (`narrow`: a save that adds needs the add button) is refused here,
 * after the access chain and before the body's rules, as the chain refuses (the permission before the content).
 */
export function mount<C extends Call>(
  app: Hono<AppEnv>,
  call: C,
  handler: (c: CallContext<C>) => Handled<C> | Promise<Handled<C>>,
  /** a gate of the server's own that answers before the body is read (registration closed by configuration) */
  gate?: MiddlewareHandler<AppEnv>,
): void {
  const answer = async (c: CallContext<C>) => {
    const out = await handler(c);
    if (c.get('checkAnswers')) await checkAnswer(call, out);
    return out instanceof Response ? out : c.json(out as object);
  };
  const declared = Object.assign(owns(call.owner), { [DECLARED]: call });
  const input = call.method === 'GET' ? readsQuery(call.input) : (takes(call.input) as MiddlewareHandler);
  const narrowed = call.narrow ? [narrows(call.narrow)] : [];
  app.on(call.method, call.path, declared, ...narrowed, ...(gate ? [gate] : []), input, answer as never);
}

/** The check of what a body asks for beyond the owner (Call.narrow), with the caller's roles read live. */
const narrows =
  (narrow: NonNullable<Call['narrow']>): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const body = await readBody(c).catch(() => ({}));
    if (!(await grants(c.get('db'), c.get('session'), narrow(body)))) return c.json(forbidden);
    await next();
  };

/** A GET call's query, checked by its declared schema (a GET has no body). */
const readsQuery =
  (schema: StandardSchemaV1): MiddlewareHandler =>
  async (c, next) => {
    c.set('body', await checkWith(schema, c.req.query()));
    await next();
  };

/** Checks a JSON answer against the declaration (an image, a file or a stream is not checked). */
async function checkAnswer(call: Call, out: unknown) {
  // as the client will read it: dates as text, undefined keys gone
  // a refusal by HTTP status (an upload's 401) is not a successful answer
  if (out instanceof Response && out.status >= 400) return;
  const json = out instanceof Response ? await jsonOf(out) : JSON.parse(JSON.stringify(out));
  if (json === NOT_JSON) return;
  const problem = answerProblem(call, json);
  if (problem) throw new Error(problem);
}

const NOT_JSON = Symbol('not JSON');
const jsonOf = async (res: Response): Promise<unknown> => {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return NOT_JSON;
  // an answer compressed by its handler (a kept menu tree) is read as the client will read it
  const encoding = res.headers.get('content-encoding');
  if (!encoding) return res.clone().json();
  const raw = Buffer.from(await res.clone().arrayBuffer());
  return JSON.parse((encoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString('utf8'));
};

/** The declaration a mounted route came from (mount), if it did. */
export const declaredCall = (handler: unknown): Call | undefined => (handler as { [DECLARED]?: Call } | null)?.[DECLARED];
