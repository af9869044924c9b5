/**
 * The answer envelope of the /manage API (SPEC 7): `result`, `values`, `errmsg`, and a refusal's field.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */

/** The `result` field of most answers: 'ok', 'error', or an HTTP-like number (401, 403). */
export type ResultCode = 'ok' | 'error' | 401 | 403;

/** The common answer envelope of the /manage API. */
export interface Answer<T = unknown> {
  result: ResultCode;
  values?: T;
  errmsg?: string;
  /** Set on department data-permission errors. The misspelling is the product's. */
  type?: 'departNoPermisson';
  /** On a refused save: the form field the errmsg belongs to (the form shows it under that field). */
  field?: string;
}
