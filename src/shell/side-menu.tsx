import { Button, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import type { MenuModel } from '../menu/menu-model.ts';
import { activeSideEntry } from '../menu/menu-model.ts';
import { useT } from '../i18n/use-t.ts';
import { iconForRoute } from './menu-icons.tsx';

export interface SideMenuProps {
  model: MenuModel;
  currentPath: string;
  collapsed: boolean;
  onNavigate: (path: string) => void;
  onToggle: () => void;
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
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  second: { width: '168px', overflowY: 'auto', paddingBlock: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground1 },
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
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  leafActive: { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorBrandBackground2 },
  toggle: { marginTop: 'auto', alignSelf: 'center' },
});

/**
 * The two-level side menu (SPEC 2): first-level entries with icons on the left, the active entry's leaves in a
 * second panel. Clicking an entry goes to its first non-hidden leaf; a leaf navigates unless it is current.
 */
export function SideMenu({ model, currentPath, collapsed, onNavigate, onToggle }: SideMenuProps) {
  const s = useStyles();
  const t = useT();
  const active = activeSideEntry(model, currentPath) ?? model.side[0];
  const go = (path: string) => {
    if (path !== currentPath) onNavigate(path);
  };
  return (
    <nav className={s.root} aria-label={t('sideMenu')}>
      <div className={mergeClasses(s.first, collapsed && s.firstCollapsed)} role="list">
        {model.side.map((entry) => {
          const Icon = iconForRoute(entry.name);
          const isActive = entry.key === active?.key;
          const button = (
            <button
              key={entry.key}
              type="button"
              role="listitem"
              className={mergeClasses(s.entry, isActive && s.entryActive)}
              aria-current={isActive ? 'true' : undefined}
              aria-label={entry.title}
              data-track-code={`side-menu:${entry.name}`}
              data-trigger-type="click"
              onClick={() => go(entry.target)}
            >
              <Icon className={s.icon} aria-hidden />
              {!collapsed && <span className={s.label}>{entry.title}</span>}
            </button>
          );
          return collapsed ? (
            <Tooltip key={entry.key} content={entry.title} relationship="description" positioning="after">
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
        <Tooltip content={collapsed ? t('expand') : t('collapse')} relationship="label">
          <Button
            className={s.toggle}
            appearance="subtle"
            icon={collapsed ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
            onClick={onToggle}
            aria-expanded={!collapsed}
          />
        </Tooltip>
      </div>
      {!collapsed && active && active.leaves.length > 0 && (
        <div className={s.second} aria-label={active.title}>
          {active.leaves.map((leaf) => (
            <button
              key={leaf.path}
              type="button"
              className={mergeClasses(s.leaf, leaf.path === currentPath && s.leafActive)}
              aria-current={leaf.path === currentPath ? 'page' : undefined}
              title={leaf.title}
              data-track-code={`side-menu:${leaf.name}`}
              data-trigger-type="click"
              onClick={() => go(leaf.path)}
            >
              {leaf.title}
            </button>
          ))}
        </div>
      )}
    </nav>
  );
}
