import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { JOB_PROGRESS_GUARDS, onJobProgress } from './job-progress.ts';
import type { ImportStatus } from '@/api/contract/jobs.ts';

export interface ImportContext {
  fileName: string;
  /** bytes sent so far and in all (upload progress) */
  loaded: number;
  size: number;
  /** the server's job: processing progress, then the report */
  job: ImportStatus | null;
  error: string | null;
}

export type ImportEvent =
  /** the password travels to the upload actor only; it is never kept in the context. `mustChange`: the imported
   * users change it at their first sign-in */
  | { type: 'START'; file: File; password: string; mustChange?: boolean }
  | { type: 'UPLOAD_PROGRESS'; loaded: number; size: number }
  | { type: 'UPLOADED'; job: ImportStatus }
  | { type: 'UPLOAD_FAILED'; message: string }
  | { type: 'PROGRESS'; job: ImportStatus }
  | { type: 'CANCEL' }
  | { type: 'RESET' };

const ON_PROGRESS = onJobProgress('report');

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is provided by the app`));

/**
 * A users import: the file is uploaded with progress, the server checks and saves it as a job whose
 * progress is polled, and the per-row report ends it. Cancel works in both phases: an upload is aborted; a job
 * is asked to stop and reports where it stopped.
 */
export const userImportMachine = setup({
  types: { context: {} as ImportContext, events: {} as ImportEvent },
  actors: {
    /** sends UPLOAD_PROGRESS, then UPLOADED or UPLOAD_FAILED; stopping it aborts the upload */
    upload: fromCallback<ImportEvent, { file: File; password: string; mustChange?: boolean }>(() => {}),
    /** sends PROGRESS with the job's state until stopped */
    poll: fromCallback<ImportEvent, { jobId: number }>(() => {}),
    requestCancel: fromPromise<void, { jobId: number }>(notProvided('requestCancel')),
  },
  guards: JOB_PROGRESS_GUARDS,
  actions: {
    noteJob: assign({ job: ({ event }) => (event.type === 'PROGRESS' || event.type === 'UPLOADED' ? event.job : null) }),
    noteFailure: assign({ error: ({ event }) => (event.type === 'PROGRESS' ? event.job.message : null) }),
  },
}).createMachine({
  id: 'userImport',
  context: { fileName: '', loaded: 0, size: 0, job: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing under way: a file and the initial password can be chosen.',
      on: {
        START: {
          target: 'uploading',
          actions: assign({
            fileName: ({ event }) => event.file.name,
            loaded: 0,
            size: ({ event }) => event.file.size,
            job: null,
            error: null,
          }),
        },
      },
    },
    uploading: {
      description: 'The file is on its way; progress is the bytes sent.',
      invoke: { id: 'upload', src: 'upload', input: ({ event }) => event as Extract<ImportEvent, { type: 'START' }> },
      on: {
        UPLOAD_PROGRESS: { actions: assign({ loaded: ({ event }) => event.loaded, size: ({ event }) => event.size }) },
        UPLOADED: { target: 'processing', actions: 'noteJob' },
        UPLOAD_FAILED: { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        CANCEL: 'cancelled',
      },
    },
    processing: {
      description: 'The server checks and saves the rows; progress is the rows processed.',
      invoke: { id: 'poll', src: 'poll', input: ({ context }) => ({ jobId: context.job!.jobId }) },
      on: {
        PROGRESS: ON_PROGRESS,
        CANCEL: 'cancelling',
      },
    },
    cancelling: {
      description: 'The job was asked to stop; it stops between chunks and says how far it got.',
      invoke: [
        { id: 'poll', src: 'poll', input: ({ context }) => ({ jobId: context.job!.jobId }) },
        { id: 'requestCancel', src: 'requestCancel', input: ({ context }) => ({ jobId: context.job!.jobId }) },
      ],
      on: {
        PROGRESS: ON_PROGRESS,
      },
    },
    report: {
      description: 'Done: rows saved, and each refused row with its column and reason.',
      on: { RESET: { target: 'idle', actions: assign({ job: null, error: null, loaded: 0, size: 0, fileName: '' }) } },
    },
    failed: {
      description: 'The upload or the job failed; the reason is shown and nothing more is saved.',
      on: { RESET: { target: 'idle', actions: assign({ job: null, error: null, loaded: 0, size: 0, fileName: '' }) } },
    },
    cancelled: {
      description: 'Stopped by the user: an upload saved nothing; a job says how many rows it had saved.',
      on: { RESET: { target: 'idle', actions: assign({ job: null, error: null, loaded: 0, size: 0, fileName: '' }) } },
    },
  },
});
