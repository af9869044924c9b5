import { fromCallback, type EventObject } from 'xstate';

/** How often a job's progress is asked for. */
export const JOB_POLL_MS = 500;

/**
 * A job's progress as a statechart's callback actor (E: the machine's events, one of them `{ type: 'PROGRESS', job }`): asks `read(jobId)` now and every JOB_POLL_MS until stopped,
 * sending `{ type: 'PROGRESS', job }` each time. A failed ask is asked again (the shell has said why, or it was a
 * dropped connection); an answer that comes after the actor stopped is dropped.
 */
export const jobPoller = <E extends EventObject, J>(read: (jobId: number) => Promise<J>) =>
  fromCallback<E, { jobId: number }>(({ input, sendBack }) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const tick = async () => {
      try {
        const job = await read(input.jobId);
        // The machine's own PROGRESS event (E names it; this helper only knows its shape).
        if (live) sendBack({ type: 'PROGRESS', job } as unknown as E);
      } catch {
        /* asked again below */
      }
      if (live) timer = setTimeout(() => void tick(), JOB_POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  });
