/**
 * Platform administration: platform-only pages, tenants, menu entries and button codes.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */

/** Pages only the platform operator's tenant may have: tenant management and the shared menu definitions. */
export const PLATFORM_PAGES: readonly string[] = [
  'tenant-manage/tenant-list',
  'manage/tenant-pages',
  'manage/menu-list',
  'manage/interface-list',
  'manage/tasks',
];

/** A tenant code: 2-32 lower-case letters, digits or hyphens, starting with a letter (it appears in links). */
export const TENANT_CODE_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

/** A button code: `area:action`, letters, digits, hyphens (e.g. user:add). */
export const BUTTON_CODE_PATTERN = /^[a-zA-Z][a-zA-Z0-9-]*:[a-zA-Z][a-zA-Z0-9-]*$/;

/**
 * A menu entry's component: lower-case words of letters, digits, `-` and `_` (a data-dictionary table's 标识 may hold
 * `_`, and its page's component is derived from it), joined by `/`. A table's component is one of these with a group
 * (COMPONENT_PATTERN).
 */
export const MENU_COMPONENT_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/;

/**
 * The engineer permission: a type-2 button under the user centre's 个人信息 page that opens the event
 * journal panel. The demo grants it to super admins only.
 */
export const JOURNAL_BUTTON = 'journal:view';
export const JOURNAL_PAGE = 'user-center/user-info';
