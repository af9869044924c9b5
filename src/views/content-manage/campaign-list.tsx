import { Badge } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { campaignCalls, type Campaign } from '../../api/calls/campaign-calls.ts';
import { CAMPAIGN_TYPES, STATUS_NAMES, type CampaignStatus, type CampaignType } from '../../api/rules/campaign-rules.ts';
import { fieldProblems } from '../../api/schema/kit.ts';
import { campaignReject } from '../../api/schema/campaign.ts';
import { useApi } from '../../shell/session/api-context.ts';
import { navigate } from '../../shell/navigation/hash-location.ts';
import { useFormatInstant } from '../../shell/time-zone.ts';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/list/data-table.tsx';
import { FormDialog } from '../../kit/form/form-dialog.tsx';
import { TextField } from '../../kit/form/form-fields.tsx';
import { ResourcePage } from '../../kit/page/resource-page.tsx';
import { RowActions } from '../../kit/list/row-actions.tsx';
import { useForm } from '../../kit/form/use-form.ts';
import { useListData } from '../../kit/list/use-list.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';

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
 * A campaign list of the content area (抽奖活动, 投票活动 …): the tenant's campaigns of that type, with
 * 新建活动 and 编辑 opening the setting wizard (/setting-camp).
 */
export default function CampaignListView({ route }: ViewProps) {
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const type = TYPE_OF[route.component] ?? 'lottery';
  const calls = useMemo(() => campaignCalls(api), [api]);
  const data = useListData(() => calls.list({ type, pageNum: 1, pageSize: 200 }), [calls, type]);
  const columns = useColumns({
    key: 'actions',
    title: t('actions'),
    width: 140,
    render: (r) => (
      <RowActions
        route={route}
        name={r.name}
        actions={[
          {
            code: `${type}:edit`,
            label: t('edit'),
            unavailable:
              r.status === 'draft' || r.status === 'rejected'
                ? undefined
                : t('campaignNotEditable', { status: localize(STATUS_NAMES[r.status]) }),
            run: () => navigate(`/setting-camp?id=${r.id}`),
          },
        ]}
      />
    ),
  });
  return (
    <ResourcePage
      route={route}
      buttons={[{ code: `${type}:add`, label: t('newCampaign'), run: () => navigate(`/setting-camp?type=${type}`) }]}
    >
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('noCampaigns') }} />
    </ResourcePage>
  );
}

/** Why a campaign goes back to its author: checked by the reject call's own schema first. */
function RejectDialog({ row, onClose, onDone }: { row: Campaign; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const calls = campaignCalls(useApi());
  const form = useForm({ reason: '' }, (v) => fieldProblems(campaignReject, { id: row.id, reason: v.reason }));
  const reject = () => void form.submit((v) => calls.reject(row.id, v.reason.trim()).then(onDone));
  return (
    <FormDialog
      open
      title={t('rejectCampaign', { name: row.name })}
      submitLabel={t('reject')}
      saving={form.saving}
      onSubmit={reject}
      onClose={onClose}
    >
      <TextField form={form} name="reason" label={t('rejectReason')} required multiline />
    </FormDialog>
  );
}

/** 活动审核 (campaign-audit/list): submitted campaigns, pending first; approve, or reject with a reason. */
export function CampaignAuditView({ route }: ViewProps) {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const calls = useMemo(() => campaignCalls(api), [api]);
  const data = useListData(() => calls.auditList().then((rows) => ({ rows, count: rows.length })), [calls]);
  const [rejecting, setRejecting] = useState<Campaign | null>(null);
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
        <RowActions
          route={route}
          name={r.name}
          actions={[
            { code: 'campaign-audit:approve', label: t('approve'), run: () => void calls.approve(r.id).then(done, () => undefined) },
            { code: 'campaign-audit:reject', label: t('reject'), run: () => setRejecting(r) },
          ]}
        />
      ) : (
        r.rejectReason || '--'
      ),
  });
  return (
    <ResourcePage route={route}>
      <DataTable label={route.title} columns={columns} data={data} rowKey={(r) => r.id} empty={{ reason: t('noAudits') }} />
      {rejecting && (
        <RejectDialog
          row={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            done();
          }}
        />
      )}
    </ResourcePage>
  );
}
