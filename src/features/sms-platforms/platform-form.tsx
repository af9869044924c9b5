import { Field, Select } from '@fluentui/react-components';
import { smsPlatformApi, type SmsPlatform } from '@/api/table/operations.ts';
import type { SmsPlatformInput } from '@/api/contract/sms.ts';
import { SMS_PLATFORM_FORM_FIELDS, smsPlatformSave } from '@/api/schema/system/sms-platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { SwitchField, TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import type { RowFormProps } from '@/kit/form/use-editor.ts';

interface Values extends Record<string, unknown> {
  name: string;
  endpoint: string;
  accessKey: string;
  secret: string;
  signName: string;
  template: string;
  active: boolean;
}

/** The body a save sends, from the form's values: what the shared schema checks on both sides. */
const bodyOf = (row: SmsPlatform | null, v: Values): SmsPlatformInput => ({
  ...(row ? { id: row.id } : {}),
  type: 'http',
  name: v.name,
  endpoint: v.endpoint,
  accessKey: v.accessKey,
  secret: v.secret,
  signName: v.signName,
  templates: { verify_code: v.template },
  active: v.active,
});

export function PlatformForm({ row, onClose, onSaved }: RowFormProps<SmsPlatform>) {
  const t = useT();
  const calls = useBound(smsPlatformApi);
  const form = useSchemaForm<Values>(
    {
      name: row?.name ?? '',
      endpoint: row?.endpoint ?? '',
      accessKey: row?.accessKey ?? '',
      secret: '',
      signName: row?.signName ?? '',
      template: row?.templates.verify_code ?? '',
      active: row?.active ?? false,
    },
    smsPlatformSave,
    (v) => bodyOf(row, v),
    SMS_PLATFORM_FORM_FIELDS,
  );
  const secretHint = row?.hasSecret ? t('secretKept', { masked: row.secret }) : t('secretSealed');
  const save = (v: Values) => calls.save(bodyOf(row, v), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('editSmsPlatform') : t('addSmsPlatform')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('platformName')} />
      <Field label={t('platformType')}>
        <Select value="http" disabled>
          <option value="http">{t('platformTypeHttp')}</option>
        </Select>
      </Field>
      <TextField form={form} name="endpoint" label={t('platformEndpoint')} type="url" hint={t('platformEndpointHint')} />
      <TextField form={form} name="accessKey" label={t('accessKey')} />
      <TextField form={form} name="secret" label={t('secretKey')} type="password" hint={secretHint} />
      <TextField form={form} name="signName" label={t('signName')} />
      <TextField form={form} name="template" label={t('verifyTemplate')} />
      <SwitchField form={form} name="active" label={t('platformActive')} />
    </FormDrawer>
  );
}
