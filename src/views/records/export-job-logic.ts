import { fromCallback, fromPromise } from 'xstate';
import { exportJobMachine, type ExportJobEvent } from '../../../machines/export-job.machine.ts';
import type { recordCalls } from '../../api/calls/record-calls.ts';

const POLL_MS = 500;

/** The export-job machine with a table's calls: start with the list's query, poll the job, ask it to stop. */
export function recordExportLogic(calls: ReturnType<typeof recordCalls>, tableId: number) {
  return exportJobMachine.provide({
    actors: {
      start: fromPromise(({ input }) => calls.exportJob.start(tableId, input.query as object)),
      poll: fromCallback<ExportJobEvent, { jobId: number }>(({ input, sendBack }) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let live = true;
        const tick = async () => {
          try {
            const job = await calls.exportJob.status(tableId, input.jobId);
            if (live) sendBack({ type: 'PROGRESS', job });
          } catch {
            /* a dropped poll: the next one asks again (an ended session is the shell's) */
          }
          if (live) timer = setTimeout(() => void tick(), POLL_MS);
        };
        void tick();
        return () => {
          live = false;
          clearTimeout(timer);
        };
      }),
      requestCancel: fromPromise(async ({ input }) => {
        await calls.exportJob.cancel(tableId, input.jobId);
      }),
    },
  });
}
