import { LineChart, VerticalBarChart } from '@fluentui/react-charts';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { MallStatistics } from '@/api/table/statistics.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { dayCallout, dayLabel, dayOf, splitToday, thinDays } from './chart-axis.ts';

const useStyles = makeStyles({
  legend: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontSize: tokens.fontSizeBase200 },
});

/**
 * The statistics page's charts, in their own chunk (Fluent UI's charts and d3 load after the figures' tables are
 * on screen). Colours are Fluent tokens, so the dark theme keeps them readable. The trend's axes stay readable: day
 * labels thinned to the width, rounded y ticks, and today (still filling) dashed and named in the legend.
 */
export default function MallCharts({ data, width, today }: { data: MallStatistics; width: number; today: string }) {
  const s = useStyles();
  const t = useT();
  const english = useLanguage()[0] === 'en';
  const series = [
    ['logins', t('statLogins'), tokens.colorPaletteBlueForeground2],
    ['operations', t('statOperations'), tokens.colorPaletteGreenForeground1],
    ['membersJoined', t('statMembersJoined'), tokens.colorPaletteMarigoldForeground1],
    ['writeOffs', t('statWriteOffs'), tokens.colorPaletteRedForeground1],
  ] as const;
  const { complete, partial } = splitToday(data.trend, today);
  const points = (days: typeof data.trend, key: (typeof series)[number][0]) =>
    days.map((d) => ({ x: dayOf(d.day), y: d[key], xAxisCalloutData: dayCallout(d.day, english) }));
  return (
    <>
      <ul className={s.legend} aria-label={t('statTrend')}>
        {series.map(([key, legend, color]) => (
          <li key={key} className={s.item}>
            <svg width="20" height="8" aria-hidden>
              <line x1="0" y1="4" x2="20" y2="4" stroke={color} strokeWidth="2" />
            </svg>
            {legend}
          </li>
        ))}
        {partial.length > 0 && (
          <li className={s.item}>
            <svg width="20" height="8" aria-hidden>
              <line x1="0" y1="4" x2="20" y2="4" stroke={tokens.colorNeutralForeground3} strokeWidth="2" strokeDasharray="4 3" />
            </svg>
            {t('statTodaySoFar')}
          </li>
        )}
      </ul>
      <LineChart
        width={width}
        height={300}
        hideLegend
        roundedTicks
        yAxisTickCount={5}
        tickValues={thinDays(
          data.trend.map((d) => d.day),
          width,
        ).map(dayOf)}
        customDateTimeFormatter={(date) => dayLabel(date, english)}
        data={{
          chartTitle: t('statTrend'),
          lineChartData: series.flatMap(([key, legend, color]) => [
            { legend, color, data: points(complete, key) },
            ...(partial.length
              ? [
                  {
                    legend: `${legend} · ${t('statTodaySoFar')}`,
                    color,
                    lineOptions: { strokeDasharray: '5 4' },
                    data: points(partial, key),
                  },
                ]
              : []),
          ]),
        }}
      />
      <VerticalBarChart
        width={width}
        height={280}
        chartTitle={t('statByStore')}
        hideLegend
        roundedTicks
        data={data.byStore.map((s) => ({ x: s.store, y: s.writeOffs, legend: s.store, color: tokens.colorBrandBackground }))}
      />
    </>
  );
}
