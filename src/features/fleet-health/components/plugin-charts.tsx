/** The plugin page's charts (recharts, on demand): flag mix over time, hook timings and failures over time. */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatDuration } from '../../../domain/format';
import { bucketLabel } from '../lib/health-series';
import { ChartCard, ChartEmpty } from '../../../components/charts/chart-card';
import { ChartTable } from '../../../components/charts/chart-parts';
import { AXIS_TICK, CHART } from '../../../components/charts/chart-theme';
import { SERIES_COLORS } from './health-charts';

const HEIGHT = 200;
const MARGIN = { top: 6, right: 12, bottom: 0, left: 0 };

export interface PluginChartsProps {
  series: readonly Schemas['PluginBucket'][];
}

interface BarSpec {
  key: string;
  name: string;
  color: string | undefined;
  /** Bars with the same stack id are stacked. */
  stack?: string;
}

/** Counts per time bucket as bars, on the plugin page's shared axes. */
function BucketBars({ data, bars }: { data: readonly object[]; bars: readonly BarSpec[] }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} margin={MARGIN}>
        <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} minTickGap={16} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} allowDecimals={false} />
        <Tooltip isAnimationActive={false} cursor={{ fill: CHART.cursor }} />
        <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
        {bars.map((bar) => (
          <Bar key={bar.key} dataKey={bar.key} name={bar.name} stackId={bar.stack} fill={bar.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function PluginCharts({ series }: PluginChartsProps) {
  const data = series.map((b) => ({ ...b, label: bucketLabel(b.start, b.end), good: b.flags.good, bad: b.flags.bad, neutral: b.flags.neutral, unrated: b.flags.unrated }));
  const empty = series.every((b) => b.events === 0) ? <ChartEmpty>No event of this plugin in this range.</ChartEmpty> : undefined;
  const bucket = { header: 'Bucket start', cell: (b: Schemas['PluginBucket']) => b.start.slice(0, 16).replace('T', ' ') };
  return (
    <div className="stats-grid health-grid plugin-grid">
      <ChartCard
        title="Flag mix over time"
        unit="events per bucket by operator flag"
        description="The plugin's events per time bucket, stacked by the operator's flag."
        height={HEIGHT}
        empty={empty}
        chart={
          <BucketBars
            data={data}
            bars={[
              { key: 'good', name: 'good', color: SERIES_COLORS[2], stack: 'f' },
              { key: 'bad', name: 'bad', color: SERIES_COLORS[3], stack: 'f' },
              { key: 'neutral', name: 'neutral', color: SERIES_COLORS[4], stack: 'f' },
              { key: 'unrated', name: 'unrated', color: CHART.grid, stack: 'f' },
            ]}
          />
        }
        table={
          <ChartTable
            caption="Flag mix per bucket"
            rowKey={(b) => b.start}
            rows={series}
            columns={[
              bucket,
              { header: 'Good', align: 'end', cell: (b) => formatCount(b.flags.good) },
              { header: 'Bad', align: 'end', cell: (b) => formatCount(b.flags.bad) },
              { header: 'Neutral', align: 'end', cell: (b) => formatCount(b.flags.neutral) },
              { header: 'Unrated', align: 'end', cell: (b) => formatCount(b.flags.unrated) },
            ]}
          />
        }
      />
      <ChartCard
        title="Hook timings over time"
        unit="milliseconds per bucket (p50, p95)"
        description="The plugin's hook call durations per time bucket."
        height={HEIGHT}
        empty={empty}
        chart={
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <LineChart data={data} margin={MARGIN}>
              <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />
              <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} minTickGap={16} />
              <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={52} tickFormatter={formatDuration} />
              <Tooltip isAnimationActive={false} />
              <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
              <Line dataKey="p50_ms" name="p50" stroke={SERIES_COLORS[0]} dot={false} isAnimationActive={false} />
              <Line dataKey="p95_ms" name="p95" stroke={SERIES_COLORS[1]} dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        }
        table={
          <ChartTable
            caption="Hook timings per bucket"
            rowKey={(b) => b.start}
            rows={series}
            columns={[bucket, { header: 'p50', align: 'end', cell: (b) => formatDuration(b.p50_ms) }, { header: 'p95', align: 'end', cell: (b) => formatDuration(b.p95_ms) }]}
          />
        }
      />
      <ChartCard
        title="Failures over time"
        unit="per bucket: hook errors, failed compactions, fallbacks"
        description="The plugin's hook errors, failures and fallbacks per time bucket."
        height={HEIGHT}
        empty={empty}
        chart={
          <BucketBars
            data={data}
            bars={[
              { key: 'hook_errors', name: 'hook errors', color: SERIES_COLORS[3] },
              { key: 'failures', name: 'failures', color: SERIES_COLORS[4] },
              { key: 'fallbacks', name: 'fallbacks', color: SERIES_COLORS[1] },
            ]}
          />
        }
        table={
          <ChartTable
            caption="Failures per bucket"
            rowKey={(b) => b.start}
            rows={series}
            columns={[
              bucket,
              { header: 'Hook errors', align: 'end', cell: (b) => formatCount(b.hook_errors) },
              { header: 'Failures', align: 'end', cell: (b) => formatCount(b.failures) },
              { header: 'Fallbacks', align: 'end', cell: (b) => formatCount(b.fallbacks) },
            ]}
          />
        }
      />
    </div>
  );
}
