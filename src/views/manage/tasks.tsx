import { Badge, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { ApiFailure } from '../../api/errors.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { smsTestParams, taskSave } from '../../api/schema/task.ts';
import { taskCalls, type TaskInput, type TaskRow, type TaskRun } from '../../api/calls/task-calls.ts';
import { formatInstant as formatIn } from '../../lib/time.ts';
import { useApi } from '../../shell/session/api-context.ts';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { useConfirm } from '../../kit/page/confirm.tsx';
import { DataTable, type Column } from '../../kit/list/data-table.tsx';
import { FormDrawer } from '../../kit/form/form-drawer.tsx';
import { SelectField, SwitchField, TextField } from '../../kit/form/form-fields.tsx';
import { ResourcePage } from '../../kit/page/resource-page.tsx';
import { RowActions } from '../../kit/list/row-actions.tsx';
import { SubList } from '../../kit/list/sub-list.tsx';
import { useEditor } from '../../kit/form/use-editor.ts';
import { Pagination } from '../../kit/list/pagination.tsx';
import { useDebouncedValue } from '../../kit/form/use-debounced-value.ts';
import { useForm } from '../../kit/form/use-form.ts';
import { useListData, useListState } from '../../kit/list/use-list.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  preview: { margin: 0, paddingLeft: tokens.spacingHorizontalL, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

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

interface Values extends Record<string, unknown> {
  name: string;
  job: string;
  cron: string;
  enabled: boolean;
  timeoutSeconds: string;
  /** the test SMS job's parameters (the server's refusals name these fields) */
  'params.tenantId': string;
  'params.phone': string;
}

/** The body a save sends; a job with parameters (the test SMS job) sends them, checked by their own schema. */
const bodyOf = (task: TaskRow | null, v: Values, withParams: boolean): TaskInput => ({
  ...(task ? { id: task.id } : {}),
  name: v.name,
  job: v.job,
  cron: v.cron,
  enabled: v.enabled,
  timeoutSeconds: v.timeoutSeconds.trim() === '' ? Number.NaN : Number(v.timeoutSeconds),
  ...(withParams ? { params: { tenantId: paramId(v['params.tenantId']), phone: v['params.phone'].trim() } } : {}),
});
const paramId = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : text);

function TaskForm({
  task,
  jobs,
  timeZone,
  onClose,
  onSaved,
}: {
  task: TaskRow | null;
  jobs: Array<{ job: string; label: string; params: boolean }>;
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const calls = useMemo(() => taskCalls(api), [api]);
  const validate = useMemo(
    () => (v: Values) => {
      const withParams = jobs.find((j) => j.job === v.job)?.params === true;
      const body = bodyOf(task, v, withParams);
      const params = withParams ? fieldProblems(smsTestParams, body.params) : {};
      return { ...fieldProblems(taskSave, body), ...Object.fromEntries(Object.entries(params).map(([k, m]) => [`params.${k}`, m])) };
    },
    [jobs, task],
  );
  const form = useForm<Values>(
    {
      name: task?.name ?? '',
      job: task?.job ?? '',
      cron: task?.cron ?? '',
      enabled: task?.enabled ?? true,
      timeoutSeconds: String(task?.timeoutSeconds ?? 300),
      'params.tenantId': task?.params?.tenantId === undefined ? '' : String(task.params.tenantId),
      'params.phone': typeof task?.params?.phone === 'string' ? task.params.phone : '',
    },
    validate,
  );
  const withParams = jobs.find((j) => j.job === form.values.job)?.params === true;
  // The next runs as the cron is typed (500 ms after the last key), from the server's own check.
  const typed = useDebouncedValue(form.values.cron.trim(), 500);
  const [preview, setPreview] = useState<{ next: string[] } | { error: string } | null>(null);
  useEffect(() => {
    if (!typed) return setPreview(null);
    let live = true;
    calls.preview(typed).then(
      (next) => live && setPreview({ next }),
      (err: unknown) => live && setPreview({ error: err instanceof ApiFailure ? localize(err.failure.message) : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [typed, calls]);
  const save = () => form.submit((v) => calls.save(bodyOf(task, v, withParams)).then(onSaved));
  const cronField = form.field('cron');
  const cronError = cronField.validationMessage ?? (preview && 'error' in preview ? preview.error : undefined);
  return (
    <FormDrawer open title={task ? t('editTask') : t('addTask')} dirty={form.dirty} saving={form.saving} onSubmit={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('taskName')} required />
      <SelectField
        form={form}
        name="job"
        label={t('taskJob')}
        required
        options={[{ value: '', label: t('chooseTaskJob') }, ...jobs.map((j) => ({ value: j.job, label: j.label }))]}
      />
      <Field
        label={t('cronExpression')}
        required
        hint={cronError ? undefined : t('cronHint', { zone: timeZone })}
        {...(cronError ? { validationState: 'error' as const, validationMessage: cronError } : {})}
      >
        <Input
          className={s.mono}
          value={form.values.cron}
          onChange={(_, d) => form.set('cron', d.value)}
          onBlur={() => form.blur('cron')}
        />
      </Field>
      {preview && 'next' in preview && (
        <div aria-live="polite">
          <div className={s.muted}>{t('nextRuns')}</div>
          <ol className={s.preview} aria-label={t('nextRuns')}>
            {preview.next.map((at) => (
              <li key={at}>{formatIn(at, timeZone)}</li>
            ))}
          </ol>
        </div>
      )}
      {withParams && (
        <>
          <TextField form={form} name="params.tenantId" label={t('taskParamTenant')} required type="number" />
          <TextField form={form} name="params.phone" label={t('taskParamPhone')} required type="tel" />
        </>
      )}
      <TextField form={form} name="timeoutSeconds" label={t('timeoutSeconds')} required type="number" />
      <SwitchField form={form} name="enabled" label={t('taskEnabled')} />
    </FormDrawer>
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
    {
      key: 'actions',
      title: t('actions'),
      width: 240,
      render: (r) => (
        <RowActions
          route={route}
          name={r.name}
          actions={[
            { code: 'task:run', label: t('runNow'), run: () => void runNow(r) },
            { code: 'task:runs', label: t('taskRuns'), read: true, run: () => setList({ filters: { task: String(r.id) } }) },
            { code: 'task:edit', label: t('edit'), run: () => editor.edit(r) },
            {
              code: 'task:unlock',
              label: t('unlockTask'),
              hidden: !r.locked,
              run: () =>
                ask({ message: t('confirmUnlock', { name: r.name, by: r.lockedBy }), run: () => calls.unlock(r.id), then: reload }),
            },
          ]}
        />
      ),
    },
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
