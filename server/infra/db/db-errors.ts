import { ApiError } from '../http/http.ts';

/** PostgreSQL's SQLSTATE for a unique index refusing a duplicate (the same on PGlite). */
export const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's answer when a kept plan would change its result's columns (feature_not_supported). */
const PLAN_CHANGED = '0A000';

const hasCode = (err: unknown, code: string): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;

export const isUniqueViolation = (err: unknown): boolean => hasCode(err, UNIQUE_VIOLATION);

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
 * Answers a duplicate with its message instead of an HTTP 500: the unique index is the one arbiter between
 * parallel requests (a SELECT before the INSERT is only a courtesy for the common case).
 */
export async function uniqueViolation<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(message);
    throw err;
  }
}
