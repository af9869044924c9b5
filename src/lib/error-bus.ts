/** An error the console met that engineers should hear of: an uncaught error, a rejection, a page chunk that failed. */
export interface ReportedError {
  message: string;
  kind: 'error' | 'rejection' | 'chunk';
}

const listeners = new Set<(e: ReportedError) => void>();

/** Tells whoever listens (the app's reporter posts to the error log); nothing happens when nobody does. */
export function reportError(e: ReportedError): void {
  for (const fn of listeners) fn(e);
}

export function onReportedError(fn: (e: ReportedError) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** The message of anything thrown, one line, without a stack. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.split('\n')[0].slice(0, 1000);
  return String(error).split('\n')[0].slice(0, 1000);
}
