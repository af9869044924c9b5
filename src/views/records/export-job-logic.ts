import { fromPromise } from 'xstate';
import { exportJobMachine, type ExportJobEvent } from '../../../machines/export-job.machine.ts';
import type { ExportStatus } from '../../api/contract.ts';
import { jobPoller } from '../../api/poll-job.ts';
import type { recordCalls } from '../../api/calls/record-calls.ts';

/** The export-job machine with a table's calls: start with the list's query, poll the job, ask it to stop. */
export function recordExportLogic(calls: ReturnType<typeof recordCalls>, tableId: number) {
  return exportJobMachine.provide({
    actors: {
      start: fromPromise(({ input }) => calls.exportJob.start(tableId, input.query as object)),
      poll: jobPoller<ExportJobEvent, ExportStatus>((jobId) => calls.exportJob.status(tableId, jobId)),
      requestCancel: fromPromise(async ({ input }) => {
        await calls.exportJob.cancel(tableId, input.jobId);
      }),
    },
  });
}
