/**
 * Page names (route names) the content area keeps alive (campaigns, members, cards, orders, SMS,
 * work-WeChat, distribution and similar). A page not named here is rendered fresh every time.
 */
export const KEEP_ALIVE_PAGES: ReadonlySet<string> = new Set([
  'users',
  'lottery',
  'vote',
  'check-in',
  'cashback',
  'fission',
  'member-list',
  'level',
  'tag',
  'group',
  'badge',
  'card',
  'rights',
  'coupon',
  'card-ticket',
  'group-buy',
  'write-off',
  'order-list',
  'invoice',
  'sms-platform',
  'customer',
  'sop',
  'red-packet',
  'distribution',
]);

/** this page keeps its scroll position on route changes. */
export const NO_SCROLL_RESET_PAGE = 'new-page-content-handle';

/** content scrolls to the top this long after a route change. */
export const SCROLL_RESET_DELAY_MS = 500;
