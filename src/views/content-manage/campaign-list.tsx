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
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { campaignCalls, type Campaign } from '../../api/campaign-calls.ts';
import { CAMPAIGN_TYPES, STATUS_NAMES, type CampaignStatus, type CampaignType } from '../../api/campaign-rules.ts';
import { ApiFailure } from '../../api/errors.ts';
import { useApi } from '../../shell/api-context.ts';
import { navigate } from '../../shell/hash-location.ts';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { useListData } from '../../kit/use-list.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

const COLOR: Record<CampaignStatus, 'informative' | 'warning' | 'danger' | 'success' | 'brand' | 'subtle'> = {
  draft: 'informative',
  pending: 'warning',
  rejected: 'danger',
  scheduled: 'brand',
  running: 'success',
  ended: 'subtle',
};

/** The campaign type a list page shows, by its menu component. */
const TYPE_OF: Record<string, CampaignType> = {
  'content-manage/lottery': 'lottery',
  'content-manage/vote': 'vote',
  'content-manage/check-in': 'check_in',
  'content-manage/cashback': 'cashback',
  'content-manage/fission': 'fission',
};

function useColumns(extra: Column<Campaign>) {
  const t = useT();
  const localize = useLocalize();
  const formatInstant = useFormatInstant();
  return [
    { key: 'name', title: t('campaignName'), width: 200, render: (r) => r.name || t('untitled'), ellipsis: (r) => r.name },
    { key: 'type', title: t('campaignType'), width: 100, render: (r) => localize(CAMPAIGN_TYPES[r.type]) },
    {
      key: 'status',
      title: t('status'),
      width: 90,
      render: (r) => (
        <Badge appearance="tint" color={COLOR[r.status]}>
          {localize(STATUS_NAMES[r.status])}
        </Badge>
      ),
    },
    {
      key: 'time',
      title: t('campaignTime'),
      width: 200,
      render: (r) => (r.startAt ? `${formatInstant(r.startAt, 'minutes')} ~ ${formatInstant(r.endAt, 'minutes')}` : '--'),
    },
    extra,
  ] as Column<Campaign>[];
}

/**
 * A campaign list of the content area (抽奖活动, 投票活动 …; issue 15): the tenant's campaigns of that type, with
 * 新建活动 and 编辑 opening the setting wizard (/setting-camp).
 */
export default function CampaignListView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const type = TYPE_OF[route.component] ?? 'lottery';
  const calls = useMemo(() => campaignCalls(api), [api]);
  const data = useListData(() => calls.list({ type, pageNum: 1, pageSize: 200 }), [calls, type]);
  const columns = useColumns({
    key: 'actions',
    title: t('actions'),
    width: 140,
    render: (r) => (
      <div className={s.actions}>
        <Button
          size="small"
          appearance="subtle"
          aria-label={`${t('edit')} ${r.name}`}
          disabled={r.status !== 'draft' && r.status !== 'rejected'}
          onClick={() => navigate(`/setting-camp?id=${r.id}`)}
        >
          {t('edit')}
        </Button>
      </div>
    ),
  });
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={() => navigate(`/setting-camp?type=${type}`)}>
            {t('newCampaign')}
          </Button>
        }
      />
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('noCampaigns') }} />
    </section>
  );
}

/** 活动审核 (campaign-audit/list): submitted campaigns, pending first; approve, or reject with a reason. */
export function CampaignAuditView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const calls = useMemo(() => campaignCalls(api), [api]);
  const data = useListData(async () => {
    const rows = await calls.auditList();
    return { rows, count: rows.length };
  }, [calls]);
  const [rejecting, setRejecting] = useState<Campaign | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = () => {
    notify(t('operationDone'), 'success');
    data.reload();
  };
  const columns = useColumns({
    key: 'actions',
    title: t('actions'),
    width: 160,
    render: (r) =>
      r.status === 'pending' ? (
        <div className={s.actions}>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('approve')} ${r.name}`}
            onClick={() => calls.approve(r.id).then(done, () => undefined)}
          >
            {t('approve')}
          </Button>
          <Button
            size="small"
            appearance="subtle"
            aria-label={`${t('reject')} ${r.name}`}
            onClick={() => {
              setReason('');
              setProblem(null);
              setRejecting(r);
            }}
          >
            {t('reject')}
          </Button>
        </div>
      ) : (
        r.rejectReason || '--'
      ),
  });
  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader route={route} />
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('noAudits') }} />
      <Dialog open={rejecting !== null} onOpenChange={(_, d) => !d.open && setRejecting(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('rejectCampaign', { name: rejecting?.name ?? '' })}</DialogTitle>
            <DialogContent>
              <Field
                label={t('rejectReason')}
                required
                validationState={problem ? 'error' : undefined}
                validationMessage={problem ?? undefined}
              >
                <Textarea value={reason} maxLength={200} onChange={(_, d) => setReason(d.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button
                appearance="primary"
                onClick={() => {
                  if (!reason.trim()) return setProblem('请填写驳回原因');
                  const c = rejecting!;
                  calls.reject(c.id, reason.trim()).then(
                    () => {
                      setRejecting(null);
                      done();
                    },
                    (err: unknown) => err instanceof ApiFailure && err.failure.field && setProblem(err.failure.message),
                  );
                }}
              >
                {t('reject')}
              </Button>
              <Button onClick={() => setRejecting(null)}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
