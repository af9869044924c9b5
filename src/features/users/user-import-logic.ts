import { fromCallback, fromPromise } from 'xstate';
import { userImportMachine, type ImportEvent } from '@machines/user-import.machine.ts';
import type { ApiClient } from '@/api/client.ts';
import type { ImportStatus } from '@/api/contract/jobs.ts';
import { classifyAnswer } from '@/api/errors.ts';
import { importForm } from '@/api/calls/system/user-calls.ts';
import { userApi } from '@/api/table/users.ts';
import { jobPoller } from '@/api/poll-job.ts';

/**
 * The import machine with real actors: an XMLHttpRequest upload (fetch has no upload progress) carrying the
 * session's headers as the API client does, polling of the job, and the cancel request.
 */
export function createUserImportLogic(api: ApiClient) {
  return userImportMachine.provide({
    actors: {
      upload: fromCallback<ImportEvent, { file: File; password: string; mustChange?: boolean }>(({ input, sendBack }) => {
        const xhr = new XMLHttpRequest();
        let stopped = false;
        void importForm(api, input.file, input.password, input.mustChange).then(
          (form) => {
            if (stopped) return;
            const { url, headers } = api.request(userApi.importExcel.path);
            xhr.open('POST', url);
            for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
            xhr.upload.onprogress = (e) => sendBack({ type: 'UPLOAD_PROGRESS', loaded: e.loaded, size: e.total || input.file.size });
            xhr.onload = () => {
              let answer: unknown = null;
              try {
                answer = JSON.parse(xhr.responseText);
              } catch {
                /* not JSON: a network-level failure below */
              }
              const failure = answer ? classifyAnswer(answer) : null;
              const a = answer as { result?: unknown; values?: ImportStatus; errmsg?: string } | null;
              if (a?.result === 'ok' && a.values) sendBack({ type: 'UPLOADED', job: a.values });
              else sendBack({ type: 'UPLOAD_FAILED', message: failure?.message ?? a?.errmsg ?? `状态码 ${xhr.status} 网络异常` });
            };
            xhr.onerror = () => sendBack({ type: 'UPLOAD_FAILED', message: '网络异常，请检查网络后重试' });
            xhr.send(form);
          },
          (err: unknown) => sendBack({ type: 'UPLOAD_FAILED', message: err instanceof Error ? err.message : String(err) }),
        );
        return () => {
          stopped = true;
          xhr.abort();
        };
      }),
      poll: jobPoller<ImportEvent, ImportStatus>(async (jobId) => (await api.send(userApi.importExcel, { jobId }, { quiet: true })).values),
      requestCancel: fromPromise(async ({ input }) => {
        await api.send(userApi.importExcel, { jobId: input.jobId, cancel: true });
      }),
    },
  });
}
