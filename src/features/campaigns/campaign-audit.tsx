import { ResourceList } from '@/kit/list/resource-list.tsx';
import { useState } from 'react';
import { campaignApi } from '@/api/table/content.ts';
import type { Campaign } from '@/api/rules/campaign-rules.ts';
import { campaignReject } from '@/api/schema/business/campaign.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { FormDialog } from '@/kit/form/form-dialog.tsx';
import { TextField } from '@/kit/form/form-fields.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { RowActions, actionsWidth, type RowAction } from '@/kit/list/row-actions.tsx';
import { useSchemaForm } from '@/kit/form/use-form.ts';
import { useAllRows } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { useColumns } from './campaign-columns.tsx';

/** Why a campaign goes back to its author: checked by the reject call's own schema first. */
function RejectDialog({ row, onClose, onDone }: { row: Campaign; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const calls = useBound(campaignApi);
  const form = useSchemaForm({ reason: '' }, campaignReject, (v) => ({ id: row.id, reason: v.reason }));
  const reject = (v: { reason: string }) => calls.reject({ id: row.id, reason: v.reason.trim() }, { fieldErrors: true }).then(onDone);
  return (
    <FormDialog form={form} title={t('rejectCampaign', { name: row.name })} submitLabel={t('reject')} send={reject} onClose={onClose}>
      <TextField form={form} name="reason" label={t('rejectReason')} required multiline />
    </FormDialog>
  );
}

/** 活动审核 (campaign-audit/list): submitted campaigns, pending first; approve, or reject with a reason. */
export function CampaignAuditView({ route }: ViewProps) {
  const t = useT();
  const notify = useNotify();
  const calls = useBound(campaignApi);
  const data = useAllRows(() => calls.auditList({}).then((a) => a.values), [calls]);
  const [rejecting, setRejecting] = useState<Campaign | null>(null);
  const done = () => {
    notify(t('operationDone'), 'success');
    data.reload();
  };
  const actions = (r: Campaign): RowAction[] => [
    {
      code: 'campaign-audit:approve',
      label: t('approve'),
      run: () => void calls.approve({ id: r.id }).then(done, () => undefined),
    },
    { code: 'campaign-audit:reject', label: t('reject'), run: () => setRejecting(r) },
  ];
  const columns = useColumns({
    key: 'actions',
    title: t('actions'),
    // a pending campaign's buttons, worked out from their labels; a decided one's reason, cut with its whole text on hover
    width: 0,
    fit: (r) => (r.status === 'pending' ? actionsWidth(actions(r)) : 120),
    render: (r) => (r.status === 'pending' ? <RowActions name={r.name} actions={actions(r)} /> : r.rejectReason || '--'),
  });
  return (
    <ResourcePage route={route}>
      <ResourceList columns={columns} data={data} empty={{ reason: t('noAudits') }} />
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

/** 活动审核 (campaign-audit/list): its own module name in the registry. */
export default CampaignAuditView;
