import { Field, Input } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { ApiFailure } from '@/api/errors.ts';
import { fieldProblems } from '@/api/schema/kit.ts';
import { smsTestParams, taskSave } from '@/api/schema/system/task.ts';
import { taskApi, type TaskRow } from '@/api/table/operations.ts';
import type { Sent } from '@/api/table/define.ts';
import { formatInstant as formatIn } from '@/lib/time.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { SelectField, SwitchField, TextField } from '@/kit/form/form-fields.tsx';
import { useDebouncedValue } from '@/kit/form/use-debounced-value.ts';
import { useForm } from '@/kit/form/use-form.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { useStyles } from './styles.ts';
import type { FormOutcome } from '@/kit/form/use-editor.ts';

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
const bodyOf = (task: TaskRow | null, v: Values, withParams: boolean): Sent<typeof taskApi.save> => ({
  ...(task ? { id: task.id } : {}),
  name: v.name,
  job: v.job,
  cron: v.cron,
  enabled: v.enabled,
  timeoutSeconds: v.timeoutSeconds.trim() === '' ? Number.NaN : Number(v.timeoutSeconds),
  ...(withParams ? { params: { tenantId: paramId(v['params.tenantId']), phone: v['params.phone'].trim() } } : {}),
});
const paramId = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : text);

export function TaskForm({
  task,
  jobs,
  timeZone,
  onClose,
  onSaved,
}: FormOutcome & {
  task: TaskRow | null;
  jobs: Array<{ job: string; label: string; params: boolean }>;
  timeZone: string;
}) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const calls = useBound(taskApi);
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
    // quiet: the form shows the refusal under the cron field
    calls.preview({ cron: typed }, { quiet: true, fieldErrors: true }).then(
      ({ values: next }) => live && setPreview({ next }),
      (err: unknown) => live && setPreview({ error: err instanceof ApiFailure ? localize(err.failure.message) : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [typed, calls]);
  const save = (v: Values) => calls.save(bodyOf(task, v, withParams), { fieldErrors: true }).then(onSaved);
  const cronField = form.field('cron');
  const cronError = cronField.validationMessage ?? (preview && 'error' in preview ? preview.error : undefined);
  return (
    <FormDrawer open title={task ? t('editTask') : t('addTask')} form={form} onSave={save} onClose={onClose}>
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
