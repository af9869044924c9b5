import { Button, Spinner, makeStyles, shorthands, tokens } from '@fluentui/react-components';
import type { ComponentProps, ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DashboardFigures } from '@/api/table/statistics.ts';
import { statisticsApi } from '@/api/table/statistics.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useFormatInstant } from '@/shell/time-zone.ts';
import { usePageSections, usePageTitles } from '@/shell/session/page-path.ts';
import { PageHeader } from '@/kit/page/page-header.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { OutcomeBadge } from '../logs/index.ts';
import { localLabel } from '@/api/contract/language.ts';
import type { ViewProps } from '../view-props.ts';

const useStyles = makeStyles({
  // Plain elements in Fluent's tokens: the landing page is part of the first paint, Fluent's Card and Link are not.
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { ...shorthands.outline('2px', 'solid', tokens.colorStrokeFocus2), borderRadius: tokens.borderRadiusSmall },
  },
  subtle: { color: 'inherit', textDecorationLine: 'none', display: 'block' },
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: {
    backgroundColor: tokens.colorNeutralBackground1,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.spacingHorizontalL },
  figure: { padding: tokens.spacingHorizontalL },
  value: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero800 },
  label: { color: tokens.colorNeutralForeground2 },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  section: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  h2: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  areas: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: tokens.spacingVerticalS },
  quick: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

function Card({ className, children, ...rest }: ComponentProps<'div'> & { children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={`${s.card} ${className ?? ''}`} {...rest}>
      {children}
    </div>
  );
}

function Link({ href, appearance, children }: { href: string; appearance?: 'subtle'; children: ReactNode }) {
  const s = useStyles();
  return (
    <a href={href} className={appearance === 'subtle' ? s.subtle : s.link}>
      {children}
    </a>
  );
}

/** A figure that links to the page behind it when the user holds that page. */
function Figure({ label, value, href }: { label: string; value: number; href: string | null }) {
  const s = useStyles();
  const body = (
    <>
      <div className={s.value}>{value.toLocaleString()}</div>
      <div className={s.label}>{label}</div>
    </>
  );
  return (
    <Card className={s.figure} role="group" aria-label={`${label} ${value}`}>
      {href ? (
        <Link href={`#${href}`} appearance="subtle">
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

/**
 * 工作台 (data-statistics/dashboard), the page every user lands on: who is online, today's sign-ins and
 * operations, the tenant's records per business area, recent operations, the user's most used pages and failed
 * task runs. Every figure comes from the database and links to its page.
 */
export default function DashboardView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const [language] = useLanguage();
  const formatInstant = useFormatInstant();
  const titleOf = usePageTitles();
  const calls = useBound(statisticsApi);
  const [data, setData] = useState<DashboardFigures | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    calls.dashboard({}).then(
      (a) => setData(a.values),
      () => setFailed(true),
    );
  }, [calls]);
  useEffect(load, [load]);

  const sectionOf = usePageSections();
  // grouped under their sections as the menu names them, in the console's language (the server names them in Chinese)
  const byArea = useMemo(() => {
    const groups = new Map<string, DashboardFigures['areas']>();
    for (const a of data?.areas ?? []) {
      const area = sectionOf(a.path, a.area);
      // a table by its name in the console's language (its English where it has one)
      const label = localLabel(a, language === 'en');
      groups.set(area, [...(groups.get(area) ?? []), { ...a, label }]);
    }
    return [...groups];
  }, [data, sectionOf, language]);

  return (
    <section className={s.page} aria-label={route.title}>
      <div className={s.head}>
        <PageHeader
          route={route}
          actions={
            <Button onClick={load} disabled={!data && !failed}>
              {t('refresh')}
            </Button>
          }
        />
      </div>
      {!data && !failed && <Spinner label={t('loading')} />}
      {failed && !data && (
        <Card className={s.section}>
          <p>{t('loadFailed')}</p>
          <Button onClick={load}>{t('reload')}</Button>
        </Card>
      )}
      {data && (
        <>
          <div className={s.figures}>
            {data.online !== null && (
              <Figure label={t('dashOnline')} value={data.online} href={data.links.logs && `${data.links.logs}?tab=loginInfo`} />
            )}
            {data.loginsToday !== null && (
              <Figure label={t('dashLogins')} value={data.loginsToday} href={data.links.logs && `${data.links.logs}?tab=logins`} />
            )}
            {data.failedLoginsToday !== null && (
              <Figure
                label={t('dashFailedLogins')}
                value={data.failedLoginsToday}
                href={data.links.logs && `${data.links.logs}?tab=logins&result=failure`}
              />
            )}
            <Figure
              label={t('dashOperations')}
              value={data.operationsToday}
              href={data.links.logs && `${data.links.logs}?tab=operations`}
            />
          </div>
          <div className={s.columns}>
            <Card className={s.section} role="region" aria-label={t('dashAreas')}>
              <h2 className={s.h2}>{t('dashAreas')}</h2>
              {byArea.length === 0 && <p className={s.muted}>{t('none')}</p>}
              {byArea.map(([area, tables]) => (
                <div key={area}>
                  <div className={s.muted}>{area}</div>
                  <div className={s.areas}>
                    {tables.map((a) => (
                      <div key={a.component} className={s.row}>
                        {a.path ? <Link href={`#${a.path}`}>{a.label}</Link> : <span>{a.label}</span>}
                        {a.countEstimated ? (
                          <span aria-label={`${a.label} ${t('dashAreaEstimated', { count: a.count })}`} title={t('dashAreaEstimatedHint')}>
                            {t('dashAreaEstimated', { count: a.count.toLocaleString() })}
                          </span>
                        ) : (
                          <span aria-label={`${a.label} ${a.count}`}>{a.count.toLocaleString()}</span>
                        )}
                      </div>
                    ))}
                  </div>
                </div>
              ))}
            </Card>
            <div className={s.page}>
              <Card className={s.section} role="region" aria-label={t('dashQuick')}>
                <h2 className={s.h2}>{t('dashQuick')}</h2>
                <div className={s.quick}>
                  {data.quick.map((q) => (
                    <Button key={q.path} as="a" href={`#${q.path}`} size="small">
                      {titleOf(q.path, q.name)}
                    </Button>
                  ))}
                </div>
              </Card>
              <Card className={s.section} role="region" aria-label={t('dashRecent')}>
                <h2 className={s.h2}>{t('dashRecent')}</h2>
                {data.recent.length === 0 && <p className={s.muted}>{t('none')}</p>}
                <ul className={s.list}>
                  {data.recent.map((r, i) => (
                    <li key={i} className={s.row}>
                      <span title={r.refusal || undefined}>
                        <OutcomeBadge outcome={r.outcome} /> {r.user} · {r.name}
                        {r.page && !r.name.includes(r.page) ? ` · ${r.page}` : ''}
                      </span>
                      <span className={s.muted}>{formatInstant(r.at, 'minutes')}</span>
                    </li>
                  ))}
                </ul>
                {data.links.logs && <Link href={`#${data.links.logs}?tab=operations`}>{t('dashAllOperations')}</Link>}
              </Card>
              {data.pendingAudits && data.pendingAudits.count > 0 && (
                <Card className={s.section} role="region" aria-label={t('dashPendingAudits')}>
                  <h2 className={s.h2}>{t('dashPendingAudits')}</h2>
                  <p>
                    {t('dashPendingAuditsCount', { count: data.pendingAudits.count })}
                    {data.pendingAudits.names.length > 0 && <span className={s.muted}> {data.pendingAudits.names.join('、')}</span>}
                  </p>
                  <Link href={`#${data.pendingAudits.path}`}>{t('dashOpenAudits')}</Link>
                </Card>
              )}
              {data.failedTasks && (
                <Card className={s.section} role="region" aria-label={t('dashFailedTasks')}>
                  <h2 className={s.h2}>{t('dashFailedTasks')}</h2>
                  {data.failedTasks.length === 0 && <p className={s.muted}>{t('dashNoFailedTasks')}</p>}
                  <ul className={s.list}>
                    {data.failedTasks.map((f, i) => (
                      <li key={i}>
                        <span className={s.failed}>{f.task}</span> <span className={s.muted}>{formatInstant(f.at, 'minutes')}</span>
                        <div className={s.muted}>{f.message}</div>
                      </li>
                    ))}
                  </ul>
                  {data.links.tasks && <Link href={`#${data.links.tasks}`}>{t('dashOpenTasks')}</Link>}
                </Card>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
