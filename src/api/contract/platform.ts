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

export interface MenuEntryInput {
  id?: number;
  parentId: number | null;
  name: string;
  /** optional: '' shows the Chinese name in English too */
  nameEn?: string;
  path: string;
  icon: string;
  uriType: 1 | 2;
  needButtonPermission: boolean;
  component: string;
  code: string;
}

/** A button code: `area:action`, letters, digits, hyphens (e.g. user:add). */
export const BUTTON_CODE_PATTERN = /^[a-zA-Z][a-zA-Z0-9-]*:[a-zA-Z][a-zA-Z0-9-]*$/;

/** The rules of a menu entry, for the editor and the server (uniqueness is the server's): field -> message. */
export function menuEntryProblems(e: Partial<MenuEntryInput>): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = (e.name ?? '').trim();
  if (!name) problems.name = '名称不能为空';
  else if (name.length > 32) problems.name = '名称不能超过 32 个字';
  if ((e.nameEn ?? '').trim().length > 64) problems.nameEn = '英文名称不能超过 64 个字符';
  if (e.uriType === 2) {
    if (!e.code) problems.code = '按钮编码不能为空';
    else if (!BUTTON_CODE_PATTERN.test(e.code) || e.code.length > 64) problems.code = '按钮编码须为“模块:动作”，如 user:add';
  } else {
    const path = e.path ?? '';
    if (!path) problems.path = '路径不能为空';
    else if (!path.startsWith('/') || path.startsWith('//') || /[\s\\?#]|:\/\//.test(path) || path.length > 128)
      problems.path = '路径须以 / 开头，不能含协议、空格、? 或 #';
    if (e.component && !MENU_COMPONENT_PATTERN.test(e.component))
      problems.component = '组件须为小写字母、数字、连字符、下划线和 /，如 manage/users';
  }
  if (e.icon !== undefined && e.icon !== '') {
    try {
      const icon = JSON.parse(e.icon) as unknown;
      if (typeof icon !== 'object' || icon === null || Array.isArray(icon)) problems.icon = '图标须为 JSON 对象 {icon, name, hidden}';
    } catch {
      problems.icon = '图标须为 JSON 对象 {icon, name, hidden}';
    }
  }
  return problems;
}

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
