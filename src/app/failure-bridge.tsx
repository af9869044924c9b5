import { useEffect } from 'react';
import type { Failure } from '../api/errors.ts';
import { SessionContext } from '../shell/session-context.ts';
import { useNotify } from '../shell/toast.tsx';
import { failureSink } from './failure-sink.ts';

/**
 * Connects the API client's failures to the screen: an ended session is told to the session machine once
 * (however many calls noticed it) with one message; other failures show as toasts unless the call was quiet.
 */
export function FailureBridge() {
  const session = SessionContext.useActorRef();
  const notify = useNotify();
  useEffect(() => {
    const show = (f: Failure) => notify(f.message, f.level, f.duration);
    failureSink.context = () => ({ allDepartList: session.getSnapshot().context.userInfo?.allDepartList });
    failureSink.handle = (failure, { quiet, path }) => {
      if (failure.kind === 'expired') {
        const snap = session.getSnapshot();
        if (!snap.matches('authenticated')) return;
        show(failure);
        session.send({ type: 'EXPIRED', message: failure.message });
        return;
      }
      if (quiet) console.error(`[api] ${path}:`, failure.message);
      else show(failure);
    };
    return () => failureSink.reset();
  }, [session, notify]);
  return null;
}
