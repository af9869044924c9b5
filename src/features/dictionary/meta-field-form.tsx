import { Field, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { META_FIELD_TYPES, type EnumOption, type MetaFieldInput, type MetaFieldRow, type MetaFieldType } from '@/api/contract/records.ts';
import type { MetaTableRow } from '@/api/table/meta.ts';
import { metaApi } from '@/api/table/meta.ts';
import { metaFieldSave } from '@/api/schema/system/meta-table.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import { DefaultValueInput, OptionsEditor, typedDefault } from './meta-field-parts.tsx';
import type { FormOutcome } from '@/kit/form/use-editor.ts';

const useStyles = makeStyles({
  switches: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

export const typeKey = (type: MetaFieldType) => `metaType_${type}` as const;

interface FieldValues extends Record<string, unknown> {
  name: string;
  label: string;
  labelEn: string;
  type: MetaFieldType;
  options: EnumOption[];
  refTableId: string;
  required: boolean;
  unique: boolean;
  searchable: boolean;
  listColumn: boolean;
  defaultValue: string;
}

const inputOf = (v: FieldValues, tableId: number, id?: number): MetaFieldInput => ({
  ...(id === undefined ? {} : { id }),
  tableId,
  name: v.name.trim(),
  label: v.label.trim(),
  labelEn: v.labelEn.trim(),
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
}: FormOutcome & {
  table: MetaTableRow;
  row: MetaFieldRow | null;
  tables: readonly MetaTableRow[];
}) {
  const s = useStyles();
  const t = useT();
  const calls = useBound(metaApi);
  const form = useSchemaForm<FieldValues>(
    {
      name: row?.name ?? '',
      label: row?.label ?? '',
      labelEn: row?.labelEn ?? '',
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
  const save = (values: FieldValues) => calls.saveField(inputOf(values, table.id, row?.id), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('editMetaField') : t('addMetaField')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('metaName')} hint={t('metaFieldNameHint')} trim />
      <TextField form={form} name="label" label={t('metaLabel')} />
      <TextField form={form} name="labelEn" label={t('entryNameEn')} hint={t('entryNameEnHint')} />
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
        <OptionsEditor options={v.options} onChange={(next) => form.set('options', next)} error={form.error('options')} />
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
          <DefaultValueInput
            type={v.type}
            options={v.options}
            value={v.defaultValue}
            onChange={(value) => form.set('defaultValue', value)}
            onBlur={() => form.blur('defaultValue')}
          />
        </Field>
      )}
    </FormDrawer>
  );
}
