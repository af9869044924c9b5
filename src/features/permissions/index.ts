/**
 * The permission tree's parts, shared by the pages that give or relate menu entries (roles, a tenant's pages, the
 * interface list): the check tree, the changes confirmation, and the catalogue's names in the chosen language.
 */
export { MenuCheckTree, type MenuCheckTreeProps } from './menu-check-tree.tsx';
export { ChangesDialog } from './changes-dialog.tsx';
export { catalogueInLanguage } from './catalogue-names.ts';
