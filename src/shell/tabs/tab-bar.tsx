import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, MoreHorizontalRegular, PinRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { findRoute, type AppRoute, type MenuModel } from '@/menu/menu-model.ts';
import { useT } from '@/i18n/use-t.ts';
import { TabsContext } from './keep-alive.tsx';
import { reloadPage } from './page-refresh.ts';
import { DeferredMenu, type MenuParts } from '../deferred/deferred-menu.tsx';
import { STORAGE_KEYS } from '@/api/storage.ts';

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
  dropBefore: { boxShadow: `inset 2px 0 0 ${tokens.colorBrandStroke1}` },
});

/** The limits offered in the bar's ⋯ menu. */
const LIMITS = [5, 10, 15, 20, 30];

/** The notice of a full bar: shown only after the user opens one page too many, so loaded then. */
const FullBar = lazy(() => import('./tab-bar-full.tsx'));

export interface TabBarProps {
  model: MenuModel;
  currentPath: string;
  onNavigate: (path: string) => void;
}

/**
 * The tab bar of the opened pages (the tabs machine): click a tab to switch; × or its context menu (right click,
 * Shift+F10) reloads its page, moves it left or right (or drag it), or closes it, the others, those to its left or
 * right, or all; the bar's ⋯ menu does the same for the current tab and sets the bar's limit. A page opened while the
 * bar is full waits for its tab: a notice under the bar offers to close the oldest tab or another. The home page's tab is pinned first, with no ×. Closing the current tab
 * shows its right neighbour, else its left one, else the home page. The tabs survive a reload (the machine's input).
 */
export function TabBar({ model, currentPath, onNavigate }: TabBarProps) {
  const s = useStyles();
  const t = useT();
  const tabs = TabsContext.useActorRef();
  const paths = TabsContext.useSelector((st) => st.context.tabs);
  const home = TabsContext.useSelector((st) => st.context.home);
  const tabsMax = TabsContext.useSelector((st) => st.context.tabsMax);
  const pending = TabsContext.useSelector((st) => st.context.pending);
  const routes = paths.map((p) => findRoute(model, p)).filter((r): r is AppRoute => r !== undefined);
  // The tab being dragged, and the one it would land before.
  const dragged = useRef<string | null>(null);
  const [dropAt, setDropAt] = useState<string | null>(null);
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
  /** Moves a tab one place left or right (the home tab stays first). */
  const shift = (path: string, by: -1 | 1) => {
    const i = at(path);
    const before = by < 0 ? routes[i - 1]?.path : (routes[i + 2]?.path ?? null);
    if (before !== undefined) tabs.send({ type: 'MOVE', path, before });
  };
  /** Dropped on `target`: the tab takes its place (before it when coming from the right, after it from the left). */
  const drop = (target: string) => {
    const path = dragged.current;
    dragged.current = null;
    setDropAt(null);
    if (!path || path === target) return;
    const before = at(path) < at(target) ? (routes[at(target) + 1]?.path ?? null) : target;
    tabs.send({ type: 'MOVE', path, before });
  };
  const setLimit = (max: number) => {
    localStorage.setItem(STORAGE_KEYS.tabsLimit, String(max));
    tabs.send({ type: 'LIMIT', max });
  };
  const actions = ({ MenuList, MenuItem, MenuDivider, MenuItemRadio }: MenuParts, path: string, withLimit = false) => {
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
        <MenuItem disabled={path === home || i <= (home ? 1 : 0)} onClick={() => shift(path, -1)}>
          {t('moveTabLeft')}
        </MenuItem>
        <MenuItem disabled={path === home || i === routes.length - 1} onClick={() => shift(path, 1)}>
          {t('moveTabRight')}
        </MenuItem>
        <MenuDivider />
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
        {withLimit && (
          <>
            <MenuDivider />
            {[...new Set([...LIMITS, tabsMax])]
              .sort((a, b) => a - b)
              .map((n) => (
                <MenuItemRadio key={n} name="limit" value={String(n)}>
                  {`${t('tabLimit')}：${t('tabLimitCount', { count: n })}`}
                </MenuItemRadio>
              ))}
          </>
        )}
      </MenuList>
    );
  };

  return (
    <>
      <nav className={s.bar} aria-label={t('openedPages')}>
        <ul className={s.list}>
          {routes.map((r) => {
            const current = r.path === currentPath;
            return (
              <li
                key={r.path}
                className={mergeClasses(s.tab, current && s.current, dropAt === r.path && s.dropBefore)}
                draggable={r.path !== home}
                onDragStart={(e) => {
                  dragged.current = r.path;
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (!dragged.current || r.path === home) return;
                  e.preventDefault();
                  setDropAt(r.path);
                }}
                onDragLeave={() => setDropAt((d) => (d === r.path ? null : d))}
                onDrop={(e) => {
                  e.preventDefault();
                  drop(r.path);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setDropAt(null);
                }}
              >
                <DeferredMenu
                  openOnContext
                  trigger={
                    <button
                      type="button"
                      className={mergeClasses(s.title, current && s.currentTitle)}
                      aria-current={current ? 'page' : undefined}
                      title={r.title}
                      onClick={() => !current && onNavigate(r.path)}
                    >
                      {r.title}
                    </button>
                  }
                >
                  {(parts) => actions(parts, r.path)}
                </DeferredMenu>
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
        <DeferredMenu
          checkedValues={{ limit: [String(tabsMax)] }}
          onCheckedValueChange={(_, checked) => setLimit(Number(checked[0]))}
          trigger={<Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={t('tabActions')} />}
        >
          {(parts) => actions(parts, currentPath, true)}
        </DeferredMenu>
      </nav>
      {pending && (
        <Suspense fallback={null}>
          <FullBar
            count={routes.length}
            title={findRoute(model, pending.path)?.title ?? pending.path}
            choices={closable}
            onEvict={(path) => tabs.send({ type: 'EVICT', path })}
          />
        </Suspense>
      )}
    </>
  );
}
