import type { MiddlewareHandler } from 'hono';
import { SERVER_FALLBACKS_EN, SERVER_MESSAGES_EN, SERVER_PATTERNS_EN, TASK_WORDS_EN } from '@/i18n/server-messages-en.ts';
import { RULES_EXACT, RULES_PATTERNS } from '@/i18n/rule-messages-en.ts';
import { CAMPAIGN_PATTERNS_EN, CAMPAIGN_WORDS_EN } from '@/i18n/campaign-words-en.ts';

/** The patterns a refusal is tried against, in order: the server's own, the campaign's, the schemas', the generic ones. */
const PATTERNS = [...SERVER_PATTERNS_EN, ...CAMPAIGN_PATTERNS_EN, ...RULES_PATTERNS, ...SERVER_FALLBACKS_EN];

/**
 * A refusal of this server in English, or the message itself when it has none (a user's own words, a name). A part
 * it carries over that is one of `names` (a field's label people also named in English) is said by that English.
 */
export function serverEnglishOf(message: string, names?: ReadonlyMap<string, string>): string {
  const exact = SERVER_MESSAGES_EN[message] ?? TASK_WORDS_EN[message] ?? RULES_EXACT.get(message) ?? CAMPAIGN_WORDS_EN[message];
  if (exact) return exact;
  for (const [re, to] of PATTERNS) {
    const m = re.exec(message);
    if (!m) continue;
    if (names) for (let i = 1; i < m.length; i++) m[i] = (m[i] !== undefined && names.get(m[i]!)) || m[i];
    return to(m);
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

/** A refusal in English when `answer` is one (an error or a 403 with the server's words), else `answer` itself. */
function refusalInEnglish(answer: unknown, names?: () => ReadonlyMap<string, string> | undefined): unknown {
  if (!answer || typeof answer !== 'object') return answer;
  const body = answer as { result?: unknown; errmsg?: unknown; values?: unknown; type?: unknown };
  if ((body.result !== 'error' && body.result !== 403) || typeof body.errmsg !== 'string') return answer;
  if (PROTOCOL.has(body.errmsg) || (typeof body.values === 'string' && PROTOCOL.has(body.values)) || body.type) return answer;
  const errmsg = serverEnglishOf(body.errmsg, names?.());
  return errmsg === body.errmsg ? answer : { ...body, errmsg };
}

/** Answers answerInLanguage need not read back (answeredInLanguage). */
const inLanguage = new WeakSet<Response>();

/**
 * Marks an answer that answerInLanguage need not read back: made by `c.json` in the language asked for, or holding no
 * refusal of the server's (a kept successful answer, written from its stored text: a menu tree of 46 KB was parsed on
 * every English call).
 */
export function answeredInLanguage(res: Response): Response {
  inLanguage.add(res);
  return res;
}

/**
 * A request that asks for English (Accept-Language: en, which the console sends while it is in English) gets the
 * server's refusal in English: the `errmsg` of an error answer. Protocol words (the session's and the access token's)
 * and the department-scope answer, which the console reads, stay as SPEC writes them.
 *
 * Every answer made with `c.json` (the handlers', the access chain's, the error handler's) is put in English as it is
 * made, so it is never read back. Every JSON answer was cloned and parsed to find out whether it was a refusal: in
 * English, a kept menu tree cost 1.2-1.5 ms of server CPU a call against 0.6-0.7, a records page of 100 rows 3.5
 * against 2.6. A JSON answer made any other way, and not marked by answeredInLanguage, is still read after the
 * handler, so no writer of a refusal can leave it in Chinese.
 */
export function answerInLanguage(): MiddlewareHandler {
  return async (c, next) => {
    if (!wantsEnglish(c)) return next();
    const json = c.json as (...args: unknown[]) => Response;
    // the call's names, made only for a refusal (a records call's labels are not worked out for its rows)
    const names = () => (c.get as (key: string) => (() => ReadonlyMap<string, string>) | undefined)('englishNames')?.();
    c.json = ((answer: unknown, ...rest: unknown[]) => answeredInLanguage(json(refusalInEnglish(answer, names), ...rest))) as typeof c.json;
    await next();
    if (inLanguage.has(c.res) || !(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
    const body = (await c.res
      .clone()
      .json()
      .catch(() => null)) as unknown;
    const answer = refusalInEnglish(body, names);
    if (answer === body) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(answer), { status: c.res.status, headers });
  };
}
