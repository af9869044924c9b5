import { Badge, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { smsPlatformCalls, type SmsPlatform, type SmsPlatformInput } from '../../api/calls/sms-platform-calls.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { SMS_PLATFORM_FORM_FIELDS, smsPlatformSave, smsPlatformTest } from '../../api/schema/sms-platform.ts';
import { useApi } from '../../shell/session/api-context.ts';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { useConfirm } from '../../kit/page/confirm.tsx';
import { DataTable, type Column } from '../../kit/list/data-table.tsx';
import { FormDialog } from '../../kit/form/form-dialog.tsx';
import { FormDrawer } from '../../kit/form/form-drawer.tsx';
import { SwitchField, TextField } from '../../kit/form/form-fields.tsx';
import { ResourcePage } from '../../kit/page/resource-page.tsx';
import { RowActions } from '../../kit/list/row-actions.tsx';
import { useForm } from '../../kit/form/use-form.ts';
import { useListData } from '../../kit/list/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
});

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

function PlatformForm({ row, onClose, onSaved }: { row: SmsPlatform | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const calls = smsPlatformCalls(useApi());
  const validate = useMemo(() => (v: Values) => fieldProblems(smsPlatformSave, bodyOf(row, v), SMS_PLATFORM_FORM_FIELDS), [row]);
  const form = useForm<Values>(
    {
      name: row?.name ?? '',
      endpoint: row?.endpoint ?? '',
      accessKey: row?.accessKey ?? '',
      secret: '',
      signName: row?.signName ?? '',
      template: row?.templates.verify_code ?? '',
      active: row?.active ?? false,
    },
    validate,
  );
  const save = () => form.submit((v) => calls.save(bodyOf(row, v)).then(onSaved));
  const secretHint = row?.hasSecret ? t('secretKept', { masked: row.secret }) : t('secretSealed');
  return (
    <FormDrawer
      open
      title={row ? t('editSmsPlatform') : t('addSmsPlatform')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      <TextField form={form} name="name" label={t('platformName')} required />
      <Field label={t('platformType')}>
        <Select value="http" disabled>
          <option value="http">{t('platformTypeHttp')}</option>
        </Select>
      </Field>
      <TextField form={form} name="endpoint" label={t('platformEndpoint')} required type="url" hint={t('platformEndpointHint')} />
      <TextField form={form} name="accessKey" label={t('accessKey')} />
      <TextField form={form} name="secret" label={t('secretKey')} required={row === null} type="password" hint={secretHint} />
      <TextField form={form} name="signName" label={t('signName')} required />
      <TextField form={form} name="template" label={t('verifyTemplate')} required />
      <SwitchField form={form} name="active" label={t('platformActive')} />
    </FormDrawer>
  );
}

/** A test SMS through one platform: the phone is checked by the call's own schema first. */
function TestDialog({ row, onClose }: { row: SmsPlatform; onClose: () => void }) {
  const t = useT();
  const notify = useNotify();
  const calls = smsPlatformCalls(useApi());
  const form = useForm<{ phone: string }>({ phone: '' }, (v) => fieldProblems(smsPlatformTest, { id: row.id, phone: v.phone.trim() }));
  const send = () =>
    void form.submit(async (v) => {
      await calls.test(row.id, v.phone.trim());
      notify(t('testSmsSent', { phone: v.phone.trim() }), 'success');
      onClose();
    });
  return (
    <FormDialog
      open
      title={t('sendTestSmsVia', { name: row.name })}
      submitLabel={t('sendTestSms')}
      saving={form.saving}
      onSubmit={send}
      onClose={onClose}
    >
      <Field label={t('phone')} required {...form.field('phone')}>
        <Input type="tel" value={form.values.phone} onChange={(_, d) => form.set('phone', d.value)} />
      </Field>
    </FormDialog>
  );
}

/**
 * 系统管理 › 短信平台: the tenant's SMS providers (one active: verification codes go out through it), their secrets
 * shown only masked, and a test SMS.
 */
export default function SmsPlatformView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => smsPlatformCalls(api), [api]);
  const formatInstant = useFormatInstant();
  const notify = useNotify();
  const data = useListData(() => calls.list().then((rows) => ({ rows, count: rows.length })), [calls]);
  const [editing, setEditing] = useState<SmsPlatform | 'new' | null>(null);
  const [testing, setTesting] = useState<SmsPlatform | null>(null);
  const [ask, confirmDialog] = useConfirm();
  const mono = (text: string) => <span className={s.mono}>{text}</span>;
  const columns: Column<SmsPlatform>[] = [
    { key: 'name', title: t('platformName'), width: 140, render: (r) => r.name, ellipsis: (r) => r.name },
    { key: 'endpoint', title: t('platformEndpoint'), width: 220, render: (r) => mono(r.endpoint), ellipsis: (r) => r.endpoint },
    { key: 'sign', title: t('signName'), width: 90, render: (r) => r.signName },
    { key: 'template', title: t('verifyTemplate'), width: 110, render: (r) => mono(r.templates.verify_code ?? '--') },
    { key: 'secret', title: t('secretKey'), width: 100, render: (r) => mono(r.secret || '--') },
    {
      key: 'active',
      title: t('platformActive'),
      width: 80,
      render: (r) =>
        r.active ? (
          <Badge appearance="tint" color="success">
            {t('inUse')}
          </Badge>
        ) : (
          <span className={s.muted}>--</span>
        ),
    },
    { key: 'updated', title: t('updatedAt'), width: 150, render: (r) => formatInstant(r.updatedAt, 'minutes') },
    {
      key: 'actions',
      title: t('actions'),
      width: 190,
      render: (r) => (
        <RowActions
          route={route}
          name={r.name}
          actions={[
            { code: 'sms-platform:edit', label: t('edit'), run: () => setEditing(r) },
            { code: 'sms-platform:test', label: t('sendTestSms'), run: () => setTesting(r) },
            {
              code: 'sms-platform:del',
              label: t('delete'),
              run: () =>
                ask({ message: t('confirmDeleteSmsPlatform', { name: r.name }), run: () => calls.remove(r.id), then: data.reload }),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ResourcePage
      route={route}
      hint={t('smsPlatformHint')}
      buttons={[{ code: 'sms-platform:add', label: t('addSmsPlatform'), run: () => setEditing('new') }]}
    >
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('emptySmsPlatforms') }} />
      {editing && (
        <PlatformForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify(t('operationDone'), 'success');
            data.reload();
          }}
        />
      )}
      {testing && <TestDialog row={testing} onClose={() => setTesting(null)} />}
      {confirmDialog}
    </ResourcePage>
  );
}
