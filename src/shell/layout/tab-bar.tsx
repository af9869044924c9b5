import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { findRoute, type AppRoute, type MenuModel } from '../../menu/menu-model.ts';
import { useT } from '../../i18n/use-t.ts';
import { TabsContext } from './keep-alive.tsx';

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
});

export interface TabBarProps {
  model: MenuModel;
  currentPath: string;
  onNavigate: (path: string) => void;
}

/**
 * The tab bar of the opened pages (the tabs machine): click a tab to switch; × or its context menu (right click,
 * Shift+F10) closes it or the others; the bar's ⋯ menu does the same for the current tab. Closing the current tab
 * shows its right neighbour, else its left one, else the home page. The tabs survive a reload (the machine's input).
 */
export function TabBar({ model, currentPath, onNavigate }: TabBarProps) {
  const s = useStyles();
  const t = useT();
  const tabs = TabsContext.useActorRef();
  const paths = TabsContext.useSelector((st) => st.context.tabs);
  const routes = paths.map((p) => findRoute(model, p)).filter((r): r is AppRoute => r !== undefined);
  if (routes.length === 0) return null;
  const only = routes.length === 1;

  const close = (path: string) => {
    if (path === currentPath) {
      const i = routes.findIndex((r) => r.path === path);
      const next = routes[i + 1] ?? routes[i - 1];
      onNavigate(next && next.path !== path ? next.path : (model.home ?? '/'));
    }
    tabs.send({ type: 'CLOSE', path });
  };
  const closeOthers = (path: string) => {
    if (path !== currentPath) onNavigate(path);
    tabs.send({ type: 'CLOSE_OTHERS', path });
  };
  const actions = (path: string) => (
    <MenuList>
      <MenuItem disabled={only} onClick={() => close(path)}>
        {t('closeCurrentTab')}
      </MenuItem>
      <MenuItem disabled={only} onClick={() => closeOthers(path)}>
        {t('closeOtherTabs')}
      </MenuItem>
    </MenuList>
  );

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
              {!only && (
                <Button
                  className={s.close}
                  appearance="transparent"
                  size="small"
                  icon={<DismissRegular />}
                  aria-label={t('closeTab', { title: r.title })}
                  onClick={() => close(r.path)}
                />
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
