import { Badge, Button } from '@fluentui/react-components';
import { useEffect, useMemo } from 'react';
import { taskCalls, type TaskRow, type TaskRun } from '../../../api/calls/task-calls.ts';
import { formatInstant as formatIn } from '../../../lib/time.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { useFormatInstant } from '../../../shell/time-zone.ts';
import { useNotify } from '../../../shell/toast.tsx';
import { useConfirm } from '../../../kit/page/confirm.tsx';
import { DataTable, type Column } from '../../../kit/list/data-table.tsx';
import { ResourcePage } from '../../../kit/page/resource-page.tsx';
import { actionsColumn } from '../../../kit/list/row-actions.tsx';
import { SubList } from '../../../kit/list/sub-list.tsx';
import { useEditor } from '../../../kit/form/use-editor.ts';
import { Pagination } from '../../../kit/list/pagination.tsx';
import { useListData, useListState } from '../../../kit/list/use-list.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { MessageKey } from '../../../i18n/messages.ts';
import type { ViewProps } from '../../view-props.ts';
import { TaskForm } from './task-form.tsx';
import { useStyles } from './styles.ts';

const OUTCOME_COLOR: Record<string, 'success' | 'danger' | 'warning' | 'informative'> = {
  success: 'success',
  failure: 'danger',
  timeout: 'danger',
  skipped: 'warning',
  running: 'informative',
  unlocked: 'informative',
};

function Outcome({ value }: { value: string | null }) {
  const t = useT();
  if (!value) return <>--</>;
  return (
    <Badge appearance="tint" color={OUTCOME_COLOR[value] ?? 'informative'}>
      {t(`taskOutcome_${value}` as MessageKey)}
    </Badge>
  );
}

/**
 * 系统管理 › 定时任务 (the platform operator's): the tasks with their schedule, next and last run and lock; add and
 * edit (the next runs shown as the cron is typed); run now; release a stuck lock; each task's runs below (?task=).
 */
export default function TasksView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => taskCalls(api), [api]);
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const [list, setList] = useListState(route.path, ['task']);
  const data = useListData(() => calls.list().then((d) => ({ ...d, rows: d.tasks, count: d.tasks.length })), [calls]);
  const { reload } = data;
  // While a run is going, or one is due soon, the list and the runs refresh themselves.
  useEffect(() => {
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [reload]);
  const task = data.rows?.find((x) => String(x.id) === list.filters.task) ?? null;
  const runs = useListData(
    () => calls.runs({ taskId: task?.id, pageNum: list.page, pageSize: list.size }),
    [calls, task?.id, list.page, list.size, data.answer],
  );
  const editor = useEditor<TaskRow>(reload);
  const [ask, confirmDialog] = useConfirm();

  const runNow = async (r: TaskRow) => {
    try {
      await calls.run(r.id);
      notify(t('taskStarted', { name: r.name }), 'success');
      setList({ filters: { task: String(r.id) } });
      setTimeout(reload, 800);
    } catch {
      /* shown by the shell */
    }
  };
  const zone = data.answer?.timeZone ?? 'Asia/Shanghai';
  const columns: Column<TaskRow>[] = [
    { key: 'name', title: t('taskName'), width: 150, render: (r) => r.name, ellipsis: (r) => r.name },
    { key: 'job', title: t('taskJob'), width: 150, render: (r) => r.jobLabel, ellipsis: (r) => r.jobLabel },
    { key: 'cron', title: t('cronExpression'), width: 110, render: (r) => <span className={s.mono}>{r.cron}</span> },
    {
      key: 'next',
      title: t('nextRun'),
      width: 150,
      render: (r) => (r.enabled ? (r.nextRun ? formatIn(r.nextRun, zone) : '--') : t('taskDisabled')),
    },
    {
      key: 'last',
      title: t('lastRun'),
      width: 170,
      render: (r) =>
        r.lastStartedAt ? (
          <span title={r.lastMessage ?? ''}>
            <Outcome value={r.lastOutcome} /> {formatInstant(r.lastStartedAt, 'minutes')}
          </span>
        ) : (
          '--'
        ),
    },
    {
      key: 'lock',
      title: t('taskLock'),
      width: 80,
      render: (r) =>
        r.locked ? (
          <Badge appearance="tint" color="warning" title={r.lockedBy}>
            {t('taskLocked')}
          </Badge>
        ) : (
          '--'
        ),
    },
    actionsColumn({
      title: t('actions'),
      route,
      width: 240,
      name: (r) => r.name,
      actions: (r) => [
        { code: 'task:run', label: t('runNow'), run: () => void runNow(r) },
        { code: 'task:runs', label: t('taskRuns'), read: true, run: () => setList({ filters: { task: String(r.id) } }) },
        { code: 'task:edit', label: t('edit'), run: () => editor.edit(r) },
        {
          code: 'task:unlock',
          label: t('unlockTask'),
          hidden: !r.locked,
          run: () => ask({ message: t('confirmUnlock', { name: r.name, by: r.lockedBy }), run: () => calls.unlock(r.id), then: reload }),
        },
      ],
    }),
  ];
  const runColumns: Column<TaskRun>[] = [
    { key: 'started', title: t('startedAt'), width: 160, render: (r) => formatInstant(r.startedAt) },
    { key: 'task', title: t('taskName'), width: 140, render: (r) => r.taskName, ellipsis: (r) => r.taskName },
    {
      key: 'trigger',
      title: t('taskTrigger'),
      width: 100,
      render: (r) => t(`taskTrigger_${r.trigger}` as MessageKey) + (r.byUserName ? ` · ${r.byUserName}` : ''),
    },
    { key: 'outcome', title: t('taskOutcome'), width: 80, render: (r) => <Outcome value={r.outcome} /> },
    {
      key: 'duration',
      title: t('duration'),
      width: 80,
      render: (r) => (r.durationMs === null ? '--' : `${(r.durationMs / 1000).toFixed(1)} s`),
    },
    { key: 'message', title: t('taskMessage'), width: 260, render: (r) => r.message || '--', ellipsis: (r) => r.message },
  ];
  const runsTitle = task ? t('runsOf', { name: task.name }) : t('allRuns');
  return (
    <ResourcePage route={route} hint={t('tasksHint', { zone })} buttons={[{ code: 'task:add', label: t('addTask'), run: editor.add }]}>
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('emptyTasks') }} />
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
        rowKey={(r) => r.id}
        empty={{ reason: t('emptyRuns') }}
      >
        <Pagination count={runs.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      </SubList>
      {editor.open && data.answer && (
        <TaskForm task={editor.row} jobs={data.answer.jobs} timeZone={zone} onClose={editor.close} onSaved={editor.saved} />
      )}
      {confirmDialog}
    </ResourcePage>
  );
}
