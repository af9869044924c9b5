import type { FailureInfo } from '@/api/client.ts';
import type { Failure } from '@/api/errors.ts';

/** The part of the session actor the policy needs (the real actor in the app, the same in tests). */
export interface SessionHandle {
  getSnapshot(): {
    matches(state: 'authenticated'): boolean;
    children: Record<string, { send(event: { type: 'REFRESH'; failedToken?: string | null }): void } | undefined>;
  };
  send(event: { type: 'EXPIRED'; message?: string }): void;
}

export type Notify = (message: string, level: Failure['level'], duration: number) => void;

/**
 * What the shell does with a failed call, whatever the order in which answers arrive:
 * - an ended session: one message and one EXPIRED, only while authenticated (so no loop on the login page);
 * - accessToken失效: one REFRESH to the access-token machine, which joins a flight already under way;
 * - once the session has ended, answers to calls still in flight are not shown;
 * - a message already on screen is not shown again until it has gone (100 parallel failures, one toast);
 * - quiet calls (menu, user info, login with token) are logged only;
 * - a form's save refused with a field is the form's to show under that field: no toast (one message per event).
 */
export function createFailurePolicy(session: SessionHandle, notify: Notify, now = () => Date.now()) {
  const visibleUntil = new Map<string, number>();
  const show = (f: Failure) => {
    const t = now();
    if ((visibleUntil.get(f.message) ?? 0) > t) return;
    visibleUntil.set(f.message, t + f.duration);
    notify(f.message, f.level, f.duration);
  };
  return (failure: Failure, info: FailureInfo) => {
    const authenticated = session.getSnapshot().matches('authenticated');
    if (failure.kind === 'expired') {
      if (!authenticated) return;
      show(failure);
      session.send({ type: 'EXPIRED', message: failure.message });
      return;
    }
    if (failure.kind === 'accessTokenExpired') {
      if (!authenticated) return;
      session.getSnapshot().children.accessToken?.send({ type: 'REFRESH', failedToken: info.accessToken });
    }
    if (info.quiet) console.error(`[api] ${info.path}:`, failure.message);
    else if (!(failure.field && info.fieldErrors)) show(failure);
  };
}
