import { fromPromise } from 'xstate';
import { exportJobMachine, type ExportJobEvent } from '@machines/export-job.machine.ts';
import type { ExportStatus } from '@/api/contract/jobs.ts';
import { jobPoller } from '@/api/poll-job.ts';
import type { ApiClient } from '@/api/client.ts';
import type { Call } from '@/api/table/define.ts';

/** A list's export-job calls: start one with the list's query, read a job's progress, ask it to stop. */
export interface ExportJobCalls {
  start: (query: object) => Promise<ExportStatus>;
  status: (jobId: number) => Promise<ExportStatus>;
  cancel: (jobId: number) => Promise<unknown>;
}

/**
 * A declared export-job call as a list's calls: the list's query starts a job, `jobId` reads it, `cancel` stops it.
 * Quiet: the export dialog says a refusal itself. `fixed` goes with every body (a records table's id).
 */
export function exportJobCalls(api: ApiClient, call: Call, fixed: object = {}): ExportJobCalls {
  const send = async (body: object) => ((await api.send(call, { ...fixed, ...body }, { quiet: true })) as { values: ExportStatus }).values;
  return { start: (query) => send(query), status: (jobId) => send({ jobId }), cancel: (jobId) => send({ jobId, cancel: true }) };
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
