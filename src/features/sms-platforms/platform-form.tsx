import { Field, Select } from '@fluentui/react-components';
import { smsPlatformApi, type SmsPlatform } from '@/api/table/operations.ts';
import { SMS_PLATFORM_FIELDS, SMS_PLATFORM_FORM_FIELDS, smsPlatformSave } from '@/api/schema/system/sms-platform.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import type { Sent } from '@/api/table/define.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import type { RowFormProps } from '@/kit/form/use-editor.ts';

type Values = Record<string, unknown> & { template: string };

/** The body a save sends: the declared fields, the one type there is, and the verification-code template. */
const bodyOf = (row: SmsPlatform | null, v: Values) =>
  ({ ...saveBody(SMS_PLATFORM_FIELDS, row, v), type: 'http', templates: { verify_code: v.template } }) as Sent<typeof smsPlatformApi.save>;

export function PlatformForm({ row, onClose, onSaved }: RowFormProps<SmsPlatform>) {
  const t = useT();
  const calls = useBound(smsPlatformApi);
  const form = useSchemaForm<Values>(
    { ...formValues(SMS_PLATFORM_FIELDS, row), template: row?.templates.verify_code ?? '' },
    smsPlatformSave,
    (v) => bodyOf(row, v),
    SMS_PLATFORM_FORM_FIELDS,
  );
  const secretHint = row?.hasSecret ? t('secretKept', { masked: row.secret }) : t('secretSealed');
  const save = (v: Values) => calls.save(bodyOf(row, v), { fieldErrors: true }).then(onSaved);
  const declared = { fields: SMS_PLATFORM_FIELDS, form, t, hints: { endpoint: t('platformEndpointHint'), secret: secretHint } };
  return (
    <FormDrawer open title={row ? t('editSmsPlatform') : t('addSmsPlatform')} form={form} onSave={save} onClose={onClose}>
      <DeclaredFields {...declared} only={['name']} />
      <Field label={t('platformType')}>
        <Select value="http" disabled>
          <option value="http">{t('platformTypeHttp')}</option>
        </Select>
      </Field>
      <DeclaredFields {...declared} only={['endpoint', 'accessKey', 'secret', 'signName']} />
      <TextField form={form} name="template" label={t('verifyTemplate')} />
      <DeclaredFields {...declared} only={['active']} />
    </FormDrawer>
  );
}
