import { CampaignAuditView } from './campaign-list.tsx';

/** 活动审核 (campaign-audit/list): its own module name in the registry. */
export default CampaignAuditView;
