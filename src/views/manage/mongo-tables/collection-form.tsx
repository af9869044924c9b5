import { useMemo } from 'react';
import { metaCalls } from '../../../api/calls/meta-calls.ts';
import { collectionAdd } from '../../../api/schema/collection.ts';
import { fieldProblems } from '../../../api/schema/kit.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { FormDrawer } from '../../../kit/form/form-drawer.tsx';
import { TextField } from '../../../kit/form/form-fields.tsx';
import { useForm } from '../../../kit/form/use-form.ts';
import { useT } from '../../../i18n/use-t.ts';

interface Values extends Record<string, unknown> {
  name: string;
  remark: string;
}
const problems = (v: Values) => fieldProblems(collectionAdd, v);

export function CollectionForm({ onClose, onSaved }: { onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => metaCalls(api), [api]);
  const form = useForm<Values>({ name: '', remark: '' }, problems);
  const save = () => form.submit((v) => calls.addCollection(v.name, v.remark).then(({ id }) => onSaved(id)));
  return (
    <FormDrawer open title={t('addCollection')} dirty={form.dirty} saving={form.saving} onSubmit={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('collectionName')} required hint={t('collectionNameHint')} />
      <TextField form={form} name="remark" label={t('remark')} multiline />
    </FormDrawer>
  );
}
