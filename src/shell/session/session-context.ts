import { createActorContext } from '@xstate/react';
import { sessionMachine } from '@machines/session.machine.ts';

/** The one session actor of the app; components read it with useSelector and talk to it with send. */
export const SessionContext = createActorContext(sessionMachine);
