import type { ComponentType } from 'react';
import type { AppRoute, MenuModel } from '@/menu/menu-model.ts';
import type { JournalFile } from '@/journal/journal.ts';

/*
 * Screens the layout opens over the pages but does not build: the online-user drawer (made from the page kit) and
 * the event journal's panel (src/journal/panel). The app hands them in, lazily loaded, so the shell stays below the
 * kit and the pages.
 */

export interface OnlineUsersProps {
  open: boolean;
  onClose: () => void;
  /** the force-logout link is enabled only for userType 2 or 0 */
  canForceLogout: boolean;
}

export type JournalTab = 'journal' | 'actors' | 'permissions';

export interface JournalPanelProps {
  open: boolean;
  onClose: () => void;
  tab: JournalTab;
  onTab: (tab: JournalTab) => void;
  model: MenuModel;
  route: AppRoute | undefined;
  /** a permission control the engineer alt-clicked: the inspector shows it first */
  focusCode: string | null;
  /** a journal to show instead of the live one (stories) */
  initialFile?: JournalFile;
  /** beside the content rather than over it (stories) */
  inline?: boolean;
  /** the tenant's zone: entry times are shown in it, like every time of the console (the browser's when absent) */
  timeZone?: string;
}

export interface ShellScreens {
  OnlineUsers: ComponentType<OnlineUsersProps>;
  JournalPanel: ComponentType<JournalPanelProps>;
}
