import { ResourceList } from '@/kit/list/resource-list.tsx';
import { campaignApi } from '@/api/table/content.ts';
import type { Campaign } from '@/api/rules/campaign-rules.ts';
import { listed } from '@/kit/list/use-list.ts';
import { STATUS_NAMES, type CampaignType } from '@/api/rules/campaign-rules.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { navigate } from '@/shell/navigation/hash-location.ts';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useListPage } from '@/kit/page/use-list-page.tsx';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { useListData } from '@/kit/list/use-list.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
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
  const type = TYPE_OF[route.component] ?? 'lottery';
  const calls = useBound(campaignApi);
  const data = useListData(() => calls.list({ type, pageNum: 1, pageSize: 200 }).then(listed), [calls, type]);
  const formatInstant = useFormatInstant();
  const statusOf = (r: Campaign) => localize(STATUS_NAMES[r.status]);
  const page = useListPage({
    data,
    detail: {
      title: t('detail'),
      load: (r: Campaign) => Promise.resolve(r),
      items: (detail) => [
        [t('campaignName'), detail.name || '--'],
        [t('status'), statusOf(detail)],
        [t('campaignTime'), [detail.startAt, detail.endAt].map((x) => (x ? formatInstant(x, 'minutes') : '--')).join(' ~ ')],
        [t('rejectReason'), detail.rejectReason || '--'],
      ],
    },
  });
  // Only a draft or a rejected campaign may be edited or deleted (the server says the same in its statements).
  const changeable = (r: Campaign) => r.status === 'draft' || r.status === 'rejected';
  const columns = useColumns(
    actionsColumn({
      name: (r) => r.name,
      actions: (r) => [
        { code: `${type}:detail`, label: t('detail'), read: true, run: () => page.showDetail(r) },
        {
          code: `${type}:edit`,
          label: t('edit'),
          unavailable: changeable(r) ? undefined : t('campaignNotEditable', { status: statusOf(r) }),
          run: () => navigate(`/setting-camp?id=${r.id}`),
        },
        {
          code: `${type}:withdraw`,
          label: t('withdraw'),
          hidden: r.status !== 'pending',
          run: () => page.confirm(t('confirmWithdrawCampaign', { name: r.name }), () => calls.withdraw({ id: r.id })),
        },
        {
          code: `${type}:del`,
          label: t('delete'),
          hidden: r.status === 'pending',
          unavailable: changeable(r) ? undefined : t('campaignNotDeletable', { status: statusOf(r) }),
          run: () => page.confirm(t('confirmDeleteCampaign', { name: r.name }), () => calls.remove({ id: r.id })),
        },
      ],
    }),
  );
  return (
    <ResourcePage
      route={route}
      buttons={[{ code: `${type}:add`, label: t('newCampaign'), run: () => navigate(`/setting-camp?type=${type}`) }]}
    >
      <ResourceList {...page.table} columns={columns} empty={{ reason: t('noCampaigns') }} />
      {page.dialogs}
    </ResourcePage>
  );
}
