import { Badge } from '@fluentui/react-components';
import { logApi, type ErrorLogRow, type SmsLogRow } from '@/api/table/logs.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { type Column } from '@/kit/table/data-table.tsx';
import { useT } from '@/i18n/use-t.ts';
import { choice } from '@/kit/list/filter-bar.tsx';
import { LogList, type TabProps } from './log-list.tsx';
import { useApi } from '@/shell/session/api-context.ts';
import { listed } from '@/kit/list/use-list.ts';
import { Mono } from '@/kit/table/mono.tsx';

/** 错误日志: the server's and the console's errors, by a word, source and time. */
export function ErrorsTab(props: TabProps) {
  const t = useT();
  const api = useApi();
  const formatInstant = useFormatInstant();
  const where = (r: ErrorLogRow) => (r.source === 'server' ? `${r.method} ${r.path}` : r.route);
  const columns: Column<ErrorLogRow>[] = [
    { key: 'time', title: t('occurredAt'), width: 160, render: (r) => formatInstant(r.createdAt) },
    {
      key: 'source',
      title: t('errorSource'),
      width: 80,
      render: (r) => (r.source === 'server' ? t('sourceServer') : t('errorSourceClient')),
    },
    { key: 'message', title: t('errorMessage'), width: 240, render: (r) => r.message },
    {
      key: 'where',
      title: t('errorWhere'),
      width: 170,
      render: (r) => <Mono>{where(r) || '--'}</Mono>,
      ellipsis: where,
    },
    {
      key: 'request',
      title: t('requestId'),
      width: 120,
      render: (r) => <Mono>{r.requestId || '--'}</Mono>,
      ellipsis: (r) => r.requestId,
    },
    { key: 'user', title: t('account'), width: 100, render: (r) => r.userName || '--' },
  ];
  return (
    <LogList
      {...props}
      fields={[
        { name: 'keyword', label: t('keywordErrors') },
        choice('source', t('errorSource'), ['server', t('sourceServer')], ['client', t('errorSourceClient')]),
      ]}
      load={(f, q) =>
        api
          .send(logApi.errors, {
            ...q,
            source: (f.source || undefined) as 'server' | 'client' | undefined,
            keyword: f.keyword || undefined,
          })
          .then(listed)
      }
      columns={columns}
    />
  );
}

/** 短信记录: SMS sent, by phone, outcome and time. */
export function SmsTab(props: TabProps) {
  const t = useT();
  const api = useApi();
  const formatInstant = useFormatInstant();
  const columns: Column<SmsLogRow>[] = [
    { key: 'time', title: t('sentAt'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'phone', title: t('phone'), width: 120, render: (r) => <Mono>{r.phone}</Mono> },
    {
      key: 'template',
      title: t('smsTemplate'),
      width: 100,
      render: (r) => (r.template === 'verify_code' ? t('smsVerifyCode') : r.template),
    },
    {
      key: 'platform',
      title: t('smsPlatform'),
      width: 120,
      render: (r) => (r.platform === 'dev-outbox' ? t('devOutbox') : r.platform === 'none' ? t('noSmsPlatform') : r.platform),
    },
    {
      key: 'result',
      title: t('sendResult'),
      width: 80,
      render: (r) => (
        <Badge appearance="tint" color={r.success ? 'success' : 'danger'}>
          {r.success ? t('sendOk') : t('sendFailed')}
        </Badge>
      ),
    },
    { key: 'error', title: t('failureReason'), width: 160, render: (r) => r.error || '--' },
  ];
  return (
    <LogList
      {...props}
      fields={[
        { name: 'phone', label: t('phone') },
        choice('result', t('sendResult'), ['success', t('sendOk')], ['failure', t('sendFailed')]),
      ]}
      load={(f, q) =>
        api.send(logApi.sms, { ...q, phone: f.phone || undefined, success: f.result ? f.result === 'success' : undefined }).then(listed)
      }
      columns={columns}
    />
  );
}
