import { Badge } from '@fluentui/react-components';
import type { TaskRow, TaskRun } from '@/api/table/operations.ts';
import { formatInstant as formatIn } from '@/lib/time.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useT } from '@/i18n/use-t.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import { Mono } from '@/kit/table/mono.tsx';

const OUTCOME_COLOR: Record<string, 'success' | 'danger' | 'warning' | 'informative'> = {
  success: 'success',
  failure: 'danger',
  timeout: 'danger',
  skipped: 'warning',
  running: 'informative',
  unlocked: 'informative',
};

export function Outcome({ value }: { value: string | null }) {
  const t = useT();
  if (!value) return <>--</>;
  return (
    <Badge appearance="tint" color={OUTCOME_COLOR[value] ?? 'informative'}>
      {t(`taskOutcome_${value}` as MessageKey)}
    </Badge>
  );
}

export interface TaskColumnsOptions {
  /** the platform's zone: a task's next run is read in it */
  zone: string;
  runNow: (row: TaskRow) => void;
  showRuns: (row: TaskRow) => void;
  edit: (row: TaskRow) => void;
  unlock: (row: TaskRow) => void;
}

/** The tasks (schedule, next and last run, lock, actions) and the runs below them. */
export function useTaskColumns(o: TaskColumnsOptions): { columns: Column<TaskRow>[]; runColumns: Column<TaskRun>[] } {
  const { zone, runNow, showRuns, edit, unlock } = o;
  const t = useT();
  const formatInstant = useFormatInstant();
  const columns: Column<TaskRow>[] = [
    { key: 'name', title: t('taskName'), width: 150, render: (r) => r.name },
    { key: 'job', title: t('taskJob'), width: 150, render: (r) => r.jobLabel },
    { key: 'cron', title: t('cronExpression'), width: 110, render: (r) => <Mono>{r.cron}</Mono> },
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
      name: (r) => r.name,
      actions: (r) => [
        { code: 'task:run', label: t('runNow'), run: () => runNow(r) },
        { code: 'task:runs', label: t('taskRuns'), read: true, run: () => showRuns(r) },
        { code: 'task:edit', label: t('edit'), run: () => edit(r) },
        { code: 'task:unlock', label: t('unlockTask'), hidden: !r.locked, run: () => unlock(r) },
      ],
    }),
  ];
  const runColumns: Column<TaskRun>[] = [
    { key: 'started', title: t('startedAt'), width: 160, render: (r) => formatInstant(r.startedAt) },
    { key: 'task', title: t('taskName'), width: 140, render: (r) => r.taskName },
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
    { key: 'message', title: t('taskMessage'), width: 260, render: (r) => r.message || '--' },
  ];
  return { columns, runColumns };
}
