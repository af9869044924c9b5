import { Button, Field, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import {
  META_FIELD_TYPES,
  type EnumOption,
  type MetaFieldInput,
  type MetaFieldRow,
  type MetaFieldType,
  type MetaTableRow,
} from '../../../api/contract.ts';
import { metaCalls } from '../../../api/calls/meta-calls.ts';
import { metaFieldSave } from '../../../api/schema/system/meta-table.ts';
import { useCalls } from '../../../shell/session/api-context.ts';
import { FormDrawer } from '../../../kit/form/form-drawer.tsx';
import { TextField } from '../../../kit/form/form-fields.tsx';
import { useSchemaForm } from '../../../kit/form/use-form.ts';
import { useT } from '../../../i18n/use-t.ts';

const useStyles = makeStyles({
  option: { display: 'grid', gridTemplateColumns: '1fr 1fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  switches: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

export const typeKey = (type: MetaFieldType) => `metaType_${type}` as const;

interface FieldValues extends Record<string, unknown> {
  name: string;
  label: string;
  type: MetaFieldType;
  options: EnumOption[];
  refTableId: string;
  required: boolean;
  unique: boolean;
  searchable: boolean;
  listColumn: boolean;
  defaultValue: string;
}

/** The default value as typed in the form -> as stored (a number for numbers, a boolean for booleans). */
function typedDefault(type: MetaFieldType, raw: string): unknown {
  if (raw === '') return null;
  if (type === 'number' || type === 'money') return Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true';
  return raw;
}

const inputOf = (v: FieldValues, tableId: number, id?: number): MetaFieldInput => ({
  ...(id === undefined ? {} : { id }),
  tableId,
  name: v.name.trim(),
  label: v.label.trim(),
  type: v.type,
  options:
    v.type === 'enum'
      ? v.options.map((o) => ({
          value: o.value.trim(),
          label: o.label.trim(),
          ...(o.labelEn?.trim() ? { labelEn: o.labelEn.trim() } : {}),
        }))
      : [],
  refTableId: v.type === 'reference' && v.refTableId ? Number(v.refTableId) : null,
  required: v.required,
  unique: v.unique,
  searchable: v.searchable,
  listColumn: v.listColumn,
  defaultValue: typedDefault(v.type, v.defaultValue),
});

/** A data-dictionary field: its name, label and type, an enum's options, a reference's table, flags, default. */
export function FieldForm({
  table,
  row,
  tables,
  onClose,
  onSaved,
}: {
  table: MetaTableRow;
  row: MetaFieldRow | null;
  tables: readonly MetaTableRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const calls = useCalls(metaCalls);
  const form = useSchemaForm<FieldValues>(
    {
      name: row?.name ?? '',
      label: row?.label ?? '',
      type: row?.type ?? 'text',
      options: row?.options ?? [],
      refTableId: row?.refTableId ? String(row.refTableId) : '',
      required: row?.required ?? false,
      unique: row?.unique ?? false,
      searchable: row?.searchable ?? false,
      listColumn: row?.listColumn ?? true,
      defaultValue: row?.defaultValue === null || row?.defaultValue === undefined ? '' : String(row.defaultValue),
    },
    metaFieldSave,
    (values) => inputOf(values, table.id),
  );
  const v = form.values;
  const save = (values: FieldValues) => calls.saveField(inputOf(values, table.id, row?.id)).then(onSaved);
  const setOption = (i: number, patch: Partial<EnumOption>) =>
    form.set(
      'options',
      v.options.map((o, k) => (k === i ? { ...o, ...patch } : o)),
    );
  return (
    <FormDrawer open title={row ? t('editMetaField') : t('addMetaField')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('metaName')} hint={t('metaFieldNameHint')} trim />
      <TextField form={form} name="label" label={t('metaLabel')} />
      <Field label={t('metaType')} hint={row?.inUse ? t('metaTypeLocked') : undefined} {...form.field('type')}>
        <Select value={v.type} disabled={row?.inUse} onChange={(_, d) => form.set('type', d.value as MetaFieldType)}>
          {META_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(typeKey(type))}
            </option>
          ))}
        </Select>
      </Field>
      {v.type === 'enum' && (
        <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend>{t('enumOptions')}</legend>
          {v.options.map((o, i) => (
            <div key={i} className={s.option}>
              <Field label={t('optionValue', { n: i + 1 })}>
                <Input value={o.value} onChange={(_, d) => setOption(i, { value: d.value })} />
              </Field>
              <Field label={t('optionLabel', { n: i + 1 })}>
                <Input value={o.label} onChange={(_, d) => setOption(i, { label: d.value })} />
              </Field>
              <Field label={t('optionLabelEn', { n: i + 1 })}>
                <Input value={o.labelEn ?? ''} maxLength={64} onChange={(_, d) => setOption(i, { labelEn: d.value })} />
              </Field>
              <Button
                aria-label={t('removeOption', { n: i + 1 })}
                onClick={() =>
                  form.set(
                    'options',
                    v.options.filter((_, k) => k !== i),
                  )
                }
              >
                {t('remove')}
              </Button>
            </div>
          ))}
          <Button
            size="small"
            style={{ marginTop: tokens.spacingVerticalS }}
            onClick={() => form.set('options', [...v.options, { value: '', label: '' }])}
          >
            {t('addOption')}
          </Button>
          {form.error('options') && (
            <p role="alert" style={{ color: tokens.colorPaletteRedForeground1, margin: `${tokens.spacingVerticalXS} 0 0` }}>
              {form.error('options')}
            </p>
          )}
        </fieldset>
      )}
      {v.type === 'reference' && (
        <Field label={t('refTable')} required {...form.field('refTableId')}>
          <Select value={v.refTableId} onChange={(_, d) => form.set('refTableId', d.value)}>
            <option value="">{t('chooseRefTable')}</option>
            {tables.map((x) => (
              <option key={x.id} value={x.id}>
                {t('nameWithNote', { name: x.label, note: x.name })}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className={s.switches}>
        <Switch checked={v.required} label={t('fieldRequired')} onChange={(_, d) => form.set('required', d.checked)} />
        <Switch checked={v.unique} label={t('fieldUnique')} onChange={(_, d) => form.set('unique', d.checked)} />
        <Switch checked={v.searchable} label={t('fieldSearchable')} onChange={(_, d) => form.set('searchable', d.checked)} />
        <Switch checked={v.listColumn} label={t('fieldListColumn')} onChange={(_, d) => form.set('listColumn', d.checked)} />
      </div>
      {form.error('unique') && <p role="alert">{form.error('unique')}</p>}
      {v.type !== 'reference' && (
        <Field label={t('defaultValue')} {...form.field('defaultValue')}>
          {v.type === 'boolean' ? (
            <Select value={v.defaultValue} onChange={(_, d) => form.set('defaultValue', d.value)}>
              <option value="">{t('noDefault')}</option>
              <option value="true">{t('yes')}</option>
              <option value="false">{t('no')}</option>
            </Select>
          ) : v.type === 'enum' ? (
            <Select value={v.defaultValue} onChange={(_, d) => form.set('defaultValue', d.value)}>
              <option value="">{t('noDefault')}</option>
              {v.options
                .filter((o) => o.value)
                .map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label || o.value}
                  </option>
                ))}
            </Select>
          ) : (
            <Input
              type={v.type === 'number' || v.type === 'money' ? 'number' : v.type === 'date' ? 'date' : 'text'}
              value={v.defaultValue}
              onChange={(_, d) => form.set('defaultValue', d.value)}
              onBlur={() => form.blur('defaultValue')}
            />
          )}
        </Field>
      )}
    </FormDrawer>
  );
}
