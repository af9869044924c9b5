import { collectionApi } from '@/api/table/meta.ts';
import { collectionAdd } from '@/api/schema/system/collection.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

interface Values extends Record<string, unknown> {
  name: string;
  remark: string;
}

export function CollectionForm({ onClose, onSaved }: { onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const calls = useBound(collectionApi);
  const form = useSchemaForm<Values>({ name: '', remark: '' }, collectionAdd);
  const save = (v: Values) => calls.add({ name: v.name, remark: v.remark }, { fieldErrors: true }).then(({ values }) => onSaved(values.id));
  return (
    <FormDrawer open title={t('addCollection')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('collectionName')} hint={t('collectionNameHint')} />
      <TextField form={form} name="remark" label={t('remark')} multiline />
    </FormDrawer>
  );
}
