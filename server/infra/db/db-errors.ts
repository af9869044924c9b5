import { ApiError } from '../http/http.ts';

/** PostgreSQL's SQLSTATE for a unique index refusing a duplicate (the same on PGlite). */
export const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's answer when a kept plan would change its result's columns (feature_not_supported). */
const PLAN_CHANGED = '0A000';

const hasCode = (err: unknown, code: string): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;

export const isUniqueViolation = (err: unknown): boolean => hasCode(err, UNIQUE_VIOLATION);

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
