import { useMemo } from 'react';
import { campaignCalls } from '../../api/calls/campaign-calls.ts';
import { STATUS_NAMES, type CampaignType } from '../../api/rules/campaign-rules.ts';
import { useApi } from '../../shell/session/api-context.ts';
import { navigate } from '../../shell/navigation/hash-location.ts';
import { DataTable } from '../../kit/list/data-table.tsx';
import { ResourcePage } from '../../kit/page/resource-page.tsx';
import { RowActions } from '../../kit/list/row-actions.tsx';
import { useListData } from '../../kit/list/use-list.ts';
import { useLocalize, useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { useColumns } from './campaign-columns.tsx';

/** The campaign type a list page shows, by its menu component. */
const TYPE_OF: Record<string, CampaignType> = {
  'content-manage/lottery': 'lottery',
  'content-manage/vote': 'vote',
  'content-manage/check-in': 'check_in',
  'content-manage/cashback': 'cashback',
  'content-manage/fission': 'fission',
};

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
