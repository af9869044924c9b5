import { useState } from 'react';
import type { TenantRow } from '@/api/table/platform.ts';
import { TENANT_FIELDS, tenantAdd, tenantEdit } from '@/api/schema/system/tenant.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import type { Sent } from '@/api/table/define.ts';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { tenantApi } from '@/api/table/platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { ShownOnceDialog } from '@/kit/page/shown-once-dialog.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

type Values = Record<string, unknown> & { adminUserName: string };

/** The body a save sends: the declared fields, with the tenant's id, or a new tenant's first admin. */
const bodyOf = (v: Values, id?: number) =>
  ({ ...saveBody(TENANT_FIELDS, null, v), ...(id === undefined ? { adminUserName: v.adminUserName } : { id }) }) as Sent<
    typeof tenantApi.save
  >;

export function TenantForm({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: TenantRow | null;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const t = useT();
  const calls = useBound(tenantApi);
  const isNew = tenant === null;
  const form = useSchemaForm<Values>(
    // a new tenant starts enabled
    { ...formValues(TENANT_FIELDS, tenant), ...(tenant ? {} : { status: '1' }), adminUserName: '' },
    isNew ? tenantAdd : tenantEdit,
    (v) => bodyOf(v, isNew ? undefined : 0),
  );
  // The new admin's password is shown once, inside the drawer (a dialog opening as the drawer closes could be left
  // aria-hidden by it); noting it closes both.
  const [created, setCreated] = useState<Created | null>(null);
  const save = async (v: Values) => {
    const { values: r } = await calls.save(bodyOf(v, tenant?.id), { fieldErrors: true });
    if (r.initialPassword)
      setCreated({ name: String(v.name).trim(), adminUserName: r.adminUserName ?? '', initialPassword: r.initialPassword });
    else onSaved(false);
  };
  return (
    <FormDrawer open title={isNew ? t('addTenant') : t('editTenant')} form={form} onSave={save} onClose={onClose}>
      <DeclaredFields
        fields={TENANT_FIELDS}
        form={form}
        t={t}
        hints={{
          code: t('tenantCodeHint'),
          contactPhone: !isNew
            ? undefined
            : String(form.values.contactPhone).trim()
              ? t('tenantPhoneIsAdmins')
              : t('tenantPhoneAskedLater'),
          expiresAt: t('expiresAtHint'),
        }}
        disabled={tenant?.platform ? ['status', 'expiresAt'] : []}
      />
      {isNew && <TextField form={form} name="adminUserName" label={t('tenantAdminAccount')} hint={t('tenantAdminHint')} />}
      <ShownOnceDialog
        items={
          created && [
            { label: t('account'), value: created.adminUserName },
            { label: t('initialPassword'), value: created.initialPassword, testId: 'initial-password' },
          ]
        }
        title={t('tenantCreated')}
        intro={t('initialPasswordOnce', { name: created?.name ?? '' })}
        onDone={() => onSaved(true)}
      />
    </FormDrawer>
  );
}

interface Created {
  name: string;
  adminUserName: string;
  initialPassword: string;
}
