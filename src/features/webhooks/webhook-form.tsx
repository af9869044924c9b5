import { WEBHOOK_FIELDS, webhookSave } from '@/api/schema/open/webhook.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import type { Sent } from '@/api/table/define.ts';
import { webhookApi, type Webhook } from '@/api/table/operations.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import type { RowFormProps } from '@/kit/form/use-editor.ts';

/** The body a save sends: the declared fields as the form holds them, with the row's id when it edits one. */
const bodyOf = (row: Webhook | null, values: Record<string, unknown>) =>
  saveBody(WEBHOOK_FIELDS, row, values) as Sent<typeof webhookApi.save>;

export function WebhookForm({ row, onClose, onSaved }: RowFormProps<Webhook>) {
  const t = useT();
  const calls = useBound(webhookApi);
  const form = useSchemaForm<Record<string, unknown>>(formValues(WEBHOOK_FIELDS, row), webhookSave, (v) => bodyOf(row, v));
  const secretHint = row ? t('secretKept', { masked: row.secret }) : t('webhookSecretHint');
  const save = (v: Record<string, unknown>) => calls.save(bodyOf(row, v), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('editWebhook') : t('addWebhook')} form={form} onSave={save} onClose={onClose}>
      <DeclaredFields fields={WEBHOOK_FIELDS} form={form} t={t} hints={{ url: t('webhookUrlHint'), secret: secretHint }} />
    </FormDrawer>
  );
}
