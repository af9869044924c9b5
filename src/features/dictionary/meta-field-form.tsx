import { Field, makeStyles, tokens } from '@fluentui/react-components';
import type { EnumOption, MetaFieldRow, MetaFieldType } from '@/api/contract/records.ts';
import type { MetaTableRow } from '@/api/table/meta.ts';
import { metaApi } from '@/api/table/meta.ts';
import { META_FIELD_FIELDS, metaFieldSave, type MetaFieldInput } from '@/api/schema/system/meta-table.ts';
import { formBody, formValues } from '@/api/schema/resource.ts';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { ControlField } from '@/kit/form/field-control.tsx';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import { DefaultValueInput, OptionsEditor, typedDefault } from './meta-field-parts.tsx';
import type { FormOutcome } from '@/kit/form/use-editor.ts';

const useStyles = makeStyles({
  switches: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** The declared switches, in a row of their own under the form's other inputs. */
const FLAGS = ['required', 'unique', 'searchable', 'listColumn'];

/** The form's own inputs beside the declared ones: an enum's options, a reference's table, the default as typed. */
interface FieldValues extends Record<string, unknown> {
  type: MetaFieldType;
  options: EnumOption[];
  refTableId: string;
  defaultValue: string;
}

const inputOf = (v: FieldValues, tableId: number, id?: number): MetaFieldInput => ({
  ...(formBody(META_FIELD_FIELDS, v) as Omit<MetaFieldInput, 'tableId' | 'options' | 'refTableId' | 'defaultValue'>),
  ...(id === undefined ? {} : { id }),
  tableId,
  options:
    v.type === 'enum'
      ? v.options.map((o) => ({
          value: o.value.trim(),
          label: o.label.trim(),
          ...(o.labelEn?.trim() ? { labelEn: o.labelEn.trim() } : {}),
        }))
      : [],
  refTableId: v.type === 'reference' && v.refTableId ? Number(v.refTableId) : null,
  defaultValue: typedDefault(v.type, v.defaultValue),
});

/** A data-dictionary field: its declared name, label, type and flags; an enum's options, a reference's table, the default. */
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
      ...formValues(META_FIELD_FIELDS, row),
      type: row?.type ?? 'text',
      options: row?.options ?? [],
      refTableId: row?.refTableId ? String(row.refTableId) : '',
      defaultValue: row?.defaultValue === null || row?.defaultValue === undefined ? '' : String(row.defaultValue),
    },
    metaFieldSave,
    (values) => inputOf(values, table.id),
  );
  const v = form.values;
  const save = (values: FieldValues) => calls.saveField(inputOf(values, table.id, row?.id), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('editMetaField') : t('addMetaField')} form={form} onSave={save} onClose={onClose}>
      <DeclaredFields
        fields={META_FIELD_FIELDS}
        form={form}
        t={t}
        omit={FLAGS}
        hints={{ name: t('metaFieldNameHint'), labelEn: t('entryNameEnHint'), type: row?.inUse ? t('metaTypeLocked') : undefined }}
        disabled={row?.inUse ? ['type'] : []}
      />
      {v.type === 'enum' && (
        <OptionsEditor options={v.options} onChange={(next) => form.set('options', next)} error={form.error('options')} />
      )}
      {v.type === 'reference' && (
        <ControlField
          form={form}
          name="refTableId"
          label={t('refTable')}
          required
          kind="choice"
          empty={t('chooseRefTable')}
          options={tables.map((x) => ({ value: String(x.id), label: t('nameWithNote', { name: x.label, note: x.name }) }))}
        />
      )}
      <div className={s.switches}>
        <DeclaredFields fields={META_FIELD_FIELDS} form={form} t={t} only={FLAGS} />
      </div>
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
