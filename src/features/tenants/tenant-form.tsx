import { useState } from 'react';
import type { TenantInput } from '@/api/contract/platform.ts';
import type { TenantRow } from '@/api/table/platform.ts';
import { tenantAdd, tenantEdit } from '@/api/schema/system/tenant.ts';
import { tenantApi } from '@/api/table/platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { SelectField, DateTimeField, TextField } from '@/kit/form/form-fields.tsx';
import { ShownOnceDialog } from '@/kit/page/shown-once-dialog.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
  contactName: string;
  contactPhone: string;
  status: string;
  expiresAt: string;
  adminUserName: string;
}
const EMPTY: Values = { name: '', code: '', contactName: '', contactPhone: '', status: '1', expiresAt: '', adminUserName: '' };
const inputOf = (v: Values, id?: number): TenantInput => ({
  ...(id === undefined ? { adminUserName: v.adminUserName.trim() } : { id }),
  name: v.name.trim(),
  code: v.code.trim(),
  contactName: v.contactName.trim(),
  contactPhone: v.contactPhone.trim(),
  status: v.status === '0' ? 0 : 1,
  expiresAt: v.expiresAt || null,
});

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
    tenant
      ? {
          ...EMPTY,
          name: tenant.name,
          code: tenant.code,
          contactName: tenant.contactName,
          contactPhone: tenant.contactPhone,
          status: String(tenant.status),
          expiresAt: tenant.expiresAt ?? '',
        }
      : EMPTY,
    isNew ? tenantAdd : tenantEdit,
    (v) => inputOf(v, isNew ? undefined : 0),
  );
  // The new admin's password is shown once, inside the drawer (a dialog opening as the drawer closes could be left
  // aria-hidden by it); noting it closes both.
  const [created, setCreated] = useState<Created | null>(null);
  const save = async (v: Values) => {
    const { values: r } = await calls.save(inputOf(v, tenant?.id), { fieldErrors: true });
    if (r.initialPassword) setCreated({ name: v.name.trim(), adminUserName: r.adminUserName ?? '', initialPassword: r.initialPassword });
    else onSaved(false);
  };
  return (
    <FormDrawer open title={isNew ? t('addTenant') : t('editTenant')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('tenantName')} />
      <TextField form={form} name="code" label={t('tenantCode')} hint={t('tenantCodeHint')} />
      <TextField form={form} name="contactName" label={t('contactName')} />
      <TextField
        form={form}
        name="contactPhone"
        label={t('contactPhone')}
        type="tel"
        hint={!isNew ? undefined : form.values.contactPhone.trim() ? t('tenantPhoneIsAdmins') : t('tenantPhoneAskedLater')}
      />
      <SelectField
        form={form}
        name="status"
        label={t('status')}
        disabled={tenant?.platform}
        options={[
          { value: '1', label: t('enabled') },
          { value: '0', label: t('disabled') },
        ]}
      />
      <DateTimeField form={form} name="expiresAt" label={t('expiresAt')} hint={t('expiresAtHint')} disabled={tenant?.platform} />
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
