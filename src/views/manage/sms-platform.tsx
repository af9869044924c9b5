import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Select,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PHONE_PATTERN } from '../../api/contract.ts';
import { ApiFailure } from '../../api/errors.ts';
import { smsPlatformCalls, type SmsPlatform, type SmsPlatformInput } from '../../api/sms-platform-calls.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { SMS_PLATFORM_FORM_FIELDS, smsPlatformSave } from '../../api/schema/sms-platform.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { useForm } from '../../kit/use-form.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
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
  const api = useApi();
  const calls = useMemo(() => smsPlatformCalls(api), [api]);
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
  const save = () =>
    form.submit(async (v) => {
      await calls.save(bodyOf(row, v));
      onSaved();
    });
  const text = (
    field: keyof Values & string,
    label: string,
    extra: { required?: boolean; hint?: string; type?: 'password' | 'url' } = {},
  ) => (
    <Field label={label} required={extra.required} hint={form.error(field) ? undefined : extra.hint} {...form.field(field)}>
      <Input
        type={extra.type ?? 'text'}
        autoComplete={extra.type === 'password' ? 'new-password' : 'off'}
        value={String(form.values[field])}
        onChange={(_, d) => form.set(field, d.value)}
        onBlur={() => form.blur(field)}
      />
    </Field>
  );
  return (
    <FormDrawer
      open
      title={row ? t('editSmsPlatform') : t('addSmsPlatform')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      {text('name', t('platformName'), { required: true })}
      <Field label={t('platformType')}>
        <Select value="http" disabled>
          <option value="http">{t('platformTypeHttp')}</option>
        </Select>
      </Field>
      {text('endpoint', t('platformEndpoint'), { required: true, type: 'url', hint: t('platformEndpointHint') })}
      {text('accessKey', t('accessKey'))}
      {text('secret', t('secretKey'), {
        required: row === null,
        type: 'password',
        hint: row?.hasSecret ? t('secretKept', { masked: row.secret }) : t('secretSealed'),
      })}
      {text('signName', t('signName'), { required: true })}
      {text('template', t('verifyTemplate'), { required: true })}
      <Switch checked={form.values.active} label={t('platformActive')} onChange={(_, d) => form.set('active', d.checked)} />
    </FormDrawer>
  );
}

/**
 * 系统管理 › 短信平台: the tenant's SMS providers (one active: verification codes go out through it), their secrets
 * shown only masked, and a test SMS.
 */
export default function SmsPlatformView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const calls = useMemo(() => smsPlatformCalls(api), [api]);
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const [rows, setRows] = useState<SmsPlatform[] | null>(null);
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<SmsPlatform | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SmsPlatform | null>(null);
  const [testing, setTesting] = useState<SmsPlatform | null>(null);
  const [phone, setPhone] = useState('');
  const [testError, setTestError] = useState('');
  const [sending, setSending] = useState(false);
  useEffect(() => {
    calls.list().then(setRows, () => setRows([]));
  }, [calls, tick]);
  const reload = () => setTick((x) => x + 1);
  const openAdd = useCallback(() => setEditing('new'), []);
  usePageActions([{ code: 'sms-platform:add', label: t('addSmsPlatform'), run: openAdd }]);

  const sendTest = async () => {
    if (!testing) return;
    if (!PHONE_PATTERN.test(phone)) return setTestError(t('phoneInvalid'));
    setSending(true);
    try {
      await calls.test(testing.id, phone);
      notify(t('testSmsSent', { phone }), 'success');
      setTesting(null);
    } catch (err) {
      setTestError(err instanceof ApiFailure ? localize(err.failure.message) : String(err));
    } finally {
      setSending(false);
    }
  };

  const columns: Column<SmsPlatform>[] = [
    { key: 'name', title: t('platformName'), width: 140, render: (r) => r.name, ellipsis: (r) => r.name },
    {
      key: 'endpoint',
      title: t('platformEndpoint'),
      width: 220,
      render: (r) => <span className={s.mono}>{r.endpoint}</span>,
      ellipsis: (r) => r.endpoint,
    },
    { key: 'sign', title: t('signName'), width: 90, render: (r) => r.signName },
    {
      key: 'template',
      title: t('verifyTemplate'),
      width: 110,
      render: (r) => <span className={s.mono}>{r.templates.verify_code ?? '--'}</span>,
    },
    { key: 'secret', title: t('secretKey'), width: 100, render: (r) => <span className={s.mono}>{r.secret || '--'}</span> },
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
      width: 170,
      render: (r) => (
        <div className={s.cellActions}>
          <Button size="small" appearance="subtle" aria-label={`${t('edit')} ${r.name}`} onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('sendTestSms')} ${r.name}`}
            onClick={() => {
              setPhone('');
              setTestError('');
              setTesting(r);
            }}
          >
            {t('sendTestSms')}
          </Button>
          <Button size="small" appearance="subtle" aria-label={`${t('delete')} ${r.name}`} onClick={() => setDeleting(r)}>
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={openAdd}>
            {t('addSmsPlatform')}
          </Button>
        }
      />
      <p className={s.muted}>{t('smsPlatformHint')}</p>
      <DataTable label={route.title} columns={columns} rows={rows} rowKey={(r) => r.id} empty={{ reason: t('emptySmsPlatforms') }} />
      {editing && (
        <PlatformForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify(t('operationDone'), 'success');
            reload();
          }}
        />
      )}
      <Dialog open={testing !== null} onOpenChange={(_, d) => !d.open && setTesting(null)}>
        <DialogSurface>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void sendTest();
            }}
          >
            <DialogBody>
              <DialogTitle>{t('sendTestSmsVia', { name: testing?.name ?? '' })}</DialogTitle>
              <DialogContent>
                <Field
                  label={t('phone')}
                  required
                  {...(testError ? { validationState: 'error' as const, validationMessage: testError } : {})}
                >
                  <Input type="tel" value={phone} onChange={(_, d) => setPhone(d.value.trim())} />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" type="submit" disabled={sending}>
                  {sending ? t('operating') : t('sendTestSms')}
                </Button>
                <Button onClick={() => setTesting(null)}>{t('cancel')}</Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        message={t('confirmDeleteSmsPlatform', { name: deleting?.name ?? '' })}
        onConfirm={() => {
          const r = deleting!;
          setDeleting(null);
          void calls.remove(r.id).then(
            () => {
              notify(t('operationDone'), 'success');
              reload();
            },
            () => {},
          );
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
