import { makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { apiKeyApi, type ApiKeyScope } from '@/api/table/operations.ts';
import { apiKeySave } from '@/api/schema/open/api-key.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { CheckboxGroup } from '@/kit/form/controls/checkbox-group.tsx';
import { DateTimeField, TextField } from '@/kit/form/form-fields.tsx';
import { FormDrawer } from '@/kit/form/form-drawer.tsx';
import { ShownOnceDialog } from '@/kit/page/shown-once-dialog.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

interface Values extends Record<string, unknown> {
  name: string;
  scopes: number[];
  expiresAt: string;
}
/** The body a save sends: the expiry, typed in the tenant's zone, is already an instant. */
const bodyOf = (v: Values) => ({ name: v.name, scopes: v.scopes, expiresAt: v.expiresAt });

export function KeyForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const s = useStyles();
  const t = useT();
  const calls = useBound(apiKeyApi);
  const form = useSchemaForm<Values>({ name: '', scopes: [], expiresAt: '' }, apiKeySave, bodyOf);
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  useEffect(
    () =>
      void calls.scopes({}).then(
        (a) => setScopes(a.values),
        () => undefined,
      ),
    [calls],
  );
  // Shown once, inside the drawer (a dialog opening as the drawer closes could be left aria-hidden by it).
  const [made, setMade] = useState<string | null>(null);
  const save = async (v: Values) => {
    const { values: made } = await calls.create(bodyOf(v), { fieldErrors: true });
    setMade(made.key);
  };
  return (
    <FormDrawer open title={t('addApiKey')} form={form} onSave={save} onClose={onClose}>
      <TextField form={form} name="name" label={t('apiKeyName')} required />
      <DateTimeField form={form} name="expiresAt" label={t('expiresAt')} hint={t('apiKeyExpiryHint')} />
      <div className={s.scopes}>
        <CheckboxGroup
          label={t('apiKeyScopes')}
          options={scopes.map((x) => ({ value: x.id, label: `${x.method} ${x.path}${x.name ? ` · ${x.name}` : ''}` }))}
          value={form.values.scopes}
          onChange={(next) => form.set('scopes', next)}
          error={form.error('scopes')}
        />
      </div>
      <ShownOnceDialog
        items={made === null ? null : [{ label: t('apiKeyName'), value: made, testId: 'new-api-key' }]}
        title={t('apiKeyCreated')}
        intro={t('apiKeyShownOnce')}
        onDone={onCreated}
      />
    </FormDrawer>
  );
}

export const useStyles = makeStyles({
  scopes: { maxHeight: '50vh', overflowY: 'auto' },
});
