import { LineChart, VerticalBarChart } from '@fluentui/react-charts';
import { tokens } from '@fluentui/react-components';
import type { MallStatistics } from '../../api/contract.ts';
import { useT } from '../../i18n/use-t.ts';

/**
 * The statistics page's charts, in their own chunk (Fluent UI's charts and d3 load after the figures' tables are
 * on screen). Colours are Fluent tokens, so the dark theme keeps them readable.
 */
export default function MallCharts({ data, width }: { data: MallStatistics; width: number }) {
  const t = useT();
  const series = [
    ['logins', t('statLogins'), tokens.colorPaletteBlueForeground2],
    ['operations', t('statOperations'), tokens.colorPaletteGreenForeground1],
    ['membersJoined', t('statMembersJoined'), tokens.colorPaletteMarigoldForeground1],
    ['writeOffs', t('statWriteOffs'), tokens.colorPaletteRedForeground1],
  ] as const;
  return (
    <>
      <LineChart
        width={width}
        height={300}
        data={{
          chartTitle: t('statTrend'),
          lineChartData: series.map(([key, legend, color]) => ({
            legend,
            color,
            data: data.trend.map((d) => ({ x: new Date(`${d.day}T00:00:00`), y: d[key] })),
          })),
        }}
      />
      <VerticalBarChart
        width={width}
        height={280}
        chartTitle={t('statByStore')}
        hideLegend
        data={data.byStore.map((s) => ({ x: s.store, y: s.writeOffs, legend: s.store, color: tokens.colorBrandBackground }))}
      />
    </>
  );
}
