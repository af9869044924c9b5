import { ApiError } from '../http/http.ts';

/** PostgreSQL's SQLSTATE for a unique index refusing a duplicate (the same on PGlite). */
const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's answer when a kept plan would change its result's columns (feature_not_supported). */
const PLAN_CHANGED = '0A000';

const hasCode = (err: unknown, code: string): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;

const isUniqueViolation = (err: unknown): boolean => hasCode(err, UNIQUE_VIOLATION);

/**
 * SQLSTATEs of a database that is going away, coming back or out of reach: the connection classes (08), and the
 * operator's interventions (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P05 idle
 * session timeout), and too_many_connections (53300) while a restarted server fills up.
 */
const UNAVAILABLE_CODES = /^(08...|57P0[1235]|53300)$/;
/** What node's sockets and pg say when the server is gone before or during a statement. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|terminating connection|timeout exceeded when trying to connect|Client has encountered a connection error|connection not open/i;

/** The database is away (restarting, failing over, out of reach): a call answers 503, nothing about the call. */
export class DatabaseUnavailable extends Error {
  constructor(readonly cause?: unknown) {
    super(`database unavailable${cause instanceof Error ? `: ${cause.message}` : ''}`);
  }
}

/** Whether an error means the database could not be reached or went away, rather than that a statement was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailable) return true;
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_TEXT.test(message);
}

/** The rules the database keeps for every writer (migration 032), by constraint name: their refusals are the user's to read. */
const KEPT_RULES = new Set(['button_with_page', 'tenant_entry_records_only']);

/**
 * A write refused by a rule the database keeps (a button without its page, a tenant's entry related to a system
 * call): its message, in the product's language, is the answer.
 */
export const isKeptRule = (err: unknown): boolean =>
  hasCode(err, '23514') && KEPT_RULES.has(String((err as { constraint?: unknown }).constraint ?? ''));

/** A statement kept prepared was refused because its table's columns changed under it. */
export const isPlanChanged = (err: unknown): boolean => hasCode(err, PLAN_CHANGED);

/**
 * What a writer does when a unique index refuses its row: a refusal (its message, or an ApiError naming the field),
 * one chosen by the index's name (undefined when the index is not this writer's to explain: the error goes on), or
 * another way on (a promise of the result: save the rows one by one, say).
 */
export type OnDuplicate<T> = string | ApiError | ((index: string) => ApiError | Promise<T> | undefined);

/** The name of the unique index that refused a row (pg and PGlite say it as `constraint`, older servers only in the text). */
const duplicateIndex = (err: unknown): string => {
  const e = err as { constraint?: unknown; message?: unknown };
  if (typeof e.constraint === 'string' && e.constraint) return e.constraint;
  return /unique constraint "([^"]+)"/.exec(typeof e.message === 'string' ? e.message : '')?.[1] ?? '';
};

/**
 * The one way a duplicate is handled (issue 44): `work`'s result, or, when a unique index refused it, what `then`
 * says. The index is the one arbiter between parallel requests; a SELECT before the write is only a courtesy that
 * names the common case early. Any other error goes on unchanged.
 */
export async function onDuplicate<T>(work: Promise<T>, then: OnDuplicate<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (typeof then === 'string') throw new ApiError(then);
    if (then instanceof ApiError) throw then;
    const next = then(duplicateIndex(err));
    if (next === undefined) throw err;
    if (next instanceof ApiError) throw next;
    return next;
  }
}
