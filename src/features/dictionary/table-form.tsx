import type { MetaTableRow } from '@/api/table/meta.ts';
import { metaApi } from '@/api/table/meta.ts';
import { metaTableSave } from '@/api/schema/system/meta-table.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import { derivedComponent } from '@/api/contract/records.ts';

interface TableValues extends Record<string, unknown> {
  name: string;
  label: string;
  labelEn: string;
  remark: string;
  component: string;
}

export function TableForm({ row, onClose, onSaved }: { row: MetaTableRow | null; onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const calls = useBound(metaApi);
  const form = useSchemaForm<TableValues>(
    {
      name: row?.name ?? '',
      label: row?.label ?? '',
      labelEn: row?.labelEn ?? '',
      remark: row?.remark ?? '',
      component: row?.component ?? '',
    },
    metaTableSave,
  );
  const save = (v: TableValues) =>
    calls.saveTable({ ...(row ? { id: row.id } : {}), ...v }, { fieldErrors: true }).then(({ values }) => onSaved(values.id));
  return (
    <FormDrawer open title={row ? t('editMetaTable') : t('addMetaTable')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('metaName')} hint={t('metaNameHint')} trim />
      <TextField form={form} name="label" label={t('metaLabel')} />
      <TextField form={form} name="labelEn" label={t('entryNameEn')} hint={t('entryNameEnHint')} />
      <TextField form={form} name="remark" label={t('remark')} multiline />
      <TextField
        form={form}
        name="component"
        label={t('metaComponent')}
        hint={t('metaComponentHint')}
        // what 发布为页面 gives the table when this stays empty (another table's component was a poor example)
        placeholder={derivedComponent(form.values.name || 'name')}
        trim
      />
    </FormDrawer>
  );
}
