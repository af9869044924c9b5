import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Hint } from '../deferred/deferred-menu.tsx';
import type { MenuModel, SideEntry } from '@/menu/menu-model.ts';
import { activeSideEntry } from '@/menu/menu-model.ts';
import { useT } from '@/i18n/use-t.ts';
import { iconForEntry } from './menu-icons.tsx';

export interface SideMenuProps {
  model: MenuModel;
  currentPath: string;
  collapsed: boolean;
  onNavigate: (path: string) => void;
  /** folds the menu to its icons; none: the menu cannot fold (a phone's drawer) */
  onToggle?: () => void;
  /** a page was chosen from the second column (a phone's drawer closes then) */
  onLeafChosen?: () => void;
  /** a wider first column, its names whole (a phone's drawer, where the content is behind) */
  roomy?: boolean;
}

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  first: {
    display: 'flex',
    flexDirection: 'column',
    width: '112px',
    backgroundColor: tokens.colorNeutralBackground3,
    overflowY: 'auto',
    paddingBlock: tokens.spacingVerticalS,
  },
  firstCollapsed: { width: '56px' },
  firstRoomy: { width: '148px' },
  entry: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '40px',
    paddingInline: tokens.spacingHorizontalM,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    textAlign: 'start',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
  },
  entryActive: {
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: { fontSize: '20px', flexShrink: 0 },
  // A first-level name or a leaf wraps to a second line rather than being cut (小程序…, Conte…: issue 45; Document
  // collec… at 1024 px), between words in English; past two lines it ends in an ellipsis and its title says it whole.
  label: {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    overflow: 'hidden',
    lineHeight: tokens.lineHeightBase200,
    paddingBlock: tokens.spacingVerticalXXS,
  },
  second: {
    width: '168px',
    maxWidth: '40vw',
    overflowY: 'auto',
    paddingBlock: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  leaf: {
    display: 'block',
    width: '100%',
    minHeight: '36px',
    paddingInline: tokens.spacingHorizontalL,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    textAlign: 'start',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  leafActive: { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorBrandBackground2 },
  toggle: { marginTop: 'auto', alignSelf: 'center' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: { display: 'flex', flexDirection: 'column' },
  flyout: {
    position: 'fixed',
    zIndex: 1000,
    minWidth: '168px',
    maxWidth: '260px',
    maxHeight: '70vh',
    overflowY: 'auto',
    paddingBlock: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
  },
  flyoutTitle: {
    paddingInline: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

/**
 * The two-level side menu: first-level entries with icons on the left, the active entry's leaves in a
 * second panel. Clicking an entry goes to its first non-hidden leaf; a leaf navigates unless it is current.
 * Collapsed, the second panel is gone: an entry's leaves open in a flyout beside it on hover and on keyboard focus
 * (Tab moves from the entry into its flyout; Escape closes it and returns to the entry).
 */
export function SideMenu({ model, currentPath, collapsed, onNavigate, onToggle, onLeafChosen, roomy }: SideMenuProps) {
  const s = useStyles();
  const t = useT();
  const active = activeSideEntry(model, currentPath) ?? model.side[0];
  const [flyout, setFlyout] = useState<{ key: string; top: number; left: number } | null>(null);
  const go = (path: string) => {
    setFlyout(null);
    if (path !== currentPath) onNavigate(path);
  };
  const openFlyout = (key: string, el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    setFlyout((f) => (f?.key === key ? f : { key, top: r.top, left: r.right }));
  };
  const leafButton = (leaf: SideEntry['leaves'][number], className: string) => (
    <button
      key={leaf.path}
      type="button"
      className={mergeClasses(className, leaf.path === currentPath && s.leafActive)}
      aria-current={leaf.path === currentPath ? 'page' : undefined}
      title={leaf.title}
      data-track-code={`side-menu:${leaf.name}`}
      data-trigger-type="click"
      onClick={() => {
        go(leaf.path);
        onLeafChosen?.();
      }}
    >
      <span className={s.label}>{leaf.title}</span>
    </button>
  );
  return (
    <nav className={s.root} aria-label={t('sideMenu')}>
      <div className={mergeClasses(s.first, collapsed && s.firstCollapsed, roomy && s.firstRoomy)}>
        <ul className={s.list}>
          {model.side.map((entry) => {
            const isActive = entry.key === active?.key;
            const Icon = iconForEntry(entry.name, entry.icon);
            const open = collapsed && flyout?.key === entry.key && entry.leaves.length > 0;
            const flyoutId = `side-flyout-${entry.key}`;
            return (
              <li
                key={entry.key}
                className={s.item}
                onMouseEnter={collapsed ? (e) => openFlyout(entry.key, e.currentTarget) : undefined}
                onMouseLeave={collapsed ? () => setFlyout(null) : undefined}
                onFocus={collapsed ? (e) => openFlyout(entry.key, e.currentTarget) : undefined}
                onBlur={
                  collapsed
                    ? (e) => {
                        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFlyout(null);
                      }
                    : undefined
                }
                onKeyDown={
                  collapsed
                    ? (e) => {
                        if (e.key !== 'Escape' || !open) return;
                        e.stopPropagation();
                        setFlyout(null);
                        e.currentTarget.querySelector('button')?.focus();
                      }
                    : undefined
                }
              >
                <button
                  type="button"
                  className={mergeClasses(s.entry, isActive && s.entryActive)}
                  aria-current={isActive ? 'true' : undefined}
                  aria-label={entry.title}
                  aria-expanded={collapsed && entry.leaves.length > 0 ? open : undefined}
                  aria-controls={open ? flyoutId : undefined}
                  data-track-code={`side-menu:${entry.name}`}
                  data-trigger-type="click"
                  onClick={() => go(entry.target)}
                >
                  <Icon className={s.icon} aria-hidden />
                  {!collapsed && (
                    <span className={s.label} title={entry.title}>
                      {entry.title}
                    </span>
                  )}
                </button>
                {open && flyout && (
                  <div
                    id={flyoutId}
                    role="group"
                    aria-label={entry.title}
                    className={s.flyout}
                    style={{ top: flyout.top, left: flyout.left }}
                  >
                    <div className={s.flyoutTitle} aria-hidden>
                      {entry.title}
                    </div>
                    {entry.leaves.map((leaf) => leafButton(leaf, s.leaf))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {onToggle && (
          <Hint content={collapsed ? t('expand') : t('collapse')} relationship="label">
            <Button
              className={s.toggle}
              appearance="subtle"
              icon={collapsed ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
              onClick={onToggle}
              aria-expanded={!collapsed}
            />
          </Hint>
        )}
      </div>
      {!collapsed && active && active.leaves.length > 0 && (
        <div className={s.second} role="group" aria-label={active.title}>
          {active.leaves.map((leaf) => leafButton(leaf, s.leaf))}
        </div>
      )}
    </nav>
  );
}
