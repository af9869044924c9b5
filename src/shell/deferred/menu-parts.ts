/**
 * Fluent's menu and tooltip, in a chunk of their own: the shell's first paint shows their triggers, and this code
 * (the menu, floating positioning, tabster's focus finders) arrives just after it (deferred.tsx).
 */
export { Menu, MenuDivider, MenuItem, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
