import { useEffect } from 'react';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { createFailurePolicy, type SessionHandle } from './failure-policy.ts';
import { failureSink } from './failure-sink.ts';

/** Connects the API client's failures to the screen through the failure policy (one message, one redirect). */
export function FailureBridge() {
  const session = SessionContext.useActorRef();
  const notify = useNotify();
  useEffect(() => {
    failureSink.context = () => ({ allDepartList: session.getSnapshot().context.userInfo?.allDepartList });
    failureSink.handle = createFailurePolicy(session as unknown as SessionHandle, notify);
    return () => failureSink.reset();
  }, [session, notify]);
  return null;
}
