import type { InterfaceRow } from '@/api/table/platform.ts';
import type { menuApi } from '@/api/table/platform.ts';
import type { Bound } from '@/api/client.ts';
import { externalInterfaceSave, interfaceSave } from '@/api/schema/system/interface.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { SelectField, TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import type { FormOutcome } from '@/kit/form/use-editor.ts';

interface Values extends Record<string, unknown> {
  method: string;
  path: string;
  name: string;
}

export function InterfaceForm({
  row,
  calls,
  onClose,
  onSaved,
}: FormOutcome & {
  row: InterfaceRow | null;
  calls: Bound<typeof menuApi>;
}) {
  const t = useT();
  const external = !row || row.source === 'external';
  const bodyOf = (v: Values) => ({ ...(row ? { id: row.id } : {}), ...v });
  const form = useSchemaForm<Values>(
    { method: row?.method ?? 'POST', path: row?.path ?? '', name: row?.name ?? '' },
    external ? externalInterfaceSave : interfaceSave,
    bodyOf,
  );
  const save = (v: Values) => calls.saveInterface(bodyOf(v), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('editInterface') : t('addExternalInterface')} form={form} onSave={save} onClose={onClose}>
      {!external && <p>{t('serverInterfaceNameOnly')}</p>}
      <SelectField
        form={form}
        name="method"
        label={t('method')}
        disabled={!external}
        options={['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ value: m, label: m }))}
      />
      <TextField form={form} name="path" label={t('interfacePath')} disabled={!external} />
      <TextField form={form} name="name" label={t('interfaceName')} />
    </FormDrawer>
  );
}
