import { Breadcrumb, BreadcrumbDivider, BreadcrumbItem, makeStyles, tokens } from '@fluentui/react-components';
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
  crumbs: { marginBottom: tokens.spacingVerticalXS },
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
        <Breadcrumb aria-label={path.join(' / ')} size="small" className={s.crumbs}>
          {path.map((name, i) => (
            <Fragment key={`${i}:${name}`}>
              {i > 0 && <BreadcrumbDivider />}
              <BreadcrumbItem>
                <span className={s.crumb} aria-current={i === path.length - 1 ? 'page' : undefined}>
                  {name}
                </span>
              </BreadcrumbItem>
            </Fragment>
          ))}
        </Breadcrumb>
        <h1 className={s.title}>{route.title}</h1>
      </div>
      {actions && <div className={s.actions}>{actions}</div>}
    </header>
  );
}
