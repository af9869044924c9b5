import { describe, expect } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { exportJobMachine } from '@machines/export-job.machine.ts';
import type { ExportStatus } from '@/api/contract/jobs.ts';
import { controllableActors, jobEvents } from './fake-actors.ts';
import { describeValue, itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const QUERY = { filters: { level: '4' }, sortField: 'points', sortOrder: 'descend' };
const job = (status: ExportStatus['status'], processed = 0): ExportStatus => ({
  jobId: 9,
  status,
  total: 25_000,
  processed,
  message: status === 'failed' ? '服务器内部错误，请稍后重试' : '',
  fileName: '会员-2026-11-27.xlsx',
  ...(status === 'done' ? { url: '/manage/anon/exportFile?id=9&e=1&s=x', expiresAt: '2026-11-27T05:00:00.000Z', bytes: 1024 } : {}),
});

const EVENTS = [
  { type: 'START', query: QUERY },
  { type: 'xstate.done.actor.start', output: job('processing') },
  { type: 'xstate.error.actor.start', error: new Error('你已有一个导出正在进行，请等它完成或取消后再导出') },
  ...jobEvents(job, 5000, 25_000),
];

function sut() {
  const log: unknown[] = [];
  const { actors, settle, started, lastInput } = controllableActors(['start', 'requestCancel'], log);
  const polled: unknown[] = [];
  const stopped: string[] = [];
  const poll = fromCallback(({ input }) => {
    polled.push(input);
    log.push(`start poll(${describeValue(input)})`);
    return () => void (stopped.push('poll'), log.push('stop poll'));
  });
  const actor = createActor(exportJobMachine.provide({ actors: { ...actors, poll } as never })).start();
  return { actor, settle, started, lastInput, polled, stopped, log };
}

describe('export-job machine (model-based)', () => {
  const paths = modelPaths(exportJobMachine, { events: EVENTS });
  itReaches(paths, ['cancelled', 'cancelling', 'failed', 'idle', 'ready', 'starting', 'writing']);

  const drive: Drive = async (path, table) => {
    const s = sut();
    await runPath(
      path,
      s,
      {
        // The start got the list's query as it was given.
        starting: (snap) => {
          expect(s.lastInput('start')).toEqual({ query: QUERY });
          expect(snap.context).toMatchObject({ job: null, error: null });
        },
        // Polling asks about the job the start made.
        writing: (snap) => {
          expect(s.polled.at(-1)).toEqual({ jobId: 9 });
          expect(snap.context.job?.status).toBe('processing');
        },
        cancelling: (snap) => {
          expect(s.started).toContain('requestCancel');
          expect(s.lastInput('requestCancel')).toEqual({ jobId: 9 });
          expect(snap.context.job?.jobId).toBe(9);
        },
        ready: (snap) => {
          expect(snap.context.job).toMatchObject({ status: 'done', url: expect.stringContaining('id=9'), processed: 25_000 });
          expect(s.stopped).toContain('poll');
        },
        failed: (snap) => expect(snap.context.error).toMatch(/你已有一个导出正在进行|服务器内部错误/),
        cancelled: (snap) => {
          expect(snap.context.job?.status).toBe('cancelled');
          expect(s.stopped).toContain('poll');
        },
        idle: (snap) => expect(snap.context).toEqual({ job: null, error: null }),
      },
      table,
    );
  };
  itFollowsItsTable('export-job', exportJobMachine, paths, drive);
});
