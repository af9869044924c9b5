import type { ApiClient } from '../../client.ts';
import type { Answer, TaskRow, TaskRun } from '../../contract.ts';

export type { TaskRow, TaskRun };

export interface TaskInput {
  id?: number;
  name: string;
  job: string;
  cron: string;
  enabled: boolean;
  timeoutSeconds: number;
  /** the job's parameters (the test SMS job: tenantId and phone) */
  params?: Record<string, unknown>;
}

/** The scheduled-task calls (sysTask) at their exact paths, plus the ones docs/api.md adds. */
export const taskCalls = (api: ApiClient) => ({
  list: async () =>
    (
      await api.call<Answer<{ tasks: TaskRow[]; jobs: Array<{ job: string; label: string; params: boolean }>; timeZone: string }>>(
        '/v1/sysTask/selSysTaskList',
      )
    ).values!,
  /** quiet: the form shows the refusal under the cron field */
  preview: async (cron: string) =>
    (await api.call<Answer<string[]>>('/v1/sysTask/cronPreview', { cron }, { quiet: true, fieldErrors: true })).values ?? [],
  save: async (t: TaskInput) =>
    (await api.call<Answer<{ id: number; next: string[] }>>('/v1/sysTask/addSysTask', t, { fieldErrors: true })).values!,
  runs: async (q: { taskId?: number; pageNum: number; pageSize: number }) => {
    const a = await api.call<Answer<TaskRun[]> & { count?: number }>('/v1/sysTask/selSysTaskLogList', q);
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  unlock: (id: number) => api.call('/v1/sysTask/delTaskLock', { id }),
  run: (id: number) => api.call('/v1/sysTask/run', { id }),
});
