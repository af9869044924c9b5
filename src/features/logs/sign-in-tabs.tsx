import { Badge } from '@fluentui/react-components';
import { useState } from 'react';
import { LOGIN_FAILURES } from '@/api/contract/session.ts';
import type { LoginLogRow } from '@/api/table/logs.ts';
import { logApi, type LoginInfoRow } from '@/api/table/logs.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { type Column } from '@/kit/table/data-table.tsx';
import { choice } from '@/kit/list/filter-bar.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import { SessionDrawer } from './session-drawer.tsx';
import { LogList, type TabProps } from './log-list.tsx';
import { useApi } from '@/shell/session/api-context.ts';
import { listed } from '@/kit/list/use-list.ts';
import { Mono } from '@/kit/table/mono.tsx';

export function LoginsTab(props: TabProps) {
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const formatInstant = useFormatInstant();
  const [detail, setDetail] = useState<number | null>(null);
  const reason = (r: LoginLogRow) => (r.success ? '--' : r.reason ? localize(LOGIN_FAILURES[r.reason]) : '--');
  const columns: Column<LoginLogRow>[] = [
    { key: 'time', title: t('loginTime'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'account', title: t('account'), width: 120, render: (r) => r.account || '--' },
    { key: 'nickname', title: t('nickname'), width: 110, render: (r) => r.nickname || '--' },
    {
      key: 'result',
      title: t('loginResult'),
      width: 80,
      render: (r) => (
        <Badge appearance="tint" color={r.success ? 'success' : 'danger'}>
          {r.success ? t('loginSuccess') : t('loginFailure')}
        </Badge>
      ),
    },
    { key: 'reason', title: t('failureReason'), width: 140, render: reason },
    { key: 'method', title: t('loginMethod'), width: 80, render: (r) => t(`loginMethod_${r.method}` as MessageKey) },
    { key: 'ip', title: t('ipAddress'), width: 120, render: (r) => <Mono>{r.ip || '--'}</Mono> },
    actionsColumn({
      name: (r) => `${r.account} ${formatInstant(r.createdAt)}`,
      actions: (r) => [{ code: 'logs:detail', label: t('detail'), read: true, run: () => setDetail(r.id) }],
    }),
  ];
  return (
    <>
      <LogList
        {...props}
        fields={[
          { name: 'account', label: t('account') },
          choice('result', t('loginResult'), ['success', t('loginSuccess')], ['failure', t('loginFailure')]),
        ]}
        load={(f, q) =>
          api
            .send(logApi.logins, {
              ...q,
              account: f.account || undefined,
              result: (f.result || undefined) as 'success' | 'failure' | undefined,
            })
            .then(listed)
        }
        columns={columns}
      />
      {detail !== null && <SessionDrawer id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

export function LoginInfoTab(props: TabProps) {
  const t = useT();
  const api = useApi();
  const formatInstant = useFormatInstant();
  const columns: Column<LoginInfoRow>[] = [
    { key: 'userName', title: t('account'), width: 130, render: (r) => r.userName },
    { key: 'nickname', title: t('nickname'), width: 130, render: (r) => r.nickname },
    {
      key: 'last',
      title: t('lastLoginAt'),
      width: 160,
      render: (r) => (r.lastLoginAt ? formatInstant(r.lastLoginAt) : t('neverSignedIn')),
    },
    { key: 'ip', title: t('lastLoginIp'), width: 130, render: (r) => <Mono>{r.lastLoginIp || '--'}</Mono> },
    { key: 'logins', title: t('logins30d'), width: 100, render: (r) => r.logins30d },
    { key: 'failures', title: t('failures30d'), width: 100, render: (r) => r.failures30d },
    {
      key: 'online',
      title: t('onlineState'),
      width: 80,
      render: (r) =>
        r.online ? (
          <Badge appearance="tint" color="success">
            {t('onlineNow')}
          </Badge>
        ) : (
          '--'
        ),
    },
  ];
  return (
    <LogList
      {...props}
      dates={false}
      fields={[{ name: 'keyword', label: t('keywordUsersShort') }]}
      load={(f, q) =>
        api.send(logApi.loginInfo, { pageNum: q.pageNum, pageSize: q.pageSize, keyword: f.keyword || undefined }).then(listed)
      }
      columns={columns}
      rowKey={(r) => r.userId}
    />
  );
}
