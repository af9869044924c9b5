import type { ReportedError } from '@/lib/error-bus.ts';

export interface ErrorReport extends ReportedError {
  route: string;
  release: string;
}

export interface ReporterOptions {
  /** posts one report (the app: /v1/errLogger/controller/report, quiet) */
  send: (report: ErrorReport) => Promise<unknown>;
  /** whether a session is signed in (the call needs one) */
  signedIn: () => boolean;
  route: () => string;
  release: string;
  /** at most this many reports per page load */
  limit?: number;
  /** the same message again within this many ms is not sent again */
  dedupeMs?: number;
  now?: () => number;
}

/**
 * The console's side of the error log: each error met is posted once (the same message is not repeated within 10 s,
 * and a page load sends at most 20), only while signed in, and a failed post is dropped rather than reported (no
 * loop). Pure: the app gives it the clock, the route and the call.
 */
export function createErrorReporter(o: ReporterOptions): (e: ReportedError) => void {
  const limit = o.limit ?? 20;
  const dedupeMs = o.dedupeMs ?? 10_000;
  const now = o.now ?? Date.now;
  const lastSent = new Map<string, number>();
  let sent = 0;
  return (e) => {
    if (!o.signedIn() || sent >= limit || !e.message) return;
    const key = `${e.kind}|${e.message}`;
    const at = now();
    const last = lastSent.get(key);
    if (last !== undefined && at - last < dedupeMs) return;
    lastSent.set(key, at);
    sent++;
    void o.send({ ...e, route: o.route(), release: o.release }).catch(() => {});
  };
}
