/**
 * Fluent's menu and tooltip, in a chunk of their own: the shell's first paint shows their triggers, and this code
 * (the menu, floating positioning, tabster's focus finders) arrives just after it (deferred.tsx).
 */
export {
  Menu,
  MenuButton,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  type MenuProps,
} from '@fluentui/react-components';
