import { ResourceList } from '@/kit/list/resource-list.tsx';
import { Button } from '@fluentui/react-components';
import { useEffect } from 'react';
import { taskApi, type TaskRow } from '@/api/table/operations.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { SubList } from '@/kit/list/sub-list.tsx';
import type { RowFormProps } from '@/kit/form/use-editor.ts';
import { Pagination } from '@/kit/list/pagination.tsx';
import { listed, useListData, usePageData, useListState } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { TaskForm } from './task-form.tsx';
import { useTaskColumns } from './columns.tsx';

/**
 * 系统管理 › 定时任务 (the platform operator's): the tasks with their schedule, next and last run and lock; add and
 * edit (the next runs shown as the cron is typed); run now; release a stuck lock; each task's runs below (?task=).
 */
export default function TasksView({ route }: ViewProps) {
  const t = useT();
  const calls = useBound(taskApi);
  const notify = useNotify();
  const [list, setList] = useListState(route.path, ['task']);
  const data = useListData(() => calls.list({}).then(({ values: d }) => ({ ...d, rows: d.tasks, count: d.tasks.length })), [calls]);
  const { reload } = data;
  // While a run is going, or one is due soon, the list and the runs refresh themselves.
  useEffect(() => {
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [reload]);
  const task = data.rows?.find((x) => String(x.id) === list.filters.task) ?? null;
  const runs = usePageData(list, (page) => calls.runs({ taskId: task?.id, ...page }).then(listed), [calls, task?.id, data.answer]);
  const zone = data.answer?.timeZone ?? 'Asia/Shanghai';
  const jobs = data.answer?.jobs;
  const page = useListPage({
    data,
    form: (p: RowFormProps<TaskRow>) =>
      jobs && <TaskForm task={p.row} jobs={jobs} timeZone={zone} onClose={p.onClose} onSaved={p.onSaved} />,
  });

  const runNow = async (r: TaskRow) => {
    try {
      await calls.run({ id: r.id });
      notify(t('taskStarted', { name: r.name }), 'success');
      setList({ filters: { task: String(r.id) } });
      setTimeout(reload, 800);
    } catch {
      /* shown by the shell */
    }
  };
  const { columns, runColumns } = useTaskColumns({
    zone,
    runNow: (r) => void runNow(r),
    showRuns: (r) => setList({ filters: { task: String(r.id) } }),
    edit: page.edit,
    unlock: (r) => page.confirm(t('confirmUnlock', { name: r.name, by: r.lockedBy }), () => calls.unlock({ id: r.id })),
  });
  const runsTitle = task ? t('runsOf', { name: task.name }) : t('allRuns');
  return (
    <ResourcePage route={route} hint={t('tasksHint', { zone })} buttons={[{ code: 'task:add', label: t('addTask'), run: page.add }]}>
      <ResourceList {...page.table} columns={columns} empty={{ reason: t('emptyTasks') }} />
      <SubList
        title={runsTitle}
        actions={
          task && (
            <Button size="small" onClick={() => setList({ filters: { task: '' } })}>
              {t('allRuns')}
            </Button>
          )
        }
        columns={runColumns}
        data={runs}
        empty={{ reason: t('emptyRuns') }}
      >
        <Pagination count={runs.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      </SubList>
      {page.dialogs}
    </ResourcePage>
  );
}
