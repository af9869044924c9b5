import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Input,
  OverlayDrawer,
  Select,
  Spinner,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { LOGIN_FAILURES, type ErrorLogRow, type LoginLogRow, type SmsLogRow } from '../../api/contract.ts';
import { ApiFailure } from '../../api/errors.ts';
import { logCalls, type LogQuery, type LoginInfoRow, type OperationLogRow } from '../../api/log-calls.ts';
import { nextDay, startOfDay } from '../../lib/time.ts';
import { useApi } from '../../shell/api-context.ts';
import { useLoading } from '../../shell/loading.tsx';
import { useRestoreFocus } from '../../shell/restore-focus.ts';
import { useFormatInstant, useTimeZone } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { FilterBar } from '../../kit/filter-bar.tsx';
import type { ListState } from '../../kit/list-query.ts';
import { PageHeader } from '../../kit/page-header.tsx';
import { Pagination } from '../../kit/pagination.tsx';
import { useListData, useListState } from '../../kit/use-list.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { ViewProps } from '../view-props.ts';
import { saveSheet } from '../../lib/save-sheet.ts';

const TABS = ['logins', 'loginInfo', 'operations', 'errors', 'sms'] as const;
type TabName = (typeof TABS)[number];
const FILTERS = ['tab', 'account', 'result', 'from', 'to', 'keyword', 'user', 'page', 'source', 'phone'] as const;

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  tabs: { marginBottom: tokens.spacingVerticalM },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  date: { maxWidth: '170px' },
  timeline: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  event: { borderLeft: `3px solid ${tokens.colorBrandStroke1}`, paddingLeft: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  detail: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    margin: `0 0 ${tokens.spacingVerticalXL}`,
  },
  dd: { margin: 0, wordBreak: 'break-all' },
  exportBar: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalS },
});

/** The list's date filters (tenant days, inclusive) as instants for the server. */
function range(f: Record<string, string>, zone: string): Pick<LogQuery, 'from' | 'to'> {
  return {
    ...(f.from ? { from: startOfDay(f.from, zone) ?? undefined } : {}),
    ...(f.to ? { to: startOfDay(nextDay(f.to), zone) ?? undefined } : {}),
  };
}

interface TabProps {
  list: ListState;
  setList: (patch: Partial<ListState>) => void;
  label: string;
}

/** A tab's filter form: typed into a draft, applied on 查询, cleared on 重置 (the tab stays). */
function Filters({
  list,
  setList,
  children,
}: TabProps & { children: (draft: Record<string, string>, set: (k: string, v: string) => void) => ReactNode }) {
  const s = useStyles();
  const t = useT();
  const [draft, setDraft] = useState(list.filters);
  useEffect(() => setDraft(list.filters), [list.filters]);
  const set = (k: string, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  return (
    <FilterBar onSearch={() => setList({ filters: { ...draft } })} onReset={() => setList({ filters: { tab: list.filters.tab } })}>
      {children(draft, set)}
      <Input className={s.date} type="date" aria-label={t('fromDate')} value={draft.from ?? ''} onChange={(_, d) => set('from', d.value)} />
      <Input className={s.date} type="date" aria-label={t('toDate')} value={draft.to ?? ''} onChange={(_, d) => set('to', d.value)} />
    </FilterBar>
  );
}

function LoginsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const calls = useMemo(() => logCalls(api), [api]);
  const zone = useTimeZone();
  const formatInstant = useFormatInstant();
  const { list, setList } = props;
  const f = list.filters;
  const [detail, setDetail] = useState<number | null>(null);
  const data = useListData(
    () =>
      calls.logins({
        pageNum: list.page,
        pageSize: list.size,
        account: f.account || undefined,
        result: f.result || undefined,
        ...range(f, zone),
      }),
    [calls, list.page, list.size, f.account, f.result, f.from, f.to, zone],
  );
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
      <Filters {...props}>
        {(d, set) => (
          <>
            <Input
              aria-label={t('account')}
              placeholder={t('account')}
              value={d.account ?? ''}
              onChange={(_, x) => set('account', x.value)}
            />
            <Select aria-label={t('loginResult')} value={d.result ?? ''} onChange={(_, x) => set('result', x.value)}>
              <option value="">{t('labelValue', { label: t('loginResult'), value: t('all') })}</option>
              <option value="success">{t('loginSuccess')}</option>
              <option value="failure">{t('loginFailure')}</option>
            </Select>
          </>
        )}
      </Filters>
      <DataTable label={props.label} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('emptyFiltered') }} />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
      {detail !== null && <SessionDrawer id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

/** One sign-in and the life of the session it started: refreshes, logout, force logout and by whom, an end by the server. */
function SessionDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const formatInstant = useFormatInstant();
  useRestoreFocus(true);
  const [data, setData] = useState<Awaited<ReturnType<ReturnType<typeof logCalls>['login']>> | null>(null);
  useEffect(() => {
    logCalls(api)
      .login(id)
      .then(setData, () => onClose());
  }, [api, id]);
  const title = t('sessionLife');
  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, d) => !d.open && onClose()} aria-label={title}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('close')} icon={<Dismiss24Regular />} onClick={onClose} />}>
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {!data ? (
          <Spinner label={t('loading')} />
        ) : (
          <>
            <dl className={s.detail}>
              {(
                [
                  [t('account'), data.log.account || '--'],
                  [
                    t('loginResult'),
                    data.log.success
                      ? t('loginSuccess')
                      : t('nameWithNote', {
                          name: t('loginFailure'),
                          note: data.log.reason ? localize(LOGIN_FAILURES[data.log.reason]) : '--',
                        }),
                  ],
                  [t('ipAddress'), data.log.ip || '--'],
                  [t('userAgent'), data.log.userAgent || '--'],
                  [t('sessionId'), data.log.sessionId ?? '--'],
                  [t('sessionState'), data.session ? (data.session.live ? t('sessionLive') : t('sessionEnded')) : '--'],
                ] as const
              ).map(([term, value]) => (
                <div key={term} style={{ display: 'contents' }}>
                  <dt>{term}</dt>
                  <dd className={s.dd}>{value}</dd>
                </div>
              ))}
            </dl>
            {data.log.success && (
              <ol className={s.timeline} aria-label={title}>
                {data.events.map((e, i) => (
                  <li key={i} className={s.event}>
                    <div>
                      {t(`sessionEvent_${e.kind}` as MessageKey)}
                      {e.byUserName ? ` · ${t('byUser', { name: e.byUserName })}` : ''}
                      {e.note ? ` · ${e.note}` : ''}
                    </div>
                    <div className={s.muted}>{formatInstant(e.createdAt)}</div>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}

function LoginInfoTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => logCalls(api), [api]);
  const formatInstant = useFormatInstant();
  const { list, setList } = props;
  const f = list.filters;
  const data = useListData(
    () => calls.loginInfo({ pageNum: list.page, pageSize: list.size, keyword: f.keyword || undefined }),
    [calls, list.page, list.size, f.keyword],
  );
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
  const [keyword, setKeyword] = useState(f.keyword ?? '');
  useEffect(() => setKeyword(f.keyword ?? ''), [f.keyword]);
  return (
    <>
      <FilterBar
        onSearch={() => setList({ filters: { tab: f.tab, keyword: keyword.trim() } })}
        onReset={() => setList({ filters: { tab: f.tab } })}
      >
        <Input
          aria-label={t('keywordUsersShort')}
          placeholder={t('keywordUsersShort')}
          value={keyword}
          onChange={(_, d) => setKeyword(d.value)}
        />
      </FilterBar>
      <DataTable label={props.label} columns={columns} data={data} rowKey={(r) => r.userId} empty={{ reason: t('emptyFiltered') }} />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
    </>
  );
}

function OperationsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => logCalls(api), [api]);
  const zone = useTimeZone();
  const formatInstant = useFormatInstant();
  const notify = useNotify();
  const withLoading = useLoading();
  const { list, setList } = props;
  const f = list.filters;
  const query = { user: f.user || undefined, page: f.page || undefined, ...range(f, zone) };
  const data = useListData(
    () => calls.operations({ pageNum: list.page, pageSize: list.size, ...query }),
    [calls, list.page, list.size, f.user, f.page, f.from, f.to, zone],
  );
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
    <>
      <Filters {...props}>
        {(d, set) => (
          <>
            <Input aria-label={t('operator')} placeholder={t('operator')} value={d.user ?? ''} onChange={(_, x) => set('user', x.value)} />
            <Input
              aria-label={t('operationPage')}
              placeholder={t('operationPage')}
              value={d.page ?? ''}
              onChange={(_, x) => set('page', x.value)}
            />
          </>
        )}
      </Filters>
      <div className={s.exportBar}>
        <Button onClick={() => void exportAll()} data-track-code="log:export">
          {t('exportButton')}
        </Button>
      </div>
      <DataTable label={props.label} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('emptyFiltered') }} />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
    </>
  );
}

function ErrorsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => logCalls(api), [api]);
  const zone = useTimeZone();
  const formatInstant = useFormatInstant();
  const { list, setList } = props;
  const f = list.filters;
  const data = useListData(
    () =>
      calls.errors({
        pageNum: list.page,
        pageSize: list.size,
        source: f.source || undefined,
        keyword: f.keyword || undefined,
        ...range(f, zone),
      }),
    [calls, list.page, list.size, f.source, f.keyword, f.from, f.to, zone],
  );
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
    <>
      <Filters {...props}>
        {(d, set) => (
          <>
            <Input
              aria-label={t('keywordErrors')}
              placeholder={t('keywordErrors')}
              value={d.keyword ?? ''}
              onChange={(_, x) => set('keyword', x.value)}
            />
            <Select aria-label={t('errorSource')} value={d.source ?? ''} onChange={(_, x) => set('source', x.value)}>
              <option value="">{t('labelValue', { label: t('errorSource'), value: t('all') })}</option>
              <option value="server">{t('sourceServer')}</option>
              <option value="client">{t('errorSourceClient')}</option>
            </Select>
          </>
        )}
      </Filters>
      <DataTable label={props.label} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('emptyFiltered') }} />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
    </>
  );
}

function SmsTab(props: TabProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => logCalls(api), [api]);
  const zone = useTimeZone();
  const formatInstant = useFormatInstant();
  const { list, setList } = props;
  const f = list.filters;
  const data = useListData(
    () =>
      calls.sms({
        pageNum: list.page,
        pageSize: list.size,
        phone: f.phone || undefined,
        success: f.result ? f.result === 'success' : undefined,
        ...range(f, zone),
      }),
    [calls, list.page, list.size, f.phone, f.result, f.from, f.to, zone],
  );
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
    <>
      <Filters {...props}>
        {(d, set) => (
          <>
            <Input aria-label={t('phone')} placeholder={t('phone')} value={d.phone ?? ''} onChange={(_, x) => set('phone', x.value)} />
            <Select aria-label={t('sendResult')} value={d.result ?? ''} onChange={(_, x) => set('result', x.value)}>
              <option value="">{t('labelValue', { label: t('sendResult'), value: t('all') })}</option>
              <option value="success">{t('sendOk')}</option>
              <option value="failure">{t('sendFailed')}</option>
            </Select>
          </>
        )}
      </Filters>
      <DataTable label={props.label} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('emptyFiltered') }} />
      <Pagination count={data.count} page={list.page} size={list.size} onChange={(c) => setList(c)} />
    </>
  );
}

/**
 * 系统管理 › 操作日志 (SPEC 2's logs group): sign-ins, who signed in lately, operations, errors and SMS sent, a tab
 * each; the tab and its filters are in the address.
 */
export default function LogsView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const [list, setList] = useListState(route.path, FILTERS);
  const tab: TabName = (TABS as readonly string[]).includes(list.filters.tab) ? (list.filters.tab as TabName) : 'logins';
  const label = t(`logTab_${tab}` as MessageKey);
  const props = { list, setList, label };
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} />
      <TabList className={s.tabs} selectedValue={tab} onTabSelect={(_, d) => setList({ filters: { tab: String(d.value) } })}>
        {TABS.map((name) => (
          <Tab key={name} value={name}>
            {t(`logTab_${name}` as MessageKey)}
          </Tab>
        ))}
      </TabList>
      {tab === 'logins' && <LoginsTab key="logins" {...props} />}
      {tab === 'loginInfo' && <LoginInfoTab key="loginInfo" {...props} />}
      {tab === 'operations' && <OperationsTab key="operations" {...props} />}
      {tab === 'errors' && <ErrorsTab key="errors" {...props} />}
      {tab === 'sms' && <SmsTab key="sms" {...props} />}
    </section>
  );
}
