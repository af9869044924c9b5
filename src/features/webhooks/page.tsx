import { ResourceList } from '@/kit/list/resource-list.tsx';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { webhookApi, type Delivery, type Webhook } from '@/api/table/operations.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { type Column } from '@/kit/table/data-table.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { SubList } from '@/kit/list/sub-list.tsx';
import type { RowFormProps } from '@/kit/form/use-editor.ts';
import { useListState, useAllRows, useRowsOf } from '@/kit/list/use-list.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { WebhookForm } from './webhook-form.tsx';
import { WEBHOOK_FIELDS, eventKey } from '@/api/schema/open/webhook.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import { declaredColumns, useCellText } from '@/kit/form/declared-fields.tsx';
import { useSayFailure } from '@/kit/page/use-sheet-download.ts';

const useStyles = makeStyles({
  badge: { marginLeft: tokens.spacingHorizontalXS },
});

/**
 * 开放平台 › 消息订阅: webhook endpoints and the events they receive, signed with their secret (HMAC-SHA256 of
 * timestamp.body), retried with backoff; a test event; each subscription's deliveries below (?hook=).
 */
export default function SubscriptionView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const calls = useBound(webhookApi);
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const cell = useCellText();
  const [list, setList] = useListState(route.path, ['hook']);
  const data = useAllRows(() => calls.list({}).then(({ values }) => values.webhooks), [calls]);
  const page = useListPage({ data, form: (p: RowFormProps<Webhook>) => <WebhookForm {...p} /> });
  const chosen = data.rows?.find((w) => String(w.id) === list.filters.hook) ?? null;
  const deliveries = useRowsOf(chosen, (hook) => calls.deliveries({ id: hook.id }).then((a) => a.values), [calls, data.rows]);
  const show = (w: Webhook) => setList({ filters: { hook: String(w.id) } });

  const say = useSayFailure();
  const sendTest = async (w: Webhook) => {
    try {
      const { values: r } = await calls.test({ id: w.id });
      if (r.status === 'delivered') notify(t('webhookTestDelivered', { status: r.lastStatus ?? '' }), 'success');
      else notify(t('webhookTestFailed', { reason: localize(r.lastError) }), 'warning');
      show(w);
      data.reload();
    } catch (err) {
      say(err);
    }
  };
  const columns: Column<Webhook>[] = [
    ...declaredColumns<Webhook>(WEBHOOK_FIELDS, cell),
    {
      key: 'state',
      title: t('status'),
      width: 110,
      render: (r) => (
        <>
          {r.enabled ? t('enabled') : t('disabled')}
          {r.failed > 0 && (
            <Badge appearance="tint" color="danger" className={s.badge}>
              {t('webhookFailedCount', { count: r.failed })}
            </Badge>
          )}
        </>
      ),
    },
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [
        { code: 'webhook:test', label: t('sendTestEvent'), run: () => void sendTest(r) },
        { code: 'webhook:deliveries', label: t('webhookDeliveries'), read: true, run: () => show(r) },
        page.editAction(r, 'webhook:edit'),
        page.deleteAction('webhook:del', t('confirmDeleteWebhook', { name: r.name }), () => calls.remove({ id: r.id })),
      ],
    }),
  ];
  const deliveryColumns: Column<Delivery>[] = [
    { key: 'time', title: t('occurredAt'), width: 160, render: (r) => formatInstant(r.createdAt) },
    {
      key: 'event',
      title: t('webhookEvent'),
      width: 140,
      render: (r) => (r.event === 'webhook.test' ? t('webhookTestEvent') : t(eventKey(r.event) as MessageKey)),
    },
    { key: 'status', title: t('status'), width: 90, render: (r) => t(`deliveryStatus_${r.status}` as MessageKey) },
    { key: 'attempts', title: t('deliveryAttempts'), width: 80, render: (r) => r.attempts },
    {
      key: 'last',
      title: t('deliveryLast'),
      width: 200,
      render: (r) => (r.lastStatus ? `HTTP ${r.lastStatus}` : '') + (r.lastError ? ` ${localize(r.lastError)}` : '') || '--',
    },
  ];
  return (
    <ResourcePage route={route} hint={t('webhookHint')} buttons={[{ code: 'webhook:add', label: t('addWebhook'), run: page.add }]}>
      <ResourceList {...page.table} columns={columns} empty={{ reason: t('emptyWebhooks') }} />
      {chosen && (
        <SubList
          title={t('deliveriesOf', { name: chosen.name })}
          columns={deliveryColumns}
          data={deliveries}
          empty={{ reason: t('emptyRuns') }}
        />
      )}
      {page.dialogs}
    </ResourcePage>
  );
}
