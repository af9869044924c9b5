import { FigureTable, type FigureColumn } from './figure-table.tsx';
import { DayPicker } from '@/kit/form/controls/day-picker.tsx';
import { Button, Card, Field, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import type { MallStatistics } from '@/api/table/statistics.ts';
import { ApiFailure } from '@/api/errors.ts';
import { statisticsApi } from '@/api/table/statistics.ts';
import { formatInstant } from '@/lib/time.ts';
import { unreadText } from '@/lib/days.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { useTimeZone } from '@/shell/time-zone.ts';
import { useNotify } from '@/shell/toast.tsx';
import { PageHeader } from '@/kit/page/page-header.tsx';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { saveSheet } from '@/lib/save-sheet.ts';

const MallCharts = lazy(() => import('./mall-charts.tsx'));

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  figure: { padding: tokens.spacingHorizontalM },
  value: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  label: { color: tokens.colorNeutralForeground2 },
  charts: { minHeight: '300px', marginBottom: tokens.spacingVerticalL },
  tables: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: tokens.spacingHorizontalL },
  trend: { maxHeight: '360px', overflowY: 'auto' },
});

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * 数据中心 › 商城统计 (the spec's fixed route): trends over a chosen range of days (sign-ins, operations, members
 * joined, coupons written off), write-offs by store and the top coupons, as charts and as tables, with an export of
 * the figures. Days are the tenant's (its time zone).
 */
export default function MallStatisticsView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const notify = useNotify();
  const zone = useTimeZone();
  const calls = useBound(statisticsApi);
  const today = formatInstant(new Date(), zone, 'date');
  const [range, setRange] = useState({ from: shift(today, -29), to: today });
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [data, setData] = useState<MallStatistics | null>(null);
  const [loading, setLoading] = useState(true);
  const chartsBox = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);

  useEffect(() => {
    const el = chartsBox.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.max(320, Math.floor(entry.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, [data !== null]);

  const load = useCallback(() => {
    setLoading(true);
    calls.mall({ from: range.from, to: range.to }, { fieldErrors: true }).then(
      ({ values: d }) => {
        setData(d);
        setProblem(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (err instanceof ApiFailure && err.failure.field) setProblem({ field: err.failure.field, message: err.failure.message });
        setLoading(false);
      },
    );
  }, [calls, range]);
  useEffect(load, [load]);

  const apply = () => {
    const unread = (['from', 'to'] as const).find((k) => unreadText(draft[k]) !== null);
    if (unread) return setProblem({ field: unread, message: t('dayInvalid', { text: unreadText(draft[unread])! }) });
    if (!draft.from || !draft.to) return setProblem({ field: draft.from ? 'to' : 'from', message: t('statPickDays') });
    if (draft.from > draft.to) return setProblem({ field: 'to', message: t('statToBeforeFrom') });
    setProblem(null);
    setRange(draft);
  };
  const preset = (days: number) => {
    const next = { from: shift(today, -(days - 1)), to: today };
    setDraft(next);
    setRange(next);
  };

  // One declaration per table: the trend's serves its table and the export.
  const trendColumns: FigureColumn<MallStatistics['trend'][number], string | number>[] = [
    [t('statDay'), (d) => d.day],
    [t('statLogins'), (d) => d.logins],
    [t('statOperations'), (d) => d.operations],
    [t('statMembersJoined'), (d) => d.membersJoined],
    [t('statWriteOffs'), (d) => d.writeOffs],
  ];
  const storeColumns: FigureColumn<MallStatistics['byStore'][number]>[] = [
    [t('statStore'), (r) => r.store],
    [t('statWriteOffs'), (r) => r.writeOffs],
    [t('statAmount'), (r) => r.amount.toFixed(2)],
  ];
  const couponColumns: FigureColumn<MallStatistics['topCoupons'][number]>[] = [
    [t('statCoupon'), (r) => r.coupon],
    [t('statWriteOffs'), (r) => r.writeOffs],
  ];

  const exportFigures = async () => {
    if (!data) return;
    try {
      await saveSheet({
        fileName: `商城统计-${data.from}-${data.to}.xlsx`,
        columns: trendColumns.map(([heading]) => heading),
        rows: data.trend.map((d) => trendColumns.map(([, cell]) => cell(d))),
      });
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), 'error');
    }
  };

  const totals = data
    ? ([
        [t('statLogins'), data.totals.logins],
        [t('statOperations'), data.totals.operations],
        [t('statMembersJoined'), data.totals.membersJoined],
        [t('statWriteOffs'), data.totals.writeOffs],
      ] as const)
    : [];

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button onClick={() => void exportFigures()} disabled={!data}>
            {t('exportButton')}
          </Button>
        }
      />
      <form
        className={s.bar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Field
          label={t('statFrom')}
          validationState={problem?.field === 'from' ? 'error' : undefined}
          validationMessage={problem?.field === 'from' ? problem.message : undefined}
        >
          <DayPicker value={draft.from} max={today} onChange={(from) => setDraft({ ...draft, from })} />
        </Field>
        <Field
          label={t('statTo')}
          validationState={problem?.field === 'to' ? 'error' : undefined}
          validationMessage={problem?.field === 'to' ? problem.message : undefined}
        >
          <DayPicker value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        </Field>
        <Button type="submit" appearance="primary">
          {t('search')}
        </Button>
        <Button onClick={() => preset(7)}>{t('statLastDays', { days: 7 })}</Button>
        <Button onClick={() => preset(30)}>{t('statLastDays', { days: 30 })}</Button>
        <Button onClick={() => preset(90)}>{t('statLastDays', { days: 90 })}</Button>
      </form>
      {loading && !data && <Spinner label={t('loading')} />}
      {data && (
        <>
          <div className={s.figures} aria-busy={loading}>
            {totals.map(([label, value]) => (
              <Card key={label} className={s.figure} role="group" aria-label={`${label} ${value}`}>
                <div className={s.value}>{value.toLocaleString()}</div>
                <div className={s.label}>{label}</div>
              </Card>
            ))}
          </div>
          <div ref={chartsBox} className={s.charts}>
            <Suspense fallback={<Spinner label={t('loading')} />}>
              <MallCharts data={data} width={width} today={today} />
            </Suspense>
          </div>
          <div className={s.tables}>
            <FigureTable caption={t('statByStore')} rows={data.byStore} columns={storeColumns} />
            <FigureTable caption={t('statTopCoupons')} rows={data.topCoupons} columns={couponColumns} />
            <div className={s.trend} tabIndex={0} role="region" aria-label={t('statTrend')}>
              <FigureTable caption={t('statTrend')} rows={[...data.trend].reverse()} columns={trendColumns} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
