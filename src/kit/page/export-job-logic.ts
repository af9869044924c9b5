import { fromPromise } from 'xstate';
import { exportJobMachine, type ExportJobEvent } from '../../../machines/export-job.machine.ts';
import type { ExportStatus } from '../../api/contract.ts';
import { jobPoller } from '../../api/poll-job.ts';

/** A list's export-job calls: start one with the list's query, read a job's progress, ask it to stop. */
export interface ExportJobCalls {
  start: (query: object) => Promise<ExportStatus>;
  status: (jobId: number) => Promise<ExportStatus>;
  cancel: (jobId: number) => Promise<unknown>;
}

/**
 * The export-job machine with a list's calls (a records table's, the users list's).
 * @example useAppActor(useMemo(() => exportJobLogic(bound(calls.exportJob, table.id)), [calls, table.id]))
 */
export function exportJobLogic(calls: ExportJobCalls) {
  return exportJobMachine.provide({
    actors: {
      start: fromPromise(({ input }) => calls.start(input.query as object)),
      poll: jobPoller<ExportJobEvent, ExportStatus>((jobId) => calls.status(jobId)),
      requestCancel: fromPromise(async ({ input }) => {
        await calls.cancel(input.jobId);
      }),
    },
  });
}
