import { Badge, Button, Field, Input, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Answer } from '../../api/contract.ts';
import { ApiFailure } from '../../api/errors.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { webhookSave } from '../../api/schema/webhook.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { CheckboxGroup } from '../../kit/checkbox-group.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FormDrawer } from '../../kit/form-drawer.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { useForm } from '../../kit/use-form.ts';
import { useListState } from '../../kit/use-list.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { ViewProps } from '../view-props.ts';

interface Webhook {
  id: number;
  name: string;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  failed: number;
  pending: number;
  createdAt: string;
}

interface Delivery {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string;
}

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  cellActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { marginTop: tokens.spacingVerticalXXL },
  sectionTitle: { margin: `0 0 ${tokens.spacingVerticalM}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
});

const eventKey = (e: string) => `webhookEvent_${e.replace('.', '_')}` as MessageKey;

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

function WebhookForm({
  row,
  events,
  onClose,
  onSaved,
}: {
  row: Webhook | null;
  events: string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const api = useApi();
  const validate = useMemo(() => (v: Values) => fieldProblems(webhookSave, bodyOf(row, v)), [row]);
  const form = useForm<Values>(
    { name: row?.name ?? '', url: row?.url ?? '', events: row?.events ?? [], secret: '', enabled: row?.enabled ?? true },
    validate,
  );
  const save = () =>
    form.submit(async (v) => {
      await api.call('/v1/openApi/webhook/save', bodyOf(row, v), { fieldErrors: true });
      onSaved();
    });
  return (
    <FormDrawer
      open
      title={row ? t('editWebhook') : t('addWebhook')}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={save}
      onClose={onClose}
    >
      <Field label={t('apiKeyName')} required {...form.field('name')}>
        <Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} onBlur={() => form.blur('name')} />
      </Field>
      <Field label={t('webhookUrl')} required hint={form.error('url') ? undefined : t('webhookUrlHint')} {...form.field('url')}>
        <Input type="url" value={form.values.url} onChange={(_, d) => form.set('url', d.value)} onBlur={() => form.blur('url')} />
      </Field>
      <CheckboxGroup
        label={t('webhookEvents')}
        options={events.map((e) => ({ value: e, label: t(eventKey(e)) }))}
        value={form.values.events}
        onChange={(next) => form.set('events', next)}
        error={form.error('events')}
      />
      <Field
        label={t('webhookSecret')}
        required={row === null}
        hint={form.error('secret') ? undefined : row ? t('secretKept', { masked: row.secret }) : t('webhookSecretHint')}
        {...form.field('secret')}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={form.values.secret}
          onChange={(_, d) => form.set('secret', d.value)}
          onBlur={() => form.blur('secret')}
        />
      </Field>
      <Switch checked={form.values.enabled} label={t('taskEnabled')} onChange={(_, d) => form.set('enabled', d.checked)} />
    </FormDrawer>
  );
}

/**
 * 开放平台 › 消息订阅: webhook endpoints and the events they receive, signed with their secret (HMAC-SHA256 of
 * timestamp.body), retried with backoff; a test event; each subscription's deliveries below (?hook=).
 */
export default function SubscriptionView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const [list, setList] = useListState(route.path, ['hook']);
  const [data, setData] = useState<{ webhooks: Webhook[]; events: string[] } | null>(null);
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const reload = () => setTick((x) => x + 1);
  useEffect(() => {
    api.call<Answer<{ webhooks: Webhook[]; events: string[] }>>('/v1/openApi/webhook/list').then(
      (a) => setData(a.values ?? { webhooks: [], events: [] }),
      () => setData({ webhooks: [], events: [] }),
    );
  }, [api, tick]);
  const chosen = data?.webhooks.find((w) => String(w.id) === list.filters.hook) ?? null;
  useEffect(() => {
    if (!chosen) return setDeliveries(null);
    api.call<Answer<Delivery[]>>('/v1/openApi/webhook/deliveries', { id: chosen.id }).then(
      (a) => setDeliveries(a.values ?? []),
      () => setDeliveries([]),
    );
  }, [api, chosen?.id, tick]);
  const openAdd = useCallback(() => setEditing('new'), []);
  usePageActions([{ code: 'webhook:add', label: t('addWebhook'), run: openAdd }]);

  const sendTest = async (w: Webhook) => {
    try {
      const a = await api.call<Answer<{ status: string; lastStatus: number | null; lastError: string }>>('/v1/openApi/webhook/test', {
        id: w.id,
      });
      const r = a.values!;
      if (r.status === 'delivered') notify(t('webhookTestDelivered', { status: r.lastStatus ?? '' }), 'success');
      else notify(t('webhookTestFailed', { reason: localize(r.lastError) }), 'warning');
      setList({ filters: { hook: String(w.id) } });
      reload();
    } catch (err) {
      if (!(err instanceof ApiFailure)) notify(String(err), 'error');
    }
  };

  const columns: Column<Webhook>[] = [
    { key: 'name', title: t('apiKeyName'), width: 130, render: (r) => r.name, ellipsis: (r) => r.name },
    { key: 'url', title: t('webhookUrl'), width: 220, render: (r) => <span className={s.mono}>{r.url}</span>, ellipsis: (r) => r.url },
    {
      key: 'events',
      title: t('webhookEvents'),
      width: 180,
      render: (r) => r.events.map((e) => t(eventKey(e))).join('、'),
      ellipsis: (r) => r.events.map((e) => t(eventKey(e))).join('、'),
    },
    {
      key: 'state',
      title: t('status'),
      width: 110,
      render: (r) => (
        <>
          {r.enabled ? t('enabled') : t('disabled')}
          {r.failed > 0 && (
            <Badge appearance="tint" color="danger" style={{ marginLeft: 4 }}>
              {t('webhookFailedCount', { count: r.failed })}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 230,
      render: (r) => (
        <div className={s.cellActions}>
          <Button size="small" appearance="subtle" aria-label={`${t('sendTestEvent')} ${r.name}`} onClick={() => void sendTest(r)}>
            {t('sendTestEvent')}
          </Button>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('webhookDeliveries')} ${r.name}`}
            onClick={() => setList({ filters: { hook: String(r.id) } })}
          >
            {t('webhookDeliveries')}
          </Button>
          <Button size="small" appearance="subtle" aria-label={`${t('edit')} ${r.name}`} onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          <Button size="small" appearance="subtle" aria-label={`${t('delete')} ${r.name}`} onClick={() => setDeleting(r)}>
            {t('delete')}
          </Button>
        </div>
      ),
    },
  ];
  const deliveryColumns: Column<Delivery>[] = [
    { key: 'time', title: t('occurredAt'), width: 160, render: (r) => formatInstant(r.createdAt) },
    {
      key: 'event',
      title: t('webhookEvent'),
      width: 140,
      render: (r) => (r.event === 'webhook.test' ? t('webhookTestEvent') : t(eventKey(r.event))),
    },
    { key: 'status', title: t('status'), width: 90, render: (r) => t(`deliveryStatus_${r.status}` as MessageKey) },
    { key: 'attempts', title: t('deliveryAttempts'), width: 80, render: (r) => r.attempts },
    {
      key: 'last',
      title: t('deliveryLast'),
      width: 200,
      render: (r) => (r.lastStatus ? `HTTP ${r.lastStatus}` : '') + (r.lastError ? ` ${localize(r.lastError)}` : '') || '--',
      ellipsis: (r) => r.lastError,
    },
  ];
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={openAdd}>
            {t('addWebhook')}
          </Button>
        }
      />
      <p className={s.muted}>{t('webhookHint')}</p>
      <DataTable
        label={route.title}
        columns={columns}
        rows={data?.webhooks ?? null}
        rowKey={(r) => r.id}
        empty={{ reason: t('emptyWebhooks') }}
      />
      {chosen && (
        <section className={s.section} aria-label={t('deliveriesOf', { name: chosen.name })}>
          <h2 className={s.sectionTitle}>{t('deliveriesOf', { name: chosen.name })}</h2>
          <DataTable
            label={t('deliveriesOf', { name: chosen.name })}
            columns={deliveryColumns}
            rows={deliveries}
            rowKey={(r) => r.id}
            empty={{ reason: t('emptyRuns') }}
          />
        </section>
      )}
      {editing && data && (
        <WebhookForm
          row={editing === 'new' ? null : editing}
          events={data.events}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify(t('operationDone'), 'success');
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={t('confirmDeleteWebhook', { name: deleting?.name ?? '' })}
        onConfirm={() => {
          const w = deleting!;
          setDeleting(null);
          void api.call('/v1/openApi/webhook/delete', { id: w.id }).then(
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
