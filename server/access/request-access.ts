import type { SessionInfo } from './auth.ts';

/*
 * What a request works out about its caller, once (issue 44 part 4): the menu entries the caller's roles grant, how
 * they see phone numbers. (Department scope and the tenant's privacy switch come with the session itself: auth.ts.)
 * Each is kept with the request's session: the access chain reads a fresh session for every request (access.ts), so
 * what is kept lives exactly as long as the request, and every writer that asks again in that request (a save's
 * checks, then its list answer) gets the same answer without another statement.
 */

const kept = new WeakMap<SessionInfo, Map<string, Promise<unknown>>>();

/**
 * `compute()`'s answer for this request's caller, computed at the first ask and shared by every later one. A failed
 * computation is not kept: the next ask tries again.
 */
export function oncePerRequest<T>(s: SessionInfo, what: string, compute: () => Promise<T>): Promise<T> {
  let answers = kept.get(s);
  if (!answers) kept.set(s, (answers = new Map()));
  const known = answers.get(what) as Promise<T> | undefined;
  if (known) return known;
  const answer = compute();
  answers.set(what, answer);
  answer.catch(() => answers.delete(what));
  return answer;
}
