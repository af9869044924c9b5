/** The page modules the console installs, by menu component (src/features/registry.ts maps each to its chunk). */
export const INSTALLED_PAGES = [
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

export type InstalledPage = (typeof INSTALLED_PAGES)[number];

/**
 * The console's own pages, by menu component: each built by hand with calls of its own, which only the platform's
 * menu entries may open. The installed page modules, and the entries whose page is a fixed route (the campaign
 * wizard's hidden entry; /setting-camp). A tenant's own entry, published from the data dictionary or made in the menu
 * editor, opens the records engine for one of the tenant's tables; it never carries one of these names (the server
 * refuses it, and the database relates a tenant's entry to records calls only).
 */
export const SYSTEM_PAGES: readonly string[] = [...INSTALLED_PAGES, 'content-manage/campaign-edit'];

const systemPages: ReadonlySet<string> = new Set(SYSTEM_PAGES);

/** Whether a component names one of the console's own pages (letter case and spaces around it aside). */
export const isSystemPage = (component: string): boolean => systemPages.has(component.trim().toLowerCase());
