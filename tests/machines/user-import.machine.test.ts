import { describe, expect } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { userImportMachine } from '@machines/user-import.machine.ts';
import type { ImportStatus } from '@/api/contract/jobs.ts';
import { controllableActors, jobEvents } from './fake-actors.ts';
import { describeValue, itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const PASSWORD = 'Passw0rd2026';
const file = { name: 'users.xlsx', size: 2048 } as File;
const job = (status: ImportStatus['status'], processed = 0): ImportStatus => ({
  jobId: 7,
  status,
  total: 100,
  processed,
  created: processed,
  report: status === 'done' ? [{ row: 3, field: '账号', reason: '该账号已被使用' }] : [],
  message: status === 'failed' ? '服务器内部错误，请稍后重试' : '',
});

const EVENTS = [
  { type: 'START', file, password: PASSWORD },
  { type: 'UPLOAD_PROGRESS', loaded: 1024, size: 2048 },
  { type: 'UPLOADED', job: job('processing') },
  { type: 'UPLOAD_FAILED', message: '请上传 .xlsx 文件（Excel 2007 及以上）' },
  ...jobEvents(job, 50, 100),
];

function sut() {
  const log: unknown[] = [];
  const { actors, settle, started } = controllableActors(['requestCancel'], log);
  const inputs: Array<[string, unknown]> = [];
  const stopped: string[] = [];
  const callback = (name: string) =>
    fromCallback(({ input }) => {
      inputs.push([name, input]);
      log.push(`start ${name}(${describeValue(input)})`);
      return () => void (stopped.push(name), log.push(`stop ${name}`));
    });
  const actor = createActor(
    userImportMachine.provide({ actors: { ...actors, upload: callback('upload'), poll: callback('poll') } as never }),
  ).start();
  return { actor, settle, started, inputs, stopped, log };
}

describe('user-import machine (model-based)', () => {
  const paths = modelPaths(userImportMachine, { events: EVENTS });
  itReaches(paths, ['cancelled', 'cancelling', 'failed', 'idle', 'processing', 'report', 'uploading']);

  const drive: Drive = async (path, table) => {
    const s = sut();
    const never = (snap: { context: object }) => expect(JSON.stringify(snap.context)).not.toContain(PASSWORD);
    await runPath(
      path,
      s,
      {
        // The upload got exactly the chosen file and password; the password never sits in the context.
        uploading: (snap) => {
          never(snap);
          expect(s.inputs.filter(([n]) => n === 'upload').at(-1)).toEqual(['upload', { type: 'START', file, password: PASSWORD }]);
          expect(snap.context.fileName).toBe('users.xlsx');
        },
        // Polling asks about the job the upload started.
        processing: (snap) => {
          never(snap);
          expect(s.inputs.filter(([n]) => n === 'poll').at(-1)).toEqual(['poll', { jobId: 7 }]);
        },
        cancelling: (snap) => {
          expect(s.started).toContain('requestCancel');
          expect(snap.context.job?.jobId).toBe(7);
        },
        report: (snap) => {
          expect(snap.context.job?.report).toEqual([{ row: 3, field: '账号', reason: '该账号已被使用' }]);
          expect(s.stopped).toContain('poll');
        },
        failed: (snap) => expect(snap.context.error).toMatch(/请上传 \.xlsx 文件|服务器内部错误/),
        // A cancelled upload stops the upload actor (the request is aborted).
        cancelled: () => expect(s.stopped.length).toBeGreaterThan(0),
        idle: (snap) => expect(snap.context).toMatchObject({ job: null, error: null, loaded: 0 }),
      },
      table,
    );
  };
  itFollowsItsTable('user-import', userImportMachine, paths, drive);
});
