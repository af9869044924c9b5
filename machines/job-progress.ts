/**
 * What the machines of server jobs (a users import, an export) share: how a polled job's PROGRESS moves them. The
 * job reports `processing` with its counts, then `done`, `cancelled` (stopped on request) or `failed`.
 */

/** A guard on a PROGRESS event's job status. */
const statusIs =
  (status: 'done' | 'cancelled' | 'failed') =>
  ({ event }: { event: { type: string } }): boolean =>
    event.type === 'PROGRESS' && (event as { type: string; job: { status: string } }).job.status === status;

/** The guards PROGRESS is read with: the job finished, stopped on request, or broke. */
export const JOB_PROGRESS_GUARDS = { finished: statusIs('done'), stopped: statusIs('cancelled'), broke: statusIs('failed') };

/**
 * What a job's progress leads to, while it works and while it is being cancelled alike: a finished job to
 * `finished` (the report, the link), a stopped one to `cancelled`, a broken one to `failed` with its message;
 * anything else is noted and waited on. The machine provides the actions `noteJob` and `noteFailure`.
 */
export const onJobProgress = <F extends string>(finished: F) =>
  [
    { guard: 'finished', target: finished, actions: 'noteJob' },
    { guard: 'stopped', target: 'cancelled', actions: 'noteJob' },
    { guard: 'broke', target: 'failed', actions: ['noteJob', 'noteFailure'] },
    { actions: 'noteJob' },
  ] as const;
