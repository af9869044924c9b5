/**
 * The pages whose holders may write campaigns (by component): each type's list and the hidden wizard entry. The
 * server's first page relations of the campaign calls (server/access/access.ts), and the console's gate of /setting-camp.
 */
export const CAMPAIGN_PAGES = [
  'content-manage/lottery',
  'content-manage/vote',
  'content-manage/check-in',
  'content-manage/cashback',
  'content-manage/fission',
  'content-manage/campaign-edit',
] as const;
