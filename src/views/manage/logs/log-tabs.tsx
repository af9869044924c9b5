import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState, type ReactNode } from 'react';
import { LOGIN_FAILURES, type ErrorLogRow, type LoginLogRow, type SmsLogRow } from '../../../api/contract.ts';
import { ApiFailure } from '../../../api/errors.ts';
import { logCalls, type LogQuery, type LoginInfoRow, type OperationLogRow } from '../../../api/log-calls.ts';
import { nextDay, startOfDay } from '../../../lib/time.ts';
import { saveSheet } from '../../../lib/save-sheet.ts';
import { useApi } from '../../../shell/api-context.ts';
import { useLoading } from '../../../shell/loading.tsx';
import { useFormatInstant, useTimeZone } from '../../../shell/time-zone.ts';
import { useNotify } from '../../../shell/toast.tsx';
import { DataTable, type Column } from '../../../kit/list/data-table.tsx';
import { FilterFields, type FilterField } from '../../../kit/list/filter-bar.tsx';
import { Pagination } from '../../../kit/list/pagination.tsx';
import type { Filters } from '../../../kit/list/use-filters.ts';
import { useListData } from '../../../kit/list/use-list.ts';
import { useLocalize, useT } from '../../../i18n/use-t.ts';
import type { MessageKey } from '../../../i18n/messages.ts';
import { SessionDrawer } from './session-drawer.tsx';

const useStyles = makeStyles({
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  toolbar: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalS },
});

export interface TabProps {
  filters: Filters;
  /** the tab's name: its table's accessible name */
  label: string;
}

/** The list's date filters (tenant days, inclusive) as instants for the server. */
function range(f: Record<string, string>, zone: string): Pick<LogQuery, 'from' | 'to'> {
  return {
    ...(f.from ? { from: startOfDay(f.from, zone) ?? undefined } : {}),
    ...(f.to ? { to: startOfDay(nextDay(f.to), zone) ?? undefined } : {}),
  };
}

/** What every log tab is: its filters (with the date range unless `dates` is false), a table and a pager. */
function LogList<T>({
  filters,
  label,
  fields,
  dates = true,
  load,
  columns,
  rowKey,
  toolbar,
}: TabProps & {
  fields: FilterField[];
  dates?: boolean;
  /** a page of rows for the applied filters; `range` holds the date range as instants */
  load: (
    f: Record<string, string>,
    page: { pageNum: number; pageSize: number } & Pick<LogQuery, 'from' | 'to'>,
  ) => Promise<{ rows: T[]; count: number }>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  toolbar?: ReactNode;
}) {
  const t = useT();
  const s = useStyles();
  const zone = useTimeZone();
  const { list, setList } = filters;
  const f = list.filters;
  const data = useListData(
    () => load(f, { pageNum: list.page, pageSize: list.size, ...(dates ? range(f, zone) : {}) }),
    [list.page, list.size, JSON.stringify(f), zone],
  );
  const dateFields: FilterField[] = dates
    ? [
        { name: 'from', label: t('fromDate'), kind: 'date' },
        { name: 'to', label: t('toDate'), kind: 'date' },
      ]
    : [];
  return (
    <>
      <FilterFields filters={filters} fields={[...fields, ...dateFields]} />
      {toolbar && <div className={s.toolbar}>{toolbar}</div>}
      <DataTable label={label} columns={columns} data={data} rowKey={rowKey} empty={{ reason: t('emptyFiltered') }} />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
    </>
  );
}

const useLogCalls = () => {
  const api = useApi();
  return useMemo(() => logCalls(api), [api]);
};

export function LoginsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const calls = useLogCalls();
  const formatInstant = useFormatInstant();
  const [detail, setDetail] = useState<number | null>(null);
  const reason = (r: LoginLogRow) => (r.success ? '--' : r.reason ? localize(LOGIN_FAILURES[r.reason]) : '--');
  const columns: Column<LoginLogRow>[] = [
    { key: 'time', title: t('loginTime'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'account', title: t('account'), width: 120, render: (r) => r.account || '--', ellipsis: (r) => r.account },
    { key: 'nickname', title: t('nickname'), width: 110, render: (r) => r.nickname || '--', ellipsis: (r) => r.nickname },
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
    { key: 'reason', title: t('failureReason'), width: 140, render: reason, ellipsis: reason },
    { key: 'method', title: t('loginMethod'), width: 80, render: (r) => t(`loginMethod_${r.method}` as MessageKey) },
    { key: 'ip', title: t('ipAddress'), width: 120, render: (r) => <span className={s.mono}>{r.ip || '--'}</span> },
    {
      key: 'actions',
      title: t('actions'),
      width: 80,
      render: (r) => (
        <Button
          size="small"
          appearance="subtle"
          aria-label={`${t('detail')} ${r.account} ${formatInstant(r.createdAt)}`}
          onClick={() => setDetail(r.id)}
        >
          {t('detail')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <LogList
        {...props}
        fields={[
          { name: 'account', label: t('account') },
          {
            name: 'result',
            label: t('loginResult'),
            kind: 'select',
            options: [
              { value: 'success', label: t('loginSuccess') },
              { value: 'failure', label: t('loginFailure') },
            ],
          },
        ]}
        load={(f, q) => calls.logins({ ...q, account: f.account || undefined, result: f.result || undefined })}
        columns={columns}
        rowKey={(r) => r.id}
      />
      {detail !== null && <SessionDrawer id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

export function LoginInfoTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const calls = useLogCalls();
  const formatInstant = useFormatInstant();
  const columns: Column<LoginInfoRow>[] = [
    { key: 'userName', title: t('account'), width: 130, render: (r) => r.userName, ellipsis: (r) => r.userName },
    { key: 'nickname', title: t('nickname'), width: 130, render: (r) => r.nickname, ellipsis: (r) => r.nickname },
    {
      key: 'last',
      title: t('lastLoginAt'),
      width: 160,
      render: (r) => (r.lastLoginAt ? formatInstant(r.lastLoginAt) : t('neverSignedIn')),
    },
    { key: 'ip', title: t('lastLoginIp'), width: 130, render: (r) => <span className={s.mono}>{r.lastLoginIp || '--'}</span> },
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
      load={(f, q) => calls.loginInfo({ pageNum: q.pageNum, pageSize: q.pageSize, keyword: f.keyword || undefined })}
      columns={columns}
      rowKey={(r) => r.userId}
    />
  );
}

export function OperationsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const calls = useLogCalls();
  const zone = useTimeZone();
  const formatInstant = useFormatInstant();
  const notify = useNotify();
  const withLoading = useLoading();
  const f = props.filters.list.filters;
  const columns: Column<OperationLogRow>[] = [
    { key: 'time', title: t('operationTime'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'user', title: t('account'), width: 120, render: (r) => r.userName, ellipsis: (r) => `${r.userName} ${r.nickname}` },
    { key: 'name', title: t('operationName'), width: 140, render: (r) => r.operationName, ellipsis: (r) => r.operationName },
    {
      key: 'page',
      title: t('operationPage'),
      width: 130,
      render: (r) => r.pageName || r.menuName || '--',
      ellipsis: (r) => r.pageName || r.menuName,
    },
    {
      key: 'code',
      title: t('operationCode'),
      width: 140,
      render: (r) => <span className={s.mono}>{r.operationCode}</span>,
      ellipsis: (r) => r.operationCode,
    },
  ];
  const exportAll = async () => {
    try {
      const query = { user: f.user || undefined, page: f.page || undefined, ...range(f, zone) };
      const all = await withLoading(() => calls.operations({ pageNum: 1, pageSize: 10, export: true, ...query }), t('operating'));
      await saveSheet({
        fileName: `操作日志-${formatInstant(new Date(), 'date')}.xlsx`,
        columns: [t('operationTime'), t('account'), t('nickname'), t('operationName'), t('operationPage'), t('operationCode')],
        rows: all.rows.map((r) => [
          formatInstant(r.createdAt),
          r.userName,
          r.nickname,
          r.operationName,
          r.pageName || r.menuName,
          r.operationCode,
        ]),
      });
      if (all.truncated) notify(t('exportTruncated'), 'warning');
    } catch (err) {
      if (!(err instanceof ApiFailure)) notify(err instanceof Error ? err.message : String(err), 'error');
    }
  };
  return (
    <LogList
      {...props}
      fields={[
        { name: 'user', label: t('operator') },
        { name: 'page', label: t('operationPage') },
      ]}
      load={(x, q) => calls.operations({ ...q, user: x.user || undefined, page: x.page || undefined })}
      columns={columns}
      rowKey={(r) => r.id}
      toolbar={
        <Button onClick={() => void exportAll()} data-track-code="log:export">
          {t('exportButton')}
        </Button>
      }
    />
  );
}

export function ErrorsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const calls = useLogCalls();
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
    { key: 'message', title: t('errorMessage'), width: 240, render: (r) => r.message, ellipsis: (r) => r.message },
    {
      key: 'where',
      title: t('errorWhere'),
      width: 170,
      render: (r) => <span className={s.mono}>{where(r) || '--'}</span>,
      ellipsis: where,
    },
    {
      key: 'request',
      title: t('requestId'),
      width: 120,
      render: (r) => <span className={s.mono}>{r.requestId || '--'}</span>,
      ellipsis: (r) => r.requestId,
    },
    { key: 'user', title: t('account'), width: 100, render: (r) => r.userName || '--' },
  ];
  return (
    <LogList
      {...props}
      fields={[
        { name: 'keyword', label: t('keywordErrors') },
        {
          name: 'source',
          label: t('errorSource'),
          kind: 'select',
          options: [
            { value: 'server', label: t('sourceServer') },
            { value: 'client', label: t('errorSourceClient') },
          ],
        },
      ]}
      load={(f, q) => calls.errors({ ...q, source: f.source || undefined, keyword: f.keyword || undefined })}
      columns={columns}
      rowKey={(r) => r.id}
    />
  );
}

export function SmsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const calls = useLogCalls();
  const formatInstant = useFormatInstant();
  const columns: Column<SmsLogRow>[] = [
    { key: 'time', title: t('sentAt'), width: 160, render: (r) => formatInstant(r.createdAt) },
    { key: 'phone', title: t('phone'), width: 120, render: (r) => <span className={s.mono}>{r.phone}</span> },
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
    { key: 'error', title: t('failureReason'), width: 160, render: (r) => r.error || '--', ellipsis: (r) => r.error },
  ];
  return (
    <LogList
      {...props}
      fields={[
        { name: 'phone', label: t('phone') },
        {
          name: 'result',
          label: t('sendResult'),
          kind: 'select',
          options: [
            { value: 'success', label: t('sendOk') },
            { value: 'failure', label: t('sendFailed') },
          ],
        },
      ]}
      load={(f, q) => calls.sms({ ...q, phone: f.phone || undefined, success: f.result ? f.result === 'success' : undefined })}
      columns={columns}
      rowKey={(r) => r.id}
    />
  );
}
