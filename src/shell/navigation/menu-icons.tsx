import type { FluentIcon } from '@fluentui/react-icons';
import {
  AppsRegular,
  BoardRegular,
  BuildingRegular,
  ChatRegular,
  DataBarVerticalRegular,
  DatabaseRegular,
  FolderRegular,
  MegaphoneRegular,
  PeopleRegular,
  PeopleTeamRegular,
  PersonChatRegular,
  PersonRegular,
  PlugConnectedRegular,
  ReceiptRegular,
  SettingsRegular,
  StarRegular,
  TicketDiagonalRegular,
} from '@fluentui/react-icons';

/** First-level icons are chosen by route name; unknown names get a folder. */
const ICONS: Record<string, FluentIcon> = {
  dashboard: BoardRegular,
  'applet-management': AppsRegular,
  'base-info': DatabaseRegular,
  'content-manage': MegaphoneRegular,
  'coupon-manage': TicketDiagonalRegular,
  'integral-mng': StarRegular,
  'member-mng': PeopleRegular,
  'wechat-official-account': ChatRegular,
  'work-weixin': PeopleTeamRegular,
  orders: ReceiptRegular,
  'tenant-manage': BuildingRegular,
  manage: SettingsRegular,
  'open-platform': PlugConnectedRegular,
  kf: PersonChatRegular,
  'data-statistics': DataBarVerticalRegular,
  'user-center': PersonRegular,
};

export const iconForRoute = (name: string): FluentIcon => ICONS[name] ?? FolderRegular;

/** The icon set the menu editor offers: the names an entry's icon JSON may hold. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/**
 * A first-level entry's icon: by route name as the spec says; an entry whose route name the set does not know uses
 * the icon its JSON names (picked in the menu editor); else a folder.
 */
export const iconForEntry = (routeName: string, iconName: string): FluentIcon => ICONS[routeName] ?? ICONS[iconName] ?? FolderRegular;
