/**
 * The page modules this build installs, by menu component name. registry.ts maps each to its chunk (its type
 * requires exactly these names); the menu editor offers them as components. Kept apart from the registry so a page
 * can read the list without importing every page.
 */
export const INSTALLED_VIEWS = [
  'user-center/user-info',
  'manage/users',
  'manage/roles',
  'manage/parameters',
  'manage/menu-list',
  'manage/interface-list',
  'manage/tenant-pages',
  'tenant-manage/tenant-list',
  'manage/meta-data',
  'manage/mongo-tables',
  'manage/logs',
  'manage/tasks',
  'manage/sms-platform',
  'open-platform/api-key',
  'open-platform/subscription',
  'data-statistics/dashboard',
  'data-statistics/mall-statistics',
  'base-info/department',
  'base-info/staff-mng',
  'open-platform/user-api-doc',
  'user-center/set-password',
  'template/custom-page',
  'content-manage/campaign-info',
  'content-manage/lottery',
  'content-manage/vote',
  'content-manage/check-in',
  'content-manage/cashback',
  'content-manage/fission',
  'campaign-audit/list',
] as const;

export type InstalledView = (typeof INSTALLED_VIEWS)[number];
