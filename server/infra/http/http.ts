import type { Context } from 'hono';
import type { Answer } from '@/api/contract/answers.ts';
import type { EditedThing, StrLabel } from '@/i18n/server-messages-en.ts';

/** A refusal with a message for the user; answered as { result: 'error', errmsg } (HTTP 200, as the product expects). */
export class ApiError extends Error {
  /** the names the message quotes that people also gave in English (Chinese to English): said so to an English console */
  readonly englishNames?: ReadonlyMap<string, string>;

  /** `names`: the names the message quotes, each with its English where people gave one (a menu entry's, a label's) */
  constructor(
    message: string,
    readonly extra: Partial<Answer> = {},
    names: ReadonlyArray<readonly [string, string | null | undefined]> = [],
  ) {
    super(message);
    const given = names.filter((n): n is readonly [string, string] => Boolean(n[1]) && n[1] !== n[0]);
    if (given.length) this.englishNames = new Map(given);
  }
}

/** The NUL character, which PostgreSQL text cannot hold: refused with a message, never an HTTP 500. */
export const NUL_MESSAGE = '请求内容含有不允许的空字符（U+0000），请删除后重试';

/** How deep a request body may nest (the body object is level 1); deeper is refused with a message. */
export const MAX_BODY_DEPTH = 32;
export const DEPTH_MESSAGE = `请求内容嵌套超过 ${MAX_BODY_DEPTH} 层，请简化后重试`;

/**
 * The first problem of a parsed JSON value: a NUL in a string or key, or nesting deeper than `maxDepth`. It walks
 * with a stack of its own, so a value nested thousands deep is answered, not a stack overflow (an HTTP 500).
 */
function jsonProblem(value: unknown, maxDepth: number): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [v, depth] = next;
    if (typeof v === 'string' && v.includes('\u0000')) return NUL_MESSAGE;
    if (!v || typeof v !== 'object') continue;
    if (depth > maxDepth) return DEPTH_MESSAGE;
    for (const [k, child] of Object.entries(v)) {
      if (k.includes('\u0000')) return NUL_MESSAGE;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/** Whether a parsed JSON value holds a NUL in any string, key or value, at any depth. */
export const hasNul = (value: unknown): boolean => jsonProblem(value, Infinity) === NUL_MESSAGE;

const bodies = new WeakMap<Request, Promise<Record<string, unknown>>>();

/**
 * Reads the JSON body once per request (a check that must look at it before the schema shares the parse); an empty
 * body is {}; anything but a JSON object is refused with a clear message.
 */
export function readBody(c: Context): Promise<Record<string, unknown>> {
  let body = bodies.get(c.req.raw);
  if (!body) bodies.set(c.req.raw, (body = parseBody(c)));
  return body;
}

async function parseBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('请求体不是有效的 JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('请求体必须是 JSON 对象');
  const problem = jsonProblem(body, MAX_BODY_DEPTH);
  if (problem) throw new ApiError(problem);
  return body as Record<string, unknown>;
}

/** A required non-empty string field, at most `max` characters. */
export function str(body: Record<string, unknown>, key: string, label: StrLabel, max = 200): string {
  const v = body[key];
  if (typeof v !== 'string' || !v.trim()) throw new ApiError(`${label}不能为空`);
  if (v.length > max) throw new ApiError(`${label}过长`);
  return v;
}

/** A successful answer, with its values when it has any. */
export function ok(): { result: 'ok' };
export function ok<T>(values: T): { result: 'ok'; values: T };
export function ok<T>(values?: T): Answer<T> {
  return values === undefined ? { result: 'ok' } : { result: 'ok', values };
}

/** A refusal whose message the form shows under `field`. */
export const refuse = (field: string, message: string) => new ApiError(message, { field });

/**
 * An edit made on a version someone has since replaced: refused under `version` with the current one, naming who saved
 * it when known. Nothing was written; the client keeps the user's input and offers the latest.
 */
export const staleEdit = (thing: EditedThing, edited: number, current: number, by?: string | null) => {
  const who = by ? `“${by}”` : '他人';
  return new ApiError(`${thing}已被${who}修改（你编辑的是第 ${edited} 版，现在是第 ${current} 版）；你的修改没有保存，请刷新后再改`, {
    field: 'version',
    values: { stale: true, version: current },
  });
};

/** The version an edit was made on: required, since an edit without it cannot be checked against a newer save. */
export function editedVersion(body: { version?: number }, thing: EditedThing): number {
  if (!body.version) throw refuse('version', `编辑须带上${thing}的版本（version）`);
  return body.version;
}
