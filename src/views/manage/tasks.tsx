import { Badge, Button, Field, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiFailure } from '../../api/errors.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { smsTestParams, taskSave } from '../../api/schema/task.ts';
import { taskCalls, type TaskInput, type TaskRow, type TaskRun } from '../../api/task-calls.ts';
import { formatInstant as formatIn } from '../../lib/time.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { Pagination } from '../../kit/pagination.tsx';
import { useDebouncedValue } from '../../kit/use-debounced-value.ts';
import { useForm } from '../../kit/use-form.ts';
import { useListData, useListState } from '../../kit/use-list.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  section: { marginTop: tokens.spacingVerticalXXL },
  sectionHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: tokens.spacingVerticalM },
  sectionTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
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
  const save = () =>
    form.submit(async (v) => {
      await calls.save(bodyOf(task, v, withParams));
      onSaved();
    });
  const cronField = form.field('cron');
  const cronError = cronField.validationMessage ?? (preview && 'error' in preview ? preview.error : undefined);
  return (
    <FormDrawer open title={task ? t('editTask') : t('addTask')} dirty={form.dirty} saving={form.saving} onSubmit={save} onClose={onClose}>
      <Field label={t('taskName')} required {...form.field('name')}>
        <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} onBlur={() => form.blur('name')} />
      </Field>
      <Field label={t('taskJob')} required {...form.field('job')}>
        <Select value={form.values.job} onChange={(_, d) => form.set('job', d.value)} onBlur={() => form.blur('job')}>
          <option value="">{t('chooseTaskJob')}</option>
          {jobs.map((j) => (
            <option key={j.job} value={j.job}>
              {j.label}
            </option>
          ))}
        </Select>
      </Field>
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
          <Field label={t('taskParamTenant')} required {...form.field('params.tenantId')}>
            <Input
              type="number"
              value={form.values['params.tenantId']}
              onChange={(_, d) => form.set('params.tenantId', d.value)}
              onBlur={() => form.blur('params.tenantId')}
            />
          </Field>
          <Field label={t('taskParamPhone')} required {...form.field('params.phone')}>
            <Input
              type="tel"
              value={form.values['params.phone']}
              onChange={(_, d) => form.set('params.phone', d.value)}
              onBlur={() => form.blur('params.phone')}
            />
          </Field>
        </>
      )}
      <Field label={t('timeoutSeconds')} required {...form.field('timeoutSeconds')}>
        <Input
          type="number"
          value={form.values.timeoutSeconds}
          onChange={(_, d) => form.set('timeoutSeconds', d.value)}
          onBlur={() => form.blur('timeoutSeconds')}
        />
      </Field>
      <Switch checked={form.values.enabled} label={t('taskEnabled')} onChange={(_, d) => form.set('enabled', d.checked)} />
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
  const [data, setData] = useState<Awaited<ReturnType<ReturnType<typeof taskCalls>['list']>> | null>(null);
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<TaskRow | 'new' | null>(null);
  const [unlocking, setUnlocking] = useState<TaskRow | null>(null);
  useEffect(() => {
    calls.list().then(setData, () => setData({ tasks: [], jobs: [], timeZone: 'Asia/Shanghai' }));
  }, [calls, tick]);
  const reload = () => setTick((x) => x + 1);
  // While a run is going, or one is due soon, the list and the runs refresh themselves.
  useEffect(() => {
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, []);
  const task = data?.tasks.find((x) => String(x.id) === list.filters.task) ?? null;
  const runs = useListData(
    () => calls.runs({ taskId: task?.id, pageNum: list.page, pageSize: list.size }),
    [calls, task?.id, list.page, list.size, tick],
  );
  const openAdd = useCallback(() => setEditing('new'), []);
  usePageActions([{ code: 'task:add', label: t('addTask'), run: openAdd }]);

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
  const zone = data?.timeZone ?? 'Asia/Shanghai';
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
      width: 220,
      render: (r) => (
        <div className={s.cellActions}>
          <Button size="small" appearance="subtle" aria-label={`${t('runNow')} ${r.name}`} onClick={() => void runNow(r)}>
            {t('runNow')}
          </Button>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('taskRuns')} ${r.name}`}
            onClick={() => setList({ filters: { task: String(r.id) } })}
          >
            {t('taskRuns')}
          </Button>
          <Button size="small" appearance="subtle" aria-label={`${t('edit')} ${r.name}`} onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          {r.locked && (
            <Button size="small" appearance="subtle" aria-label={`${t('unlockTask')} ${r.name}`} onClick={() => setUnlocking(r)}>
              {t('unlockTask')}
            </Button>
          )}
        </div>
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
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={openAdd}>
            {t('addTask')}
          </Button>
        }
      />
      <p className={s.muted}>{t('tasksHint', { zone })}</p>
      <DataTable
        label={route.title}
        columns={columns}
        rows={data?.tasks ?? null}
        rowKey={(r) => r.id}
        empty={{ reason: t('emptyTasks') }}
      />
      <section className={s.section} aria-label={task ? t('runsOf', { name: task.name }) : t('allRuns')}>
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>{task ? t('runsOf', { name: task.name }) : t('allRuns')}</h2>
          {task && (
            <Button size="small" onClick={() => setList({ filters: { task: '' } })}>
              {t('allRuns')}
            </Button>
          )}
        </div>
        <DataTable
          label={task ? t('runsOf', { name: task.name }) : t('allRuns')}
          columns={runColumns}
          rows={runs.rows}
          rowKey={(r) => r.id}
          empty={{ reason: t('emptyRuns') }}
        />
        <Pagination count={runs.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      </section>
      {editing && data && (
        <TaskForm
          task={editing === 'new' ? null : editing}
          jobs={data.jobs}
          timeZone={zone}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify(t('operationDone'), 'success');
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={unlocking !== null}
        message={t('confirmUnlock', { name: unlocking?.name ?? '', by: unlocking?.lockedBy ?? '' })}
        onConfirm={() => {
          const r = unlocking!;
          setUnlocking(null);
          void calls.unlock(r.id).then(
            () => {
              notify(t('operationDone'), 'success');
              reload();
            },
            () => {},
          );
        }}
        onCancel={() => setUnlocking(null)}
      />
    </section>
  );
}
