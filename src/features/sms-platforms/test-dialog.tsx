import { Field, Input } from '@fluentui/react-components';
import { smsPlatformApi, type SmsPlatform } from '@/api/table/operations.ts';
import { smsPlatformTest } from '@/api/schema/system/sms-platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { FormDialog } from '@/kit/form/form-dialog.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useT } from '@/i18n/use-t.ts';

/** A test SMS through one platform: the phone is checked by the call's own schema first. */
export function TestDialog({ row, onClose }: { row: SmsPlatform; onClose: () => void }) {
  const t = useT();
  const notify = useNotify();
  const calls = useBound(smsPlatformApi);
  const form = useSchemaForm<{ phone: string }>({ phone: '' }, smsPlatformTest, (v) => ({ id: row.id, phone: v.phone.trim() }));
  const send = async (v: { phone: string }) => {
    await calls.test({ id: row.id, phone: v.phone.trim() }, { fieldErrors: true });
    notify(t('testSmsSent', { phone: v.phone.trim() }), 'success');
    onClose();
  };
  return (
    <FormDialog form={form} title={t('sendTestSmsVia', { name: row.name })} submitLabel={t('sendTestSms')} send={send} onClose={onClose}>
      <Field label={t('phone')} required {...form.field('phone')}>
        <Input type="tel" value={form.values.phone} onChange={(_, d) => form.set('phone', d.value)} />
      </Field>
    </FormDialog>
  );
}
