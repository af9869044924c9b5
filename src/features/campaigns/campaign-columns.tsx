import { Badge } from '@fluentui/react-components';
import type { Campaign } from '@/api/rules/campaign-rules.ts';
import { CAMPAIGN_TYPES, STATUS_NAMES, type CampaignStatus } from '@/api/rules/campaign-rules.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { type Column } from '@/kit/table/data-table.tsx';
import { useLocalize, useT } from '@/i18n/use-t.ts';

const COLOR: Record<CampaignStatus, 'informative' | 'warning' | 'danger' | 'success' | 'brand' | 'subtle'> = {
  draft: 'informative',
  pending: 'warning',
  rejected: 'danger',
  scheduled: 'brand',
  running: 'success',
  ended: 'subtle',
};

export function useColumns(extra: Column<Campaign>) {
  const t = useT();
  const localize = useLocalize();
  const formatInstant = useFormatInstant();
  return [
    { key: 'name', title: t('campaignName'), width: 180, render: (r) => r.name || t('untitled') },
    { key: 'type', title: t('campaignType'), width: 100, render: (r) => localize(CAMPAIGN_TYPES[r.type]) },
    {
      key: 'status',
      title: t('status'),
      width: 120,
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
