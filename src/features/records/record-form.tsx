import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import { recordApi } from '@/api/table/records.ts';
import { ApiFailure } from '@/api/errors.ts';
import type { MetaFieldRow, MetaRecord, RecordSchema } from '@/api/contract/records.ts';
import type { DepartRef } from '@/api/contract/session.ts';
import { ownValue, recordProblems } from '@/api/rules/record-rules.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { useForm } from '@/kit/form/use-form.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { recordControl } from './record-fields.tsx';
import { RecordPicker } from './record-picker.tsx';
import { ControlField } from '@/kit/form/field-control.tsx';
import type { FormOutcome } from '@/kit/form/use-editor.ts';

/** The initial form values: the record's, else each field's default. */
const initialValues = (fields: readonly MetaFieldRow[], record: MetaRecord | null): Record<string, unknown> =>
  Object.fromEntries(
    fields.map((f) => [f.name, record ? ownValue(record.values, f.name) : (f.defaultValue ?? (f.type === 'boolean' ? false : null))]),
  );

export function RecordForm({
  schema,
  editing,
  departs,
  onClose,
  onSaved,
}: FormOutcome & {
  schema: RecordSchema;
  /** the record to edit, as it is now; null adds one */
  editing: MetaRecord | null;
  departs: readonly DepartRef[];
}) {
  const t = useT();
  const english = useLanguage()[0] === 'en';
  const calls = useBound(recordApi);
  const { table, fields } = schema;
  const [record, setRecord] = useState(editing);
  const validate = useCallback((v: Record<string, unknown>) => recordProblems(fields, v), [fields]);
  const form = useForm<Record<string, unknown>>(initialValues(fields, record), validate);
  const [stale, setStale] = useState<string | null>(null);

  const reloadLatest = async () => {
    if (!record) return;
    try {
      const { values: latest } = await calls.detail({ tableId: table.id, id: record.id });
      setRecord(latest);
      form.reset(initialValues(fields, latest));
      setStale(null);
    } catch {
      /* shown by the shell */
    }
  };

  return (
    <FormDrawer
      open
      title={t('recordAction', { action: record ? t('edit') : t('add'), label: table.label })}
      dirty={form.dirty}
      saving={form.saving}
      onClose={onClose}
      onSubmit={async () => {
        setStale(null);
        const saved = await form.submit(async (values) => {
          try {
            await calls.save(
              { tableId: table.id, ...(record ? { id: record.id, version: record.version } : {}), values },
              { fieldErrors: true },
            );
          } catch (err) {
            // Someone saved this record meanwhile: nothing was overwritten and the user's input stays in the form.
            if (err instanceof ApiFailure && err.failure.field === 'version') setStale(err.failure.message);
            throw err;
          }
        });
        if (saved) onSaved();
        return saved;
      }}
    >
      {stale && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{stale}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void reloadLatest()}>
              {t('loadLatest')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {fields.map((x) => {
        const control = recordControl(x, departs, english);
        return (
          <ControlField key={x.name} form={form} name={x.name} label={x.label} required={x.required} {...(control ?? { kind: 'text' })}>
            {control ? undefined : (
              <RecordPicker
                tableId={table.id}
                field={x}
                value={typeof form.values[x.name] === 'number' ? (form.values[x.name] as number) : null}
                onChange={(v) => form.set(x.name, v)}
                onBlur={() => form.blur(x.name)}
              />
            )}
          </ControlField>
        );
      })}
    </FormDrawer>
  );
}
