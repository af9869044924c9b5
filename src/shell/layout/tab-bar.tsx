import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, MoreHorizontalRegular, PinRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { findRoute, type AppRoute, type MenuModel } from '../../menu/menu-model.ts';
import { useT } from '../../i18n/use-t.ts';
import { TabsContext } from './keep-alive.tsx';
import { reloadPage } from './page-refresh.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '36px',
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { display: 'flex', gap: tokens.spacingHorizontalXS, listStyleType: 'none', margin: 0, padding: 0, overflowX: 'auto', flex: 1 },
  tab: {
    display: 'flex',
    alignItems: 'center',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    flexShrink: 0,
  },
  current: { backgroundColor: tokens.colorBrandBackground2, border: `1px solid ${tokens.colorBrandStroke2}` },
  title: {
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    paddingBlock: tokens.spacingVerticalXXS,
    paddingInlineStart: tokens.spacingHorizontalS,
    paddingInlineEnd: tokens.spacingHorizontalXXS,
    maxWidth: '160px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase200,
  },
  currentTitle: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  close: { minWidth: '20px', height: '20px', padding: 0 },
  pin: { fontSize: '12px', color: tokens.colorNeutralForeground3, paddingInlineEnd: tokens.spacingHorizontalXS },
});

export interface TabBarProps {
  model: MenuModel;
  currentPath: string;
  onNavigate: (path: string) => void;
}

/**
 * The tab bar of the opened pages (the tabs machine): click a tab to switch; × or its context menu (right click,
 * Shift+F10) reloads its page, or closes it, the others, those to its left or right, or all; the bar's ⋯ menu does
 * the same for the current tab. The home page's tab is pinned first, with no ×. Closing the current tab
 * shows its right neighbour, else its left one, else the home page. The tabs survive a reload (the machine's input).
 */
export function TabBar({ model, currentPath, onNavigate }: TabBarProps) {
  const s = useStyles();
  const t = useT();
  const tabs = TabsContext.useActorRef();
  const paths = TabsContext.useSelector((st) => st.context.tabs);
  const home = TabsContext.useSelector((st) => st.context.home);
  const routes = paths.map((p) => findRoute(model, p)).filter((r): r is AppRoute => r !== undefined);
  // The menu's home page is the pinned tab; it follows the menu (another language, other permissions).
  useEffect(() => tabs.send({ type: 'HOME', path: model.home }), [tabs, model.home]);
  if (routes.length === 0) return null;
  const closable = routes.filter((r) => r.path !== home);
  const at = (path: string) => routes.findIndex((r) => r.path === path);

  const close = (path: string) => {
    if (path === currentPath) {
      const i = at(path);
      const next = routes[i + 1] ?? routes[i - 1];
      onNavigate(next && next.path !== path ? next.path : (model.home ?? '/'));
    }
    tabs.send({ type: 'CLOSE', path });
  };
  /** Closes a group of tabs; when the current one goes with them, `path` (the tab acted on) is shown. */
  const closeMany = (path: string, event: 'CLOSE_OTHERS' | 'CLOSE_LEFT' | 'CLOSE_RIGHT', goes: (i: number) => boolean) => {
    if (path !== currentPath && goes(at(currentPath)) && currentPath !== home) onNavigate(path);
    tabs.send({ type: event, path });
  };
  const closeAll = () => {
    if (currentPath !== home) onNavigate(home ?? model.home ?? '/');
    tabs.send({ type: 'CLOSE_ALL' });
  };
  const actions = (path: string) => {
    const i = at(path);
    const others = closable.filter((r) => r.path !== path);
    const left = closable.filter((r) => at(r.path) < i);
    const right = closable.filter((r) => at(r.path) > i);
    return (
      <MenuList>
        <MenuItem
          onClick={() => {
            if (path !== currentPath) onNavigate(path);
            reloadPage(path);
          }}
        >
          {t('reloadTab')}
        </MenuItem>
        <MenuItem disabled={path === home || closable.length === 0 || routes.length === 1} onClick={() => close(path)}>
          {t('closeCurrentTab')}
        </MenuItem>
        <MenuItem disabled={others.length === 0} onClick={() => closeMany(path, 'CLOSE_OTHERS', (j) => j !== i)}>
          {t('closeOtherTabs')}
        </MenuItem>
        <MenuItem disabled={left.length === 0} onClick={() => closeMany(path, 'CLOSE_LEFT', (j) => j < i)}>
          {t('closeLeftTabs')}
        </MenuItem>
        <MenuItem disabled={right.length === 0} onClick={() => closeMany(path, 'CLOSE_RIGHT', (j) => j > i)}>
          {t('closeRightTabs')}
        </MenuItem>
        <MenuItem disabled={closable.length === 0} onClick={closeAll}>
          {t('closeAllTabs')}
        </MenuItem>
      </MenuList>
    );
  };

  return (
    <nav className={s.bar} aria-label={t('openedPages')}>
      <ul className={s.list}>
        {routes.map((r) => {
          const current = r.path === currentPath;
          return (
            <li key={r.path} className={mergeClasses(s.tab, current && s.current)}>
              <Menu openOnContext>
                <MenuTrigger disableButtonEnhancement>
                  <button
                    type="button"
                    className={mergeClasses(s.title, current && s.currentTitle)}
                    aria-current={current ? 'page' : undefined}
                    title={r.title}
                    onClick={() => !current && onNavigate(r.path)}
                  >
                    {r.title}
                  </button>
                </MenuTrigger>
                <MenuPopover>{actions(r.path)}</MenuPopover>
              </Menu>
              {r.path === home ? (
                <PinRegular className={s.pin} aria-label={t('pinnedTab')} role="img" />
              ) : (
                routes.length > 1 && (
                  <Button
                    className={s.close}
                    appearance="transparent"
                    size="small"
                    icon={<DismissRegular />}
                    aria-label={t('closeTab', { title: r.title })}
                    onClick={() => close(r.path)}
                  />
                )
              )}
            </li>
          );
        })}
      </ul>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={t('tabActions')} />
        </MenuTrigger>
        <MenuPopover>{actions(currentPath)}</MenuPopover>
      </Menu>
    </nav>
  );
}
