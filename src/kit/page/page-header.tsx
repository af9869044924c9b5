import { makeStyles, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { Fragment, type ReactNode } from 'react';
import type { AppRoute } from '@/menu/menu-model.ts';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalL,
  },
  // Fluent's breadcrumb look without its arrow-key group (tabster): the trail holds no control, so there is nothing
  // to move between, and every page's first paint does without that code.
  crumbs: { marginBottom: tokens.spacingVerticalXS },
  list: { listStyleType: 'none', display: 'flex', alignItems: 'center', margin: 0, padding: 0 },
  item: { display: 'flex', alignItems: 'center', color: tokens.colorNeutralForeground2, textWrap: 'nowrap' },
  divider: { display: 'flex', fontSize: '12px', color: tokens.colorNeutralForeground2 },
  crumb: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, padding: `0 ${tokens.spacingHorizontalXS}` },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface PageHeaderProps {
  route: Pick<AppRoute, 'title' | 'trail'>;
  /** the page's actions (add, import, export …), right-aligned */
  actions?: ReactNode;
}

/** A page's title, its breadcrumb from the menu path (系统管理 / 用户管理) and its actions. */
export function PageHeader({ route, actions }: PageHeaderProps) {
  const s = useStyles();
  const path = [...route.trail, route.title];
  return (
    <header className={s.header}>
      <div>
        <nav aria-label={path.join(' / ')} className={s.crumbs}>
          <ol className={s.list}>
            {path.map((name, i) => (
              <Fragment key={`${i}:${name}`}>
                {i > 0 && (
                  <li className={s.divider} aria-hidden>
                    <ChevronRightRegular />
                  </li>
                )}
                <li className={s.item}>
                  <span className={s.crumb} aria-current={i === path.length - 1 ? 'page' : undefined}>
                    {name}
                  </span>
                </li>
              </Fragment>
            ))}
          </ol>
        </nav>
        <h1 className={s.title}>{route.title}</h1>
      </div>
      {actions && <div className={s.actions}>{actions}</div>}
    </header>
  );
}
