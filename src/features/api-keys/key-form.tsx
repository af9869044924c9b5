import { useEffect, useState } from 'react';
import { apiKeyApi } from '@/api/table/operations.ts';
import { API_KEY_FIELDS, apiKeySave } from '@/api/schema/open/api-key.ts';
import { formValues, saveBody } from '@/api/schema/resource.ts';
import type { Sent } from '@/api/table/define.ts';
import { useBound } from '@/shell/session/api-context.ts';
import type { Choice } from '@/kit/form/controls/choice-select.tsx';
import { DeclaredFields } from '@/kit/form/declared-fields.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { ShownOnceDialog } from '@/kit/page/shown-once-dialog.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

/** The body a save sends: the declared fields as the form holds them (the expiry, typed in the tenant's zone, is already an instant). */
const bodyOf = (values: Record<string, unknown>) => saveBody(API_KEY_FIELDS, null, values) as Sent<typeof apiKeyApi.create>;

export function KeyForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const t = useT();
  const calls = useBound(apiKeyApi);
  const form = useSchemaForm<Record<string, unknown>>(formValues(API_KEY_FIELDS, null), apiKeySave, bodyOf);
  // the interfaces the caller may give a key, as the server offers them
  const [scopes, setScopes] = useState<Choice[]>([]);
  useEffect(
    () =>
      void calls.scopes({}).then(
        (a) => setScopes(a.values.map((x) => ({ value: String(x.id), label: `${x.method} ${x.path}${x.name ? ` · ${x.name}` : ''}` }))),
        () => undefined,
      ),
    [calls],
  );
  // Shown once, inside the drawer (a dialog opening as the drawer closes could be left aria-hidden by it).
  const [made, setMade] = useState<string | null>(null);
  const save = async (v: Record<string, unknown>) => {
    const { values: made } = await calls.create(bodyOf(v), { fieldErrors: true });
    setMade(made.key);
  };
  return (
    <FormDrawer open title={t('addApiKey')} form={form} onSave={save} onClose={onClose}>
      <DeclaredFields fields={API_KEY_FIELDS} form={form} t={t} omit={['scopes']} hints={{ expiresAt: t('apiKeyExpiryHint') }} />
      <DeclaredFields fields={API_KEY_FIELDS} form={form} t={t} only={['scopes']} choices={{ scopes }} />
      <ShownOnceDialog
        items={made === null ? null : [{ label: t('apiKeyName'), value: made, testId: 'new-api-key' }]}
        title={t('apiKeyCreated')}
        intro={t('apiKeyShownOnce')}
        onDone={onCreated}
      />
    </FormDrawer>
  );
}
