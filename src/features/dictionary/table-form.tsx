import type { MetaTableRow } from '@/api/table/meta.ts';
import { metaApi } from '@/api/table/meta.ts';
import { META_TABLE_FIELDS, metaTableSave } from '@/api/schema/system/meta-table.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import type { Sent } from '@/api/table/define.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import { derivedComponent } from '@/api/contract/records.ts';

/** The body a save sends: the declared fields as typed, with the table's id when it edits one. */
const bodyOf = (row: MetaTableRow | null, values: Record<string, unknown>) =>
  saveBody(META_TABLE_FIELDS, row, values) as Sent<typeof metaApi.saveTable>;

export function TableForm({ row, onClose, onSaved }: { row: MetaTableRow | null; onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const calls = useBound(metaApi);
  const form = useSchemaForm<Record<string, unknown>>(formValues(META_TABLE_FIELDS, row), metaTableSave, (v) => bodyOf(row, v));
  const save = (v: Record<string, unknown>) =>
    calls.saveTable(bodyOf(row, v), { fieldErrors: true }).then(({ values }) => onSaved(values.id));
  return (
    <FormDrawer open title={row ? t('editMetaTable') : t('addMetaTable')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('metaName')} hint={t('metaNameHint')} trim />
      <DeclaredFields
        fields={META_TABLE_FIELDS}
        form={form}
        t={t}
        only={['label', 'labelEn', 'remark']}
        hints={{ labelEn: t('entryNameEnHint') }}
      />
      <TextField
        form={form}
        name="component"
        label={t('metaComponent')}
        hint={t('metaComponentHint')}
        // what 发布为页面 gives the table when this stays empty (another table's component was a poor example)
        placeholder={derivedComponent(String(form.values.name ?? '') || 'name')}
        trim
      />
    </FormDrawer>
  );
}
