import { useMemo } from 'react';
import type { InterfaceRow } from '../../../api/contract.ts';
import { type PlatformCalls } from '../../../api/calls/platform-calls.ts';
import { fieldProblems } from '../../../api/schema/kit.ts';
import { externalInterfaceSave, interfaceSave } from '../../../api/schema/interface.ts';
import { FormDrawer } from '../../../kit/form/form-drawer.tsx';
import { SelectField, TextField } from '../../../kit/form/form-fields.tsx';
import { useForm } from '../../../kit/form/use-form.ts';
import { useT } from '../../../i18n/use-t.ts';

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
}: {
  row: InterfaceRow | null;
  calls: PlatformCalls;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const external = !row || row.source === 'external';
  const validate = useMemo(
    () => (v: Values) => fieldProblems(external ? externalInterfaceSave : interfaceSave, { ...(row ? { id: row.id } : {}), ...v }),
    [external, row],
  );
  const form = useForm<Values>({ method: row?.method ?? 'POST', path: row?.path ?? '', name: row?.name ?? '' }, validate);
  const save = () => form.submit((v) => calls.saveInterface({ ...(row ? { id: row.id } : {}), ...v }).then(onSaved));
  return (
    <FormDrawer
      open
      title={row ? t('editInterface') : t('addExternalInterface')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      {!external && <p>{t('serverInterfaceNameOnly')}</p>}
      <SelectField
        form={form}
        name="method"
        label={t('method')}
        disabled={!external}
        options={['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ value: m, label: m }))}
      />
      <TextField form={form} name="path" label={t('interfacePath')} required={external} disabled={!external} />
      <TextField form={form} name="name" label={t('interfaceName')} />
    </FormDrawer>
  );
}
