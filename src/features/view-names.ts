import { INSTALLED_PAGES, type InstalledPage } from '@/api/rules/system-pages.ts';

/**
 * The page modules this build installs, by menu component name (src/api/rules/system-pages.ts, which the server reads
 * too). registry.ts maps each to its chunk (its type requires exactly these names); the menu editor offers them as
 * components.
 */
export const INSTALLED_VIEWS = INSTALLED_PAGES;

export type InstalledView = InstalledPage;
