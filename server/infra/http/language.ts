import type { MiddlewareHandler } from 'hono';
import { SERVER_MESSAGES_EN, SERVER_PATTERNS_EN, TASK_WORDS_EN } from '@/i18n/server-messages-en.ts';
import { RULES_EXACT, RULES_PATTERNS } from '@/i18n/rule-messages-en.ts';

/** A refusal of this server in English, or the message itself when it has none (a user's own words, a name). */
export function serverEnglishOf(message: string): string {
  const exact = SERVER_MESSAGES_EN[message] ?? TASK_WORDS_EN[message] ?? RULES_EXACT.get(message);
  if (exact) return exact;
  for (const [re, to] of [...RULES_PATTERNS, ...SERVER_PATTERNS_EN]) {
    const m = re.exec(message);
    if (m) return to(m);
  }
  return message;
}

/** Whether the request asks for English (Accept-Language: en, which the console sends while it is in English). */
export const wantsEnglish = (c: { req: { header: (name: string) => string | undefined } }) =>
  /^en\b/i.test(c.req.header('Accept-Language') ?? '');

/**
 * The server's own words in an answer (a task's job and what its run said), in the language asked for; a user's words
 * (a task's name) stay as they are.
 */
export const wordsFor = (c: Parameters<typeof wantsEnglish>[0]) => (wantsEnglish(c) ? serverEnglishOf : (s: string) => s);

/** The words the console reads to decide what happened: never translated. */
const PROTOCOL = new Set(['userToken缺失', 'userToken失效', 'accessToken失效']);

/**
 * A request that asks for English (Accept-Language: en, which the console sends while it is in English) gets the
 * server's refusal in English: the `errmsg` of an error answer, after the handler. Protocol words (the session's and
 * the access token's) and the department-scope answer, which the console reads, stay as SPEC writes them.
 */
export function answerInLanguage(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!wantsEnglish(c)) return;
    if (!(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
    const body = (await c.res
      .clone()
      .json()
      .catch(() => null)) as { result?: unknown; errmsg?: unknown; values?: unknown; type?: unknown } | null;
    if (!body || (body.result !== 'error' && body.result !== 403) || typeof body.errmsg !== 'string') return;
    if (PROTOCOL.has(body.errmsg) || (typeof body.values === 'string' && PROTOCOL.has(body.values)) || body.type) return;
    const errmsg = serverEnglishOf(body.errmsg);
    if (errmsg === body.errmsg) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify({ ...body, errmsg }), { status: c.res.status, headers });
  };
}
