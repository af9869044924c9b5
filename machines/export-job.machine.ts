import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { JOB_PROGRESS_GUARDS, onJobProgress } from './job-progress.ts';
import type { ExportStatus } from '@/api/contract/jobs.ts';

export interface ExportJobContext {
  /** the server's job: its progress, then its link */
  job: ExportStatus | null;
  error: string | null;
}

export type ExportJobEvent =
  /** `query`: what the list shows (its filters and sort), passed to the start actor as it is */
  { type: 'START'; query: unknown } | { type: 'PROGRESS'; job: ExportStatus } | { type: 'CANCEL' } | { type: 'RESET' };

const ON_PROGRESS = onJobProgress('ready');

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the app`));

/**
 * An export the server writes as a job (a list beyond what the browser writes at once): started with the list's
 * query, its progress polled, cancelled between slices on request, and ended by a download link (or the reason it
 * failed). A start the server refuses (another export running, too many rows) ends in `failed` with its message.
 */
export const exportJobMachine = setup({
  types: { context: {} as ExportJobContext, events: {} as ExportJobEvent },
  actors: {
    /** starts the job; resolves with its first status */
    start: fromPromise<ExportStatus, { query: unknown }>(notProvided('start')),
    /** sends PROGRESS with the job's state until stopped */
    poll: fromCallback<ExportJobEvent, { jobId: number }>(() => {}),
    requestCancel: fromPromise<void, { jobId: number }>(notProvided('requestCancel')),
  },
  guards: JOB_PROGRESS_GUARDS,
  actions: {
    noteJob: assign({ job: ({ event }) => (event.type === 'PROGRESS' ? event.job : null) }),
    noteFailure: assign({ error: ({ event }) => (event.type === 'PROGRESS' ? event.job.message : null) }),
    clear: assign({ job: null, error: null }),
  },
}).createMachine({
  id: 'exportJob',
  context: { job: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No export under way.',
      on: { START: { target: 'starting', actions: 'clear' } },
    },
    starting: {
      description: 'The server counts the rows and starts the job.',
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ event }) => ({ query: event.type === 'START' ? event.query : null }),
        onDone: { target: 'writing', actions: assign({ job: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    writing: {
      description: 'The server writes the rows; progress is the rows written.',
      invoke: { id: 'poll', src: 'poll', input: ({ context }) => ({ jobId: context.job!.jobId }) },
      on: { PROGRESS: ON_PROGRESS, CANCEL: 'cancelling' },
    },
    cancelling: {
      description: 'The job was asked to stop; it stops at its next slice.',
      invoke: [
        { id: 'poll', src: 'poll', input: ({ context }) => ({ jobId: context.job!.jobId }) },
        { id: 'requestCancel', src: 'requestCancel', input: ({ context }) => ({ jobId: context.job!.jobId }) },
      ],
      on: { PROGRESS: ON_PROGRESS },
    },
    ready: {
      description: 'Written: the file is offered by a link until it expires.',
      on: { RESET: { target: 'idle', actions: 'clear' } },
    },
    failed: {
      description: 'Refused or broken; the reason is shown.',
      on: { RESET: { target: 'idle', actions: 'clear' } },
    },
    cancelled: {
      description: 'Stopped by the user; no file is kept.',
      on: { RESET: { target: 'idle', actions: 'clear' } },
    },
  },
});
