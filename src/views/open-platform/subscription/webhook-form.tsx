import type { MessageKey } from '../../../i18n/messages.ts';
import { useMemo } from 'react';
import { fieldProblems } from '../../../api/schema/kit.ts';
import { WEBHOOK_EVENTS, webhookSave } from '../../../api/schema/webhook.ts';
import { webhookCalls, type Webhook } from '../../../api/calls/webhook-calls.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { CheckboxGroup } from '../../../kit/form/checkbox-group.tsx';
import { FormDrawer } from '../../../kit/form/form-drawer.tsx';
import { SwitchField, TextField } from '../../../kit/form/form-fields.tsx';
import { useForm } from '../../../kit/form/use-form.ts';
import { useT } from '../../../i18n/use-t.ts';

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
  events: v.events,
  secret: v.secret,
  enabled: v.enabled,
});

export function WebhookForm({ row, onClose, onSaved }: { row: Webhook | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const calls = webhookCalls(useApi());
  const validate = useMemo(() => (v: Values) => fieldProblems(webhookSave, bodyOf(row, v)), [row]);
  const form = useForm<Values>(
    { name: row?.name ?? '', url: row?.url ?? '', events: row?.events ?? [], secret: '', enabled: row?.enabled ?? true },
    validate,
  );
  const save = () => form.submit((v) => calls.save(bodyOf(row, v)).then(onSaved));
  const secretHint = row ? t('secretKept', { masked: row.secret }) : t('webhookSecretHint');
  return (
    <FormDrawer
      open
      title={row ? t('editWebhook') : t('addWebhook')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      <TextField form={form} name="name" label={t('apiKeyName')} required />
      <TextField form={form} name="url" label={t('webhookUrl')} required type="url" hint={t('webhookUrlHint')} />
      <CheckboxGroup
        label={t('webhookEvents')}
        options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(eventKey(e)) }))}
        value={form.values.events}
        onChange={(next) => form.set('events', next)}
        error={form.error('events')}
      />
      <TextField form={form} name="secret" label={t('webhookSecret')} required={row === null} type="password" hint={secretHint} />
      <SwitchField form={form} name="enabled" label={t('taskEnabled')} />
    </FormDrawer>
  );
}

export const eventKey = (e: string) => `webhookEvent_${e.replace('.', '_')}` as MessageKey;
