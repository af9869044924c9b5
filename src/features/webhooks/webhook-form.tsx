import type { MessageKey } from '@/i18n/messages.ts';
import { WEBHOOK_EVENTS, webhookSave } from '@/api/schema/open/webhook.ts';
import { webhookApi, type Webhook } from '@/api/table/operations.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { CheckboxGroup } from '@/kit/form/controls/checkbox-group.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { SwitchField, TextField } from '@/kit/form/form-fields.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';
import type { RowFormProps } from '@/kit/form/use-editor.ts';

interface Values extends Record<string, unknown> {
  name: string;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
}
/** The body a save sends: what the shared schema checks on both sides. */
const bodyOf = (row: Webhook | null, v: Values) => ({
  ...(row ? { id: row.id } : {}),
  name: v.name,
  url: v.url,
  events: v.events as Array<(typeof WEBHOOK_EVENTS)[number]>,
  secret: v.secret,
  enabled: v.enabled,
});

export function WebhookForm({ row, onClose, onSaved }: RowFormProps<Webhook>) {
  const t = useT();
  const calls = useBound(webhookApi);
  const form = useSchemaForm<Values>(
    { name: row?.name ?? '', url: row?.url ?? '', events: row?.events ?? [], secret: '', enabled: row?.enabled ?? true },
    webhookSave,
    (v) => bodyOf(row, v),
  );
  const secretHint = row ? t('secretKept', { masked: row.secret }) : t('webhookSecretHint');
  const save = (v: Values) => calls.save(bodyOf(row, v), { fieldErrors: true }).then(onSaved);
  return (
    <FormDrawer open title={row ? t('editWebhook') : t('addWebhook')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('apiKeyName')} />
      <TextField form={form} name="url" label={t('webhookUrl')} type="url" hint={t('webhookUrlHint')} />
      <CheckboxGroup
        label={t('webhookEvents')}
        options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(eventKey(e)) }))}
        value={form.values.events}
        onChange={(next) => form.set('events', next)}
        error={form.error('events')}
        required={form.required?.('events')}
      />
      <TextField form={form} name="secret" label={t('webhookSecret')} type="password" hint={secretHint} />
      <SwitchField form={form} name="enabled" label={t('taskEnabled')} />
    </FormDrawer>
  );
}

export const eventKey = (e: string) => `webhookEvent_${e.replace('.', '_')}` as MessageKey;
